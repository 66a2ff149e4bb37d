import type { TaskKind } from '../../../shared/domain';

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
