import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import { averageRanks, pearson, pearsonResampler, swapPermutationTest, williamsTest } from '../../../shared/stats';

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/stats/${name}`, import.meta.url), 'utf8')) as { cases: T[] };

/** R psych::r.test(n, r12, r13 = r13, r23 = r23): test/fixtures/stats/make_williams_fixtures.R. */
interface WilliamsCase {
  name: string;
  n: number;
  h?: number[];
  a?: number[];
  b?: number[];
  r12: number;
  r13: number;
  r23: number;
  t: number;
  p: number;
}

describe('williamsTest against R psych::r.test', () => {
  const { cases } = fixture<WilliamsCase>('williams_reference.json');

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    // Cases made from data: our correlations of the same data first, then the test on them.
    const [r12, r13, r23] = c.h
      ? [pearson(c.h, c.a!)!, pearson(c.h, c.b!)!, pearson(c.a!, c.b!)!]
      : [c.r12, c.r13, c.r23];
    expect(r12).toBeCloseTo(c.r12, 12);
    expect(r13).toBeCloseTo(c.r13, 12);
    expect(r23).toBeCloseTo(c.r23, 12);
    const result = williamsTest(r12, r13, r23, c.n)!;
    expect(result.df).toBe(c.n - 3);
    expect(result.t).toBeCloseTo(c.t, 10);
    // jstat's Student t distribution function is good to about 1e-8 (see shared/stats/quantiles.ts).
    expect(Math.abs(result.p - c.p)).toBeLessThan(5e-8);
  });

  it('includes data-made cases, df = 1, equal correlations and nearly collinear metrics', () => {
    expect(cases.filter((c) => c.h).length).toBe(3);
    expect(cases.map((c) => c.n)).toContain(4);
    expect(cases.some((c) => c.t === 0 && c.p === 1)).toBe(true);
  });

  it('is null when undefined: n ≤ 3 or a correlation missing', () => {
    expect(williamsTest(0.5, 0.4, 0.3, 3)).toBeNull();
    expect(williamsTest(null, 0.4, 0.3, 30)).toBeNull();
  });
});

/** scipy.stats.permutation_test(permutation_type="samples"): make_metric_comparison_fixtures.py. */
interface PermutationCase {
  name: string;
  coefficient: 'pearson' | 'spearman';
  a: number[];
  b: number[];
  h: number[];
  exact: boolean;
  difference: number;
  p: number;
}

describe('swapPermutationTest against scipy.stats.permutation_test(permutation_type="samples")', () => {
  const { cases } = fixture<PermutationCase>('permutation_reference.json');
  const inputs = (c: PermutationCase) =>
    c.coefficient === 'spearman' ? [averageRanks(c.a), averageRanks(c.b), averageRanks(c.h)] : [c.a, c.b, c.h];

  it.each(cases.filter((c) => c.exact).map((c) => [c.name, c] as const))('%s: exact over all 2^n swaps', (_, c) => {
    const [a, b, h] = inputs(c);
    expect(pearson(a!, h!)! - pearson(b!, h!)!).toBeCloseTo(c.difference, 12);
    // 2^13 = 8,192 patterns fit in 10,000 permutations, so every pattern is enumerated: no PRNG involved.
    expect(swapPermutationTest(a!, b!, h!, { permutations: 10_000, prng: createPrng(1) })).toBeCloseTo(c.p, 12);
  });

  it.each(cases.filter((c) => !c.exact).map((c) => [c.name, c] as const))(
    '%s: 20,000 random swap patterns agree with scipy within Monte Carlo error',
    (_, c) => {
      const [a, b, h] = inputs(c);
      const p = swapPermutationTest(a!, b!, h!, { permutations: 20_000, prng: createPrng(3) })!;
      expect(Math.abs(p - c.p)).toBeLessThan(4 * Math.sqrt((c.p * (1 - c.p)) / 20_000) + 1e-3);
      expect(swapPermutationTest(a!, b!, h!, { permutations: 20_000, prng: createPrng(3) })).toBe(p);
    },
  );

  it('covers strong and weak differences: p from below 0.01 to above 0.5', () => {
    const ps = cases.map((c) => c.p);
    expect(Math.min(...ps)).toBeLessThan(0.05);
    expect(Math.max(...ps)).toBeGreaterThan(0.5);
  });

  /**
   * The test's definition written out: z-score both metrics, swap a_i and b_i where the pattern's coin says
   * so, recompute r(a′, h) − r(b′, h) from scratch; the coins are bit k of the k-th 31-bit word, as the test
   * draws them. Counted as the test counts (|T*| ≥ |T| − 1e-12), the p-value must be the same number.
   */
  function swappedFromScratch(a: number[], b: number[], h: number[], permutations: number, seed: number): number {
    const z = (v: number[]) => {
      const mean = v.reduce((sum, x) => sum + x, 0) / v.length;
      const sd = Math.sqrt(v.reduce((sum, x) => sum + (x - mean) ** 2, 0) / v.length);
      return v.map((x) => (x - mean) / sd);
    };
    const [za, zb] = [z(a), z(b)];
    const observed = Math.abs(pearson(za, h)! - pearson(zb, h)!);
    const prng = createPrng(seed);
    const words = new Int32Array(Math.ceil(h.length / 31));
    let extreme = 0;
    for (let p = 0; p < permutations; p++) {
      prng.fillInts(words, 2 ** 31);
      const swapped = (i: number) => ((words[Math.floor(i / 31)]! >>> (i % 31)) & 1) === 1;
      const first = za.map((x, i) => (swapped(i) ? zb[i]! : x));
      const second = zb.map((x, i) => (swapped(i) ? za[i]! : x));
      if (Math.abs(pearson(first, h)! - pearson(second, h)!) >= observed - 1e-12) extreme++;
    }
    return (1 + extreme) / (1 + permutations);
  }

  // Sizes around the 8-output bytes and 31-output words the patterns are cut into, and the bench's 500 and 1,000.
  it.each([14, 15, 16, 30, 31, 32, 33, 61, 62, 63, 64, 500, 1000])(
    'counts, for %i outputs, exactly the random patterns a from-scratch recomputation counts',
    (n) => {
      const values = createPrng(n);
      const h = Array.from({ length: n }, () => 1 + values.nextInt(5));
      const a = h.map((x) => x + 3 * values.nextFloat());
      // b only slightly worse than a, so that p is neither 0 nor 1 and the count has something to get wrong.
      const b = h.map((x) => x + 3.3 * values.nextFloat());
      const permutations = n >= 500 ? 300 : 2000;
      const p = swapPermutationTest(a, b, h, { permutations, prng: createPrng(7) })!;
      expect(p).toBe(swappedFromScratch(a, b, h, permutations, 7));
      expect(p).toBeGreaterThan(2 / (1 + permutations));
      expect(p).toBeLessThan(1);
    },
  );

  it('counts the same patterns after a test on more outputs, whose sums tables it then writes over', () => {
    const inputs = (n: number) => {
      const values = createPrng(100 + n);
      const h = Array.from({ length: n }, () => 1 + values.nextInt(5));
      return { a: h.map((x) => x + 3 * values.nextFloat()), b: h.map((x) => x + 3.3 * values.nextFloat()), h };
    };
    for (const n of [1000, 62, 500, 15]) {
      const { a, b, h } = inputs(n);
      expect(swapPermutationTest(a, b, h, { permutations: 300, prng: createPrng(9) }), `${n} outputs`).toBe(
        swappedFromScratch(a, b, h, 300, 9),
      );
    }
  });

  it('is null for a constant metric or fewer than 3 outputs', () => {
    const prng = createPrng(1);
    expect(swapPermutationTest([1, 1, 1, 1], [1, 2, 3, 4], [2, 3, 1, 4], { permutations: 100, prng })).toBeNull();
    expect(swapPermutationTest([1, 2], [2, 1], [1, 2], { permutations: 100, prng })).toBeNull();
  });
});

describe('averageRanks', () => {
  it('gives ties the mean of their positions, as scipy.stats.rankdata', () => {
    expect(averageRanks([10, 20, 10, 30, 20, 20])).toEqual([1.5, 4, 1.5, 6, 4, 4]);
  });
});

describe('pearsonResampler', () => {
  it('equals Pearson on the expanded resample, including a leave-one-out sample', () => {
    const x = Array.from({ length: 30 }, (_, i) => 1000 + ((i * 37) % 17) / 3);
    const y = x.map((v, i) => v / 100 + ((i * 11) % 7));
    const counts = Int32Array.from(x, (_, i) => (i * 5) % 3);
    const expanded = (values: number[]) => values.flatMap((v, i) => new Array<number>(counts[i]!).fill(v));
    expect(pearsonResampler(x, y)(counts, 0)).toBeCloseTo(pearson(expanded(x), expanded(y))!, 12);
    const leaveOneOut = new Int32Array(30).fill(1);
    leaveOneOut[4] = 0;
    const without = (values: number[]) => values.filter((_, i) => i !== 4);
    expect(pearsonResampler(x, y)(leaveOneOut, 0)).toBeCloseTo(pearson(without(x), without(y))!, 12);
  });
});
