/**
 * RankCache: the coefficients that start from ranks (Spearman's ρ, Kendall's τ-b, the Spearman jackknife, the
 * permutation test's average ranks) give the same values, to the last bit, with the ranks of each array
 * computed once as with them computed at every call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRanks, kendallTauB, RankCache, spearman, spearmanLeaveOneOut } from '../../../shared/stats';

const values = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 30 });

describe('RankCache', () => {
  it('changes no coefficient computed from ranks', () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        const n = Math.min(a.length, b.length);
        const [x, y] = [a.slice(0, n), b.slice(0, n)];
        const ranks = new RankCache();
        // Twice: the second call reads the ranks the first one cached.
        for (let call = 0; call < 2; call++) {
          expect(spearman(x, y, ranks)).toBe(spearman(x, y));
          expect(kendallTauB(x, y, ranks)).toBe(kendallTauB(x, y));
          expect(spearmanLeaveOneOut(x, y, ranks)).toEqual(spearmanLeaveOneOut(x, y));
          expect(averageRanks(x, ranks)).toEqual(averageRanks(x));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ranks each array once, and another array with equal values apart', () => {
    const ranks = new RankCache();
    const x = [3, 1, 2, 2];
    expect(ranks.midranks(x)).toBe(ranks.midranks(x));
    expect(ranks.tieGroups(x)).toBe(ranks.tieGroups(x));
    expect(ranks.midranks([...x])).not.toBe(ranks.midranks(x));
    expect(ranks.midranks(x)).toEqual([3, 0, 1.5, 1.5]);
  });
});
