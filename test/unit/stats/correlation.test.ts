import { describe, expect, it } from 'vitest';
import { kendallTauB, pearson, spearman } from '../../../shared/stats';
import { closeOrNull, reference } from './fixtures';

/** Tau-b straight from its definition, O(n²), to check the O(n log n) implementation on awkward data. */
function kendallTauBByPairs(x: number[], y: number[]): number {
  let concordantMinusDiscordant = 0;
  let untiedX = 0;
  let untiedY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      concordantMinusDiscordant += dx * dy;
      untiedX += Math.abs(dx);
      untiedY += Math.abs(dy);
    }
  }
  return concordantMinusDiscordant / Math.sqrt(untiedX * untiedY);
}

describe('correlations against scipy', () => {
  for (const { name, x, y, expected } of reference.correlations) {
    it(`pearson matches scipy.stats.pearsonr on ${name}`, () => closeOrNull(pearson(x, y), expected.pearson));
    it(`spearman matches scipy.stats.spearmanr on ${name}`, () => closeOrNull(spearman(x, y), expected.spearman));
    it(`kendallTauB matches scipy.stats.kendalltau on ${name}`, () =>
      closeOrNull(kendallTauB(x, y), expected.kendall_tau_b));
  }
});

describe('kendallTauB', () => {
  it('agrees with the pairwise definition on heavily tied data', () => {
    const x = [1, 1, 2, 2, 2, 3, 3, 1, 5, 5, 4, 2, 1, 3];
    const y = [2, 2, 2, 1, 3, 3, 3, 1, 1, 5, 5, 2, 2, 4];
    expect(kendallTauB(x, y)).toBeCloseTo(kendallTauBByPairs(x, y), 14);
  });

  it('is ±1 for monotone data with no ties', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
  });
});

describe('undefined correlations are null, never NaN', () => {
  const all = { pearson, spearman, kendallTauB };
  for (const [name, correlate] of Object.entries(all)) {
    it(`${name}: n < 3`, () => {
      expect(correlate([1, 2], [2, 1])).toBeNull();
      expect(correlate([], [])).toBeNull();
    });
    it(`${name}: a constant input`, () => {
      expect(correlate([3, 3, 3, 3], [1, 2, 3, 4])).toBeNull();
      expect(correlate([1, 2, 3, 4], [0.5, 0.5, 0.5, 0.5])).toBeNull();
    });
    it(`${name}: rejects unpaired or non-finite input`, () => {
      expect(() => correlate([1, 2, 3], [1, 2])).toThrow('got 3 and 2');
      expect(() => correlate([1, 2, NaN], [1, 2, 3])).toThrow('NaN is not a finite number');
    });
  }
});
