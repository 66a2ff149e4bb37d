import type { TaskKind } from '../../../shared/domain';
import type { DimensionKind } from '../../../shared/kinds/dimension-kinds';

export const KIND_TITLES: Record<TaskKind, string> = {
  rating: 'Rating answers',
  preference: 'Preferences (A or B)',
  pairwise: 'Comparisons (A or B)',
};
export const KIND_NOUNS: Record<TaskKind, string> = {
  rating: 'Rating',
  preference: 'Preference',
  pairwise: 'Comparison',
};
export const DIMENSION_KIND_NAMES: Record<DimensionKind, string> = {
  likert: 'Likert',
  binary: 'Binary',
  ordinal: 'Ordinal',
  nominal: 'Nominal',
};
