import { describe, expect, it } from 'vitest';
import { createPrng, remainderOf, type Prng } from '../../../shared/prng';
import { bootstrapPercentileInterval, spearman, spearmanResampler } from '../../../shared/stats';
import { linearQuantileSorted } from '../../../shared/stats/bootstrap';

/** A Prng that replays fixed integers, so a resample's indices are known in advance. */
function scriptedPrng(draws: number[]): Prng {
  let next = 0;
  return {
    nextInt: () => draws[next++ % draws.length]!,
    fillInts: (out) => out.forEach((_, i) => (out[i] = draws[next++ % draws.length]!)),
    nextFloat: () => {
      throw new Error('bootstrap should only draw integers');
    },
  };
}

describe('Prng.fillInts', () => {
  it('draws the same integers as repeated nextInt, for small, odd and large bounds', () => {
    for (const bound of [1, 2, 3, 7, 1000, 65_537, 2 ** 31]) {
      const one = createPrng(bound);
      const bulk = createPrng(bound);
      const out = new Int32Array(500);
      bulk.fillInts(out, bound);
      expect(Array.from(out)).toEqual(Array.from(out, () => one.nextInt(bound)));
      expect(bulk.nextInt(bound)).toBe(one.nextInt(bound));
    }
  });
});

describe('remainderOf', () => {
  it('is word % bound for every word next to a multiple of the bound, up to 2^32', () => {
    for (const bound of [1, 2, 3, 7, 1000, 65_537, 2 ** 31 - 1, 2 ** 31]) {
      for (let multiple = 0; multiple * bound < 2 ** 32; multiple += Math.max(1, Math.floor(2 ** 32 / bound / 300))) {
        for (const word of [multiple * bound - 1, multiple * bound, multiple * bound + 1, 2 ** 32 - 1]) {
          if (word >= 0 && word < 2 ** 32) expect(remainderOf(word, bound)).toBe(word % bound);
        }
      }
    }
  });
});

describe('linearQuantileSorted', () => {
  it('interpolates like numpy.quantile(method="linear")', () => {
    const sorted = [1, 2, 4, 8];
    expect(linearQuantileSorted(sorted, 0)).toBe(1);
    expect(linearQuantileSorted(sorted, 1)).toBe(8);
    expect(linearQuantileSorted(sorted, 0.5)).toBe(3); // h = 1.5
    expect(linearQuantileSorted(sorted, 0.025)).toBeCloseTo(1.075, 14); // h = 0.075
    expect(linearQuantileSorted(sorted, 0.975)).toBeCloseTo(7.7, 14); // h = 2.925
    expect(linearQuantileSorted([5], 0.3)).toBe(5);
  });
});

describe('bootstrapPercentileInterval', () => {
  const values = [3, 1, 4, 1, 5];
  /** The mean of a resample from how often each value was drawn. */
  const meanOf = (counts: Int32Array, offset: number) =>
    values.reduce((sum, value, i) => sum + counts[offset + i]! * value, 0) / values.length;

  it('draws n indices per resample from the injected PRNG and takes linear percentiles', () => {
    // Resamples (n = 5 draws each): means 1, 3, 5, 2.8 -> sorted [1, 2.8, 3, 5].
    const draws = [1, 1, 3, 3, 1, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 0, 1, 2, 3, 4];
    const interval = bootstrapPercentileInterval(5, meanOf, { resamples: 4, prng: scriptedPrng(draws), level: 0.5 });
    // p = 0.25 -> h = 0.75 -> 1 + 0.75 * 1.8; p = 0.75 -> h = 2.25 -> 3 + 0.25 * 2.
    expect(interval![0]).toBeCloseTo(2.35, 14);
    expect(interval![1]).toBeCloseTo(3.5, 14);
  });

  it('is reproducible from the seed and brackets the statistic', () => {
    const x = Array.from({ length: 40 }, (_, i) => i % 7);
    const y = x.map((v, i) => v + (i % 3));
    const rho = spearmanResampler(x, y);
    const first = bootstrapPercentileInterval(40, rho, { resamples: 200, prng: createPrng(7) });
    const second = bootstrapPercentileInterval(40, rho, { resamples: 200, prng: createPrng(7) });
    expect(first).toEqual(second);
    const full = spearman(x, y)!;
    expect(first![0]).toBeLessThan(full);
    expect(first![1]).toBeGreaterThan(full);
    expect(first![1]).toBeLessThanOrEqual(1);
  });

  it('skips resamples whose statistic is null', () => {
    let calls = 0;
    const everyOtherNull = () => (calls++ % 2 === 0 ? null : calls);
    const interval = bootstrapPercentileInterval(3, everyOtherNull, { resamples: 4, prng: createPrng(1), level: 0.5 });
    // Defined values 2 and 4: quantiles 0.25 and 0.75 of [2, 4].
    expect(interval).toEqual([2.5, 3.5]);
  });

  it('is null when fewer than half of the resamples are defined, or n < 3', () => {
    let calls = 0;
    const mostlyNull = () => (calls++ % 4 === 0 ? 1 : null);
    expect(bootstrapPercentileInterval(10, mostlyNull, { resamples: 100, prng: createPrng(1) })).toBeNull();
    expect(bootstrapPercentileInterval(2, () => 1, { resamples: 10, prng: createPrng(1) })).toBeNull();
  });

  it('rejects a non-positive number of resamples or a level outside (0, 1)', () => {
    expect(() => bootstrapPercentileInterval(5, () => 1, { resamples: 0, prng: createPrng(1) })).toThrow('resamples');
    expect(() => bootstrapPercentileInterval(5, () => 1, { resamples: 5, prng: createPrng(1), level: 95 })).toThrow(
      'level',
    );
  });
});
