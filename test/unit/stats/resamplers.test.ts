import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import {
  krippendorffAlpha,
  krippendorffAlphaResampler,
  meanWeightedKappaResampler,
  spearman,
  spearmanResampler,
  weightedKappa,
  weightedKappaResampler,
} from '../../../shared/stats';

const LIKERT = [1, 2, 3, 4, 5];

/** Random multiplicities of n units as one bootstrap resample draws them, and the expanded index list. */
function randomResample(n: number, seed: number): { drawn: Int32Array; indices: number[] } {
  const prng = createPrng(seed);
  const indices = Array.from({ length: n }, () => prng.nextInt(n)).sort((a, b) => a - b);
  const drawn = new Int32Array(n);
  for (const i of indices) drawn[i]! += 1;
  return { drawn, indices };
}

describe('resample statistics from multiplicities equal the statistic of the expanded resample', () => {
  it('read their resample at the offset given (one flat array holds them all)', () => {
    const a = [1, 2, 3, 4, 5];
    const b = [2, 1, 4, 3, 5];
    const flat = Int32Array.from([5, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(spearmanResampler(a, b)(flat, 5)).toBeCloseTo(spearman(a, b)!, 12);
    expect(spearmanResampler(a, b)(flat, 0)).toBeNull();
  });

  const prng = createPrng(99);
  const x = Array.from({ length: 60 }, () => prng.nextInt(7));
  const y = x.map((v) => Math.max(1, Math.min(5, v - 1 + prng.nextInt(3))));
  const matrix = [0, 1, 2].map(() =>
    x.map((v) => (prng.nextInt(5) === 0 ? null : Math.max(1, Math.min(5, v - prng.nextInt(3))))),
  );

  for (const seed of [1, 2, 3, 4, 5]) {
    const { drawn, indices } = randomResample(60, seed);

    it(`Spearman, resample ${seed}`, () => {
      const expected = spearman(
        indices.map((i) => x[i]!),
        indices.map((i) => y[i]!),
      );
      expect(spearmanResampler(x, y)(drawn, 0)).toBeCloseTo(expected!, 12);
    });

    it(`quadratic κ, resample ${seed}`, () => {
      const expected = weightedKappa(
        indices.map((i) => y[i]!),
        indices.map((i) => Math.min(5, y[i]! + (i % 2))),
        [1, 2, 3, 4, 5],
        'quadratic',
      );
      const b = y.map((v, i) => Math.min(5, v + (i % 2)));
      expect(weightedKappaResampler(y, b, [1, 2, 3, 4, 5], 'quadratic')(drawn, 0)).toBeCloseTo(expected!, 12);
    });

    it(`ordinal and nominal α over pairable units, resample ${seed}`, () => {
      for (const level of ['ordinal', 'nominal', 'interval'] as const) {
        const alpha = krippendorffAlphaResampler(matrix, level);
        const pairable = matrix[0]!.map((_, u) => u).filter((u) => matrix.filter((row) => row[u] !== null).length >= 2);
        const { drawn: drawnUnits, indices: unitIndices } = randomResample(alpha.units, seed);
        const expanded = matrix.map((row) => unitIndices.map((i) => row[pairable[i]!]!));
        expect(alpha.statistic(drawnUnits, 0)).toBeCloseTo(krippendorffAlpha(expanded, level)!, 12);
      }
    });
  }
});

describe('mean weighted κ over rater pairs on a resample of their shared units', () => {
  // Three pairs on 40 units: each pair rated a different, overlapping part of them.
  const prng = createPrng(7);
  const truth = Array.from({ length: 40 }, () => 1 + prng.nextInt(5));
  const noisy = (v: number) => Math.max(1, Math.min(5, v - 1 + prng.nextInt(3)));
  const pairs = [
    { from: 0, to: 30 },
    { from: 10, to: 40 },
    { from: 5, to: 25 },
  ].map(({ from, to }) => {
    const units = Array.from({ length: to - from }, (_, i) => from + i);
    return { units, a: units.map((u) => noisy(truth[u]!)), b: units.map((u) => noisy(truth[u]!)) };
  });
  const statistic = meanWeightedKappaResampler(pairs, LIKERT, 'quadratic');

  it('on the data itself is the mean of the pairs’ κ', () => {
    const kappas = pairs.map((p) => weightedKappa(p.a, p.b, LIKERT, 'quadratic')!);
    expect(statistic(new Int32Array(40).fill(1), 0)).toBeCloseTo(kappas.reduce((s, k) => s + k, 0) / 3, 12);
  });

  for (const seed of [1, 2, 3]) {
    it(`equals the mean of each pair's κ on its units of the expanded resample ${seed}`, () => {
      const { drawn, indices } = randomResample(40, seed);
      const kappas = pairs.map((p) => {
        const drawnOfPair = indices.flatMap((u) => (p.units.includes(u) ? [p.units.indexOf(u)] : []));
        return weightedKappa(
          drawnOfPair.map((i) => p.a[i]!),
          drawnOfPair.map((i) => p.b[i]!),
          LIKERT,
          'quadratic',
        )!;
      });
      expect(statistic(drawn, 0)).toBeCloseTo(kappas.reduce((s, k) => s + k, 0) / kappas.length, 12);
    });
  }

  it('leaves out a pair none of whose units was drawn, and is null when no pair is left', () => {
    expect(statistic(new Int32Array(40), 0)).toBeNull();
    const firstFive = new Int32Array(40);
    for (let u = 0; u < 5; u++) firstFive[u] = 8; // units 0–4: the first pair only
    const p = pairs[0]!;
    const expanded = [0, 1, 2, 3, 4].flatMap((i) => Array<number>(8).fill(i));
    expect(statistic(firstFive, 0)).toBe(
      weightedKappa(
        expanded.map((i) => p.a[i]!),
        expanded.map((i) => p.b[i]!),
        LIKERT,
        'quadratic',
      ),
    );
  });
});

describe('α of a resample adds up units with the same coincidences once', () => {
  // 1,000 units on a 1–5 scale, as the bench's study has. With m = 2, 3 or 5 ratings per unit every weight
  // 1/(m − 1) is a power of two, so every sum is exact and the grouped sum must be the unit-by-unit one to the
  // last bit; with 4 (weights of 1/3) each unit is added alone, and the value may differ only by rounding.
  function likertMatrix(raters: number, seed: number, gaps: boolean): (number | null)[][] {
    const prng = createPrng(seed);
    const truth = Array.from({ length: 1000 }, () => 1 + prng.nextInt(5));
    return Array.from({ length: raters }, () =>
      truth.map((v) => (gaps && prng.nextInt(9) === 0 ? null : Math.max(1, Math.min(5, v - 1 + prng.nextInt(3))))),
    );
  }
  function expandedAlpha(matrix: (number | null)[][], level: 'ordinal' | 'nominal' | 'interval', seed: number) {
    const alpha = krippendorffAlphaResampler(matrix, level);
    const pairable = matrix[0]!.map((_, u) => u).filter((u) => matrix.filter((row) => row[u] !== null).length >= 2);
    const { drawn, indices } = randomResample(alpha.units, seed);
    const expanded = matrix.map((row) => indices.map((i) => row[pairable[i]!]!));
    return { resampled: alpha.statistic(drawn, 0), expanded: krippendorffAlpha(expanded, level) };
  }

  for (const { raters, gaps } of [
    { raters: 2, gaps: true },
    { raters: 3, gaps: true },
    { raters: 5, gaps: false },
  ])
    it(`${raters} raters${gaps ? ', some ratings missing' : ''}: the expanded resample's value to the last bit`, () => {
      for (const level of ['ordinal', 'nominal', 'interval'] as const)
        for (const seed of [1, 2, 3]) {
          const { resampled, expanded } = expandedAlpha(likertMatrix(raters, raters * 10 + seed, gaps), level, seed);
          expect(resampled).not.toBeNull();
          expect(resampled).toBe(expanded);
        }
    });

  it('4 raters, some ratings missing: the expanded resample’s value within rounding', () => {
    for (const level of ['ordinal', 'nominal', 'interval'] as const) {
      const { resampled, expanded } = expandedAlpha(likertMatrix(4, 40, true), level, 4);
      expect(resampled).toBeCloseTo(expanded!, 12);
    }
  });
});
