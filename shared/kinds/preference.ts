import type { TaskKindSpec } from './task-kind';

/** Preference: a model answer against its item's reference, shown as A and B in a drawn order. */
export const preference: TaskKindSpec = {
  showsReference: true,
  sides: ['model', 'reference'],
  disagreement: { judged: 'choice', dimension: 'preference' },
};
