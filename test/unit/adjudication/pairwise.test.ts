/**
 * Pairwise splits in adjudication (docs/adjudication.md): the unit is a pair of outputs and a dimension (the
 * overall choice, or an aspect, which carries a rubric dimension's key but is a choice between two answers);
 * any difference disputes; a round packs each split pair once, its A drawn afresh, the raters' outcomes
 * shown as the sides of that A.
 */
import { describe, expect, it } from 'vitest';
import { countedDimension, findDisputes, judgeUnits } from '../../../shared/adjudication/disagreement';
import { planAdjudicationRound, valueAsShown } from '../../../shared/adjudication/round';
import { countedDimensionLabel, tallyDisputes } from '../../../shared/adjudication/tally';
import { resolvePairOutcome } from '../../../shared/package-contents';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { pairwise, rating } from './judgements';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';

const DIMENSIONS = MEDISUMQA_RUBRIC.dimensions;

describe('judging pairwise choices', () => {
  it('disputes any split, on an aspect too, though the same key on a Likert scale would need 2 steps', () => {
    const units = judgeUnits(DIMENSIONS, [
      pairwise(1, 2, 10, { pairwise: 'first', factuality: 'first' }),
      pairwise(1, 2, 11, { pairwise: 'first', factuality: 'second' }),
      rating(1, 10, { factuality: 3 }),
      rating(1, 11, { factuality: 4 }),
    ]);
    const disputed = units.filter((u) => u.disputed).map((u) => [u.taskKind, u.dimension]);
    expect(disputed).toEqual([['pairwise', 'factuality']]);
  });

  it('keeps two pairs that share an output apart, and a tie against a choice is a split', () => {
    const disputes = findDisputes(DIMENSIONS, [
      pairwise(1, 2, 10, { pairwise: 'first' }),
      pairwise(1, 2, 11, { pairwise: 'first' }),
      pairwise(1, 3, 10, { pairwise: 'tie' }),
      pairwise(1, 3, 11, { pairwise: 'second' }),
    ]);
    expect(disputes.map((u) => [u.outputId, u.outputBId, u.dimension])).toEqual([[1, 3, 'pairwise']]);
  });

  it("lists the overall choice first, then the aspects in the rubric's order, whatever order they came in", () => {
    const units = judgeUnits(DIMENSIONS, [
      pairwise(1, 2, 10, { relevance: 'first', factuality: 'second', pairwise: 'tie' }),
      pairwise(1, 2, 11, { factuality: 'second', pairwise: 'tie', relevance: 'first' }),
    ]);
    expect(units.map((u) => u.dimension)).toEqual(['pairwise', 'factuality', 'relevance']);
  });

  it('counts an aspect apart from the rating dimension of its key, and names it so', () => {
    expect(countedDimension({ taskKind: 'pairwise', dimension: 'pairwise' })).toBe('pairwise');
    expect(countedDimension({ taskKind: 'pairwise', dimension: 'factuality' })).toBe('pairwise:factuality');
    expect(countedDimension({ taskKind: 'rating', dimension: 'factuality' })).toBe('factuality');
    expect(countedDimension({ taskKind: 'preference', dimension: 'preference' })).toBe('preference');
    expect(countedDimensionLabel('pairwise:factuality', DIMENSIONS)).toBe('Pairwise: Factuality');
    expect(countedDimensionLabel('pairwise', DIMENSIONS)).toBe('Pairwise');
    expect(countedDimensionLabel('factuality', DIMENSIONS)).toBe('Factuality');
    expect(countedDimensionLabel('unknown_key', DIMENSIONS)).toBe('unknown_key');
    const tally = tallyDisputes(
      DIMENSIONS,
      judgeUnits(DIMENSIONS, [
        pairwise(1, 2, 10, { pairwise: 'first', factuality: 'first' }),
        pairwise(1, 2, 11, { pairwise: 'second', factuality: 'second' }),
        rating(1, 10, { factuality: 1 }),
        rating(1, 11, { factuality: 5 }),
      ]),
      { likert: 2, ordinal: 1, binary: null, nominal: null },
    );
    const row = (dimension: string) => tally.dimensions.find((d) => d.dimension === dimension)!;
    expect(row('factuality')).toMatchObject({ label: 'Factuality', compared: 1, disputes: 1 });
    expect(row('pairwise:factuality')).toMatchObject({ label: 'Pairwise: Factuality', compared: 1, disputes: 1 });
    expect(row('pairwise')).toMatchObject({ label: 'Pairwise', compared: 1, disputes: 1 });
    // One rating task and one pairwise task: two tasks for the adjudicator.
    expect(tally.tasks).toBe(2);
  });
});

describe('a round of pairwise splits', () => {
  const judgements = Array.from({ length: 40 }, (_, pair) =>
    [10, 11, 12].map((rater) =>
      pairwise(2 * pair + 1, 2 * pair + 2, rater, {
        pairwise: (['first', 'second', 'tie'] as const)[(pair + rater) % 3]!,
      }),
    ),
  ).flat();
  const draws = {
    order: createPrng(1),
    task: (kind: string, outputId: number, outputBId: number | null) =>
      createPrng(deriveSeed(7, `${kind}/${outputId}/${outputBId}`)),
  };
  const plans = planAdjudicationRound(findDisputes(DIMENSIONS, judgements), draws);

  it('packs each split pair once with its second output, its A drawn as the first or the second output', () => {
    expect(plans).toHaveLength(40);
    expect(new Set(plans.map((p) => `${p.outputId}/${p.outputBId}`)).size).toBe(40);
    expect(plans.every((p) => p.outputBId === p.outputId + 1)).toBe(true);
    const atA = plans.map((p) => p.presentedA);
    expect(new Set(atA)).toEqual(new Set(['first', 'second']));
    // Drawn, not alternating or fixed: neither side takes more than three quarters of 40 tasks.
    expect(atA.filter((a) => a === 'first').length).toBeGreaterThan(10);
    expect(atA.filter((a) => a === 'first').length).toBeLessThan(30);
  });

  it("shows each rater's outcome as the side it falls on, and the adjudicator's side resolves back to it", () => {
    for (const plan of plans) {
      for (const { value } of plan.disputes[0]!.shown) {
        const side = valueAsShown(value, plan.presentedA);
        expect(side).toBe(value === 'tie' ? 'T' : value === plan.presentedA ? 'A' : 'B');
        expect(resolvePairOutcome(side as 'A' | 'B' | 'T', plan.presentedA as 'first' | 'second')).toBe(value);
      }
    }
  });
});
