/**
 * The shortcuts of the bootstrap's statistics give, to the last bit, what computing each sample on its own
 * gives: the leave-one-out values of Spearman's ρ and Krippendorff's α (a BCa interval's acceleration), and
 * correlations evaluated together on shared resamples (CorrelationResamples).
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import {
  CorrelationResamples,
  krippendorffAlphaResampler,
  leaveOneOutValues,
  pearsonResampler,
  resamplesOf,
  spearmanLeaveOneOut,
  spearmanResampler,
} from '../../../shared/stats';

const prng = createPrng(2024);
const uniform = (n: number, scale: number) =>
  Array.from({ length: n }, () => Math.round(prng.nextFloat() * scale) / 100);
const integers = (n: number, bound: number) => Array.from({ length: n }, () => 1 + prng.nextInt(bound));

describe('spearmanLeaveOneOut', () => {
  // Few groups on a side (the first two cases and n = 3) count the units by a table of group pairs; the case
  // without ties, with n groups on each side, by a tree: both ways are checked against the samples.
  const cases: Array<[string, number[], number[]]> = [
    // A metric with few ties against a mean of three ratings (many ties), as the analysis correlates them.
    ['metric × mean rating, n = 700', uniform(700, 10_000), integers(700, 13).map((v) => v / 3)],
    ['ties on both sides, n = 500', integers(500, 5), integers(500, 4)],
    ['no ties, n = 300', uniform(300, 1e9), uniform(300, 1e9)],
    ['n = 3', [1, 2, 3], [3, 1, 2]],
    // Without its one unit that differs, y is constant: ρ is undefined there.
    ['one side constant without one unit', [1, 2, 3, 4, 5, 6], [2, 2, 2, 9, 2, 2]],
  ];
  it.each(cases)('%s: the values of the n samples computed one by one, bit for bit', (_, x, y) => {
    const expected = leaveOneOutValues(x.length, spearmanResampler(x, y));
    expect(Array.from(spearmanLeaveOneOut(x, y)!)).toEqual(Array.from(expected));
  });

  it('has undefined values where a side is constant', () => {
    const values = spearmanLeaveOneOut([1, 2, 3, 4, 5, 6], [2, 2, 2, 9, 2, 2])!;
    expect(Number.isNaN(values[3]!)).toBe(true);
    expect(Number.isNaN(values[0]!)).toBe(false);
  });
});

describe("Krippendorff's α leave-one-out", () => {
  /** raters × units, each rating missing with probability `missing`. */
  const matrixOf = (raters: number, units: number, missing: number) => {
    const truth = integers(units, 5);
    return Array.from({ length: raters }, () =>
      truth.map((t) => (prng.nextFloat() < missing ? null : Math.max(1, Math.min(5, t - 1 + prng.nextInt(3))))),
    );
  };

  // Units with 2, 3 or 5 ratings weigh their pairs by 1, 1/2 or 1/4: sums of them are exact in any order.
  it.each([
    ['3 raters, some missing', matrixOf(3, 800, 0.15)],
    ['5 raters, none missing', matrixOf(5, 300, 0)],
    ['2 raters', matrixOf(2, 400, 0)],
  ])('%s: the values of the samples computed one by one, bit for bit', (_, matrix) => {
    for (const level of ['ordinal', 'nominal', 'interval'] as const) {
      const alpha = krippendorffAlphaResampler(matrix, level);
      expect(Array.from(alpha.leaveOneOut()!)).toEqual(Array.from(leaveOneOutValues(alpha.units, alpha.statistic)));
    }
  });

  it('declines when units with 4 ratings weigh by 1/3 (the samples are then computed one by one)', () => {
    expect(krippendorffAlphaResampler(matrixOf(4, 100, 0), 'ordinal').leaveOneOut()).toBeNull();
  });
});

describe('CorrelationResamples', () => {
  const n = 400;
  const metrics = [uniform(n, 10_000), uniform(n, 100)];
  const means = [integers(n, 13).map((v) => v / 3), integers(n, 5), uniform(n, 1000)];
  const counts = resamplesOf(n, 50, createPrng(3));

  it('gives every pair, its variables shared with other pairs, the values of that pair alone, bit for bit', () => {
    const together = new CorrelationResamples(n);
    const alone: Array<(counts: Int32Array, offset: number) => number | null> = [];
    for (const kind of ['spearman', 'pearson'] as const) {
      for (const metric of metrics) {
        for (const mean of means) {
          // A copy, so variables are recognised by their values, not by the array.
          together.add(kind, [...metric], mean);
          alone.push((kind === 'spearman' ? spearmanResampler : pearsonResampler)(metric, mean));
        }
      }
    }
    const out = new Float64Array(alone.length);
    for (let b = 0; b < 50; b++) {
      together.evaluate(counts, b * n, out);
      expect(Array.from(out)).toEqual(alone.map((statistic) => statistic(counts, b * n) ?? NaN));
    }
  });
});
