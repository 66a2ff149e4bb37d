import type { AdjudicationDisputeView } from '../api';
import type { Rubric } from '../rubric';

/**
 * The rubric an adjudication task is rated on: only its disputed dimensions, in rubric order, and no
 * conditions (the adjudicator settles those dimensions, not a new rating: docs/adjudication.md). Its
 * pairwise aspects are the disputed ones too, so no aspect names a dimension this rubric no longer has; none
 * disputed, it asks none (a rubric's aspect list is never empty). A task without disputes (a rater's) keeps
 * the study's rubric. Type imports only, so the renderer bundles no zod.
 */
export function disputedRubric(rubric: Rubric, disputes: readonly AdjudicationDisputeView[] | undefined): Rubric {
  if (!disputes) return rubric;
  const disputed = new Set(disputes.map((d) => d.dimension));
  const aspects = (rubric.pairwise?.aspects ?? []).filter((key) => disputed.has(key));
  return {
    ...rubric,
    dimensions: rubric.dimensions.filter((d) => disputed.has(d.key)),
    conditions: [],
    pairwise: aspects.length > 0 ? { aspects } : undefined,
  };
}
