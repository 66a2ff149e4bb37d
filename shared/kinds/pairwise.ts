import type { TaskKindSpec } from './task-kind';

/**
 * Pairwise: two models' answers to one item, shown as A and B in a drawn order; the rater prefers one or
 * calls a tie, and may mark both unacceptable. The reference is not shown, so any item every compared model
 * answered may be drawn.
 */
export const pairwise: TaskKindSpec = {
  showsReference: false,
  // A split choice is a disagreement; adjudication rounds do not yet read pairwise answers (docs/adjudication.md).
  disagreement: { judged: 'choice', dimension: 'pairwise' },
};
