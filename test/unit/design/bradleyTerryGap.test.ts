/**
 * The Bradley–Terry gap width a plan predicts from the Fisher information: (1) equal to an independent
 * numpy computation (make_plan_reference.py: numpy.linalg.pinv of the information), and (2) on simulated
 * pairwise studies (items × distinct model pairs per item × raters, pairs dealt as balancedPairs deals
 * them), as wide as the Wald intervals of the fitted studies and covering the true gap at about 95%.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  balancedComparisons,
  closestPair,
  logStrengthGapVariance,
  logStrengthGapWidth,
} from '../../../shared/design/bradleyTerryGap';
import { balancedPairs } from '../../../shared/pairwise-sampling';
import { createPrng, type Prng } from '../../../shared/prng';
import { bradleyTerry, type PairwiseJudgement } from '../../../shared/stats/bradleyTerry';

interface GapCase {
  logStrengths: number[];
  comparisons: number[];
  pair: [number, number];
  variance: number;
  width: number;
}
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/design/plan_reference.json', import.meta.url), 'utf8'),
) as { bradleyTerryGap: GapCase[] };

describe('Bradley–Terry gap width from the Fisher information', () => {
  it.each(reference.bradleyTerryGap.map((c, k) => [k, c] as const))(
    'equals numpy pinv of the information (case %i)',
    (_, c) => {
      const counts = Float64Array.from(c.comparisons);
      expect(logStrengthGapVariance(c.logStrengths, counts, ...c.pair)).toBeCloseTo(c.variance, 12);
      expect(logStrengthGapWidth(c.logStrengths, counts, ...c.pair)).toBeCloseTo(c.width, 12);
    },
  );

  it('gives no width when the comparisons do not connect every model', () => {
    const counts = new Float64Array(16);
    counts[0 * 4 + 1] = counts[1 * 4 + 0] = 30; // 0–1 and 2–3 compared, never across
    counts[2 * 4 + 3] = counts[3 * 4 + 2] = 30;
    expect(logStrengthGapWidth([0.2, -0.2, 0.1, -0.1], counts, 0, 2)).toBeNull();
    expect(logStrengthGapWidth([0.2, -0.2, 0.1, -0.1], counts, 0, 1)).toBeNull(); // two scales: no joint estimate
    counts[1 * 4 + 2] = counts[2 * 4 + 1] = 1; // one comparison across joins them
    expect(logStrengthGapWidth([0.2, -0.2, 0.1, -0.1], counts, 0, 2)).not.toBeNull();
  });

  it('picks the two models closest in strength', () => {
    expect(closestPair([0.9, 0.1, -0.6, 0.25])).toEqual([1, 3]);
  });
});

describe('Bradley–Terry gap width on simulated pairwise studies', () => {
  const truth = [0.4, 0.1, 0, -0.5];
  const [i, j] = closestPair(truth); // models 1 and 2, 0.1 apart
  const items = 40;
  const pairsPerItem = 3;
  const raters = 2;
  const predicted = logStrengthGapWidth(truth, balancedComparisons(4, items * pairsPerItem * raters), i, j)!;

  function simulatedStudy(prng: Prng): PairwiseJudgement[] {
    const judgements: PairwiseJudgement[] = [];
    balancedPairs(items, truth.length, pairsPerItem, prng).forEach((pairs, unit) => {
      for (const [a, b] of pairs) {
        const beats = 1 / (1 + Math.exp(truth[b]! - truth[a]!));
        for (let r = 0; r < raters; r++) judgements.push({ unit, a, b, scoreA: prng.nextFloat() < beats ? 1 : 0 });
      }
    });
    return judgements;
  }

  it('predicts the Wald width of the fitted studies within 5% and covers the true gap in 93–97% of 400 studies', () => {
    const prng = createPrng(2323);
    const widths: number[] = [];
    let covered = 0;
    for (let s = 0; s < 400; s++) {
      const judgements = simulatedStudy(prng);
      const fitted = bradleyTerry(truth.length, judgements).logStrengths as number[];
      const counts = new Float64Array(16);
      for (const { a, b } of judgements) {
        counts[a * 4 + b]! += 1;
        counts[b * 4 + a]! += 1;
      }
      const width = logStrengthGapWidth(fitted, counts, i, j)!;
      widths.push(width);
      if (Math.abs(fitted[i]! - fitted[j]! - (truth[i]! - truth[j]!)) <= width / 2) covered++;
    }
    const meanWidth = widths.reduce((sum, w) => sum + w, 0) / widths.length;
    expect(meanWidth / predicted).toBeGreaterThan(0.95);
    expect(meanWidth / predicted).toBeLessThan(1.05);
    expect(covered / 400).toBeGreaterThanOrEqual(0.93);
    expect(covered / 400).toBeLessThanOrEqual(0.97);
  });
});
