/**
 * The rubric an adjudication task is rated on (shared/adjudication/disputed-rubric.ts): only the disputed
 * dimensions, and on a pairwise task only the disputed aspects, so it is still a rubric the schema accepts
 * (no aspect naming a dropped dimension, no empty aspect list).
 */
import { describe, expect, it } from 'vitest';
import type { AdjudicationDisputeView } from '../../../shared/api';
import { disputedRubric } from '../../../shared/adjudication/disputed-rubric';
import { pairwiseAspects } from '../../../shared/kinds/pairwise';
import { MEDISUMQA_RUBRIC, rubricSchema } from '../../../shared/rubric';

const WITH_ASPECTS = {
  ...MEDISUMQA_RUBRIC,
  pairwise: { aspects: ['factuality', 'patient_friendliness', 'relevance'] },
};

const disputes = (...dimensions: string[]): AdjudicationDisputeView[] =>
  dimensions.map((dimension) => ({ dimension, shown: [], reason: null, guidelineGap: false }));

describe('disputedRubric on a pairwise task', () => {
  it('keeps the disputed aspects only, in rubric order, and stays a valid rubric', () => {
    const rubric = disputedRubric(WITH_ASPECTS, disputes('pairwise', 'relevance', 'factuality'));
    expect(rubric.pairwise).toEqual({ aspects: ['factuality', 'relevance'] });
    expect(pairwiseAspects(rubric).map((d) => d.key)).toEqual(['factuality', 'relevance']);
    expect(rubricSchema.safeParse(rubric).success).toBe(true);
  });

  it('asks no aspect when only the overall choice is disputed', () => {
    const rubric = disputedRubric(WITH_ASPECTS, disputes('pairwise'));
    expect(rubric.pairwise).toBeUndefined();
    expect(rubric.dimensions).toEqual([]);
  });

  it("keeps a rater's rubric as it is", () => {
    expect(disputedRubric(WITH_ASPECTS, undefined)).toBe(WITH_ASPECTS);
  });
});
