import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import {
  krippendorffAlpha,
  krippendorffAlphaResampler,
  spearman,
  spearmanResampler,
  weightedKappa,
  weightedKappaResampler,
} from '../../../shared/stats';

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
