import type { ShownAtA } from '../domain';
import type { TaskDisagreement } from './disagreement-rule';

/**
 * What a task kind declares about itself. One module per kind (shared/kinds/rating.ts, preference.ts)
 * exports one of these; shared/kinds/task-kinds.ts lists them, and that list is the TaskKind union.
 */
export interface TaskKindSpec {
  /**
   * Whether the kind shows the item's reference answer beside a model's: such a task can only be sampled
   * from items that have a reference, and two of them on one item would mark it to the rater.
   */
  showsReference: boolean;
  /**
   * What a task of the kind shows at A and B, the A drawn per rater and per adjudication task: the model's
   * answer and the reference, or a pair's first and second output; null for a kind that shows one answer.
   */
  sides: readonly [ShownAtA, ShownAtA] | null;
  /** What of its answers adjudication compares across raters (shared/adjudication/disagreement.ts). */
  disagreement: TaskDisagreement;
}
