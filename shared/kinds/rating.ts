import type { TaskKindSpec } from './task-kind';

/** Rating: one model answer, one value per rubric dimension. */
export const rating: TaskKindSpec = {
  showsReference: false,
  sides: null,
  disagreement: { judged: 'rubric dimensions' },
};
