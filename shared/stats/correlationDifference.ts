/**
 * Is one metric's correlation with the human ratings higher than another's, on the same outputs? The two
 * correlations share the human side (dependent, overlapping correlations), so they are compared paired:
 * Williams' t test for Pearson's r, and a permutation test that swaps the two metrics' values within
 * outputs (Deutsch, Dror & Roth 2021) for any coefficient.
 */
import type { Prng } from '../prng';
import type { ResampleStatistic } from './bootstrap';
import { midranks, pearson } from './correlation';
import { CorrelationResamples } from './correlationResamples';
import type { RankCache } from './rankCache';
import { studentTCdf } from './quantiles';

export interface WilliamsTest {
  t: number;
  df: number;
  /** Two-sided p-value from Student's t with df = n − 3. */
  p: number;
}

/**
 * Williams' (1959) t test of r12 = r13 for variables 2 and 3 both correlated with variable 1 on the same n
 * units, with r23 their own correlation, exactly as R psych::r.test(n, r12, r13 = …, r23 = …):
 *   t = (r12 − r13) · √((n − 1)(1 + r23) / (2 (n − 1)/(n − 3) · |R| + r̄² (1 − r23)³)),
 *   |R| = 1 − r12² − r13² − r23² + 2 r12 r13 r23, r̄ = (r12 + r13)/2, df = n − 3.
 * Null when n ≤ 3, a correlation is undefined, or the denominator is not positive (|R| < 0 cannot come from
 * data; r23 = −1 with r̄ = 0 leaves nothing to test).
 */
export function williamsTest(
  r12: number | null,
  r13: number | null,
  r23: number | null,
  n: number,
): WilliamsTest | null {
  if (r12 === null || r13 === null || r23 === null || !(n > 3)) return null;
  const determinant = 1 - r12 * r12 - r13 * r13 - r23 * r23 + 2 * r12 * r13 * r23;
  const average = (r12 + r13) / 2;
  const denominator = ((2 * (n - 1)) / (n - 3)) * determinant + average * average * (1 - r23) ** 3;
  if (!(denominator > 0)) return null;
  const t = (r12 - r13) * Math.sqrt(((n - 1) * (1 + r23)) / denominator);
  const df = n - 3;
  // t = 0 is exactly p = 1, whatever the distribution function's rounding.
  return { t, df, p: t === 0 ? 1 : Math.min(1, 2 * (1 - studentTCdf(Math.abs(t), df))) };
}

/**
 * Pearson's r of bootstrap resamples of the pairs (x_i, y_i) given as multiplicities (a pair drawn w times
 * counts w times), for the resampling helpers in ./bootstrap. Null for a resample with a constant side.
 */
export function pearsonResampler(x: ReadonlyArray<number>, y: ReadonlyArray<number>): ResampleStatistic {
  if (x.length !== y.length) throw new RangeError(`Correlation needs paired values, got ${x.length} and ${y.length}`);
  const resamples = new CorrelationResamples(x.length);
  resamples.add('pearson', x, y);
  return resamples.statistic();
}

/** Average ranks (1-based; ties share the mean of their positions), as scipy.stats.rankdata: midranks + 1, exactly. */
export function averageRanks(
  values: ReadonlyArray<number>,
  ranks: Pick<RankCache, 'midranks'> = { midranks },
): number[] {
  return ranks.midranks(values).map((rank) => rank + 1);
}

export interface SwapPermutationOptions {
  /** Random swap patterns to draw; when 2^n is no more than this, all 2^n patterns are enumerated (exact test). */
  permutations: number;
  prng: Prng;
}

/**
 * Two-sided paired permutation test of r(a, h) = r(b, h) (Pearson), as Deutsch, Dror & Roth (2021) compare
 * two metrics: a and b are first standardised (z-scores, so that swapping values on different scales is
 * meaningful), then each swap pattern exchanges a_i and b_i on a random half of the outputs (each output
 * independently with probability ½) and recomputes T = r(a′, h) − r(b′, h). p = (1 + #{|T*| ≥ |T|}) / (1 + P)
 * over P random patterns, or #{|T*| ≥ |T|} / 2ⁿ over all of them when 2ⁿ ≤ `permutations` — the same value as
 * scipy.stats.permutation_test(permutation_type="samples"), whose null distribution is symmetric here.
 * Pass average ranks (averageRanks) to test Spearman's ρ. Null when n < 3 or T is undefined.
 */
export function swapPermutationTest(
  a: ReadonlyArray<number>,
  b: ReadonlyArray<number>,
  h: ReadonlyArray<number>,
  options: SwapPermutationOptions,
): number | null {
  const n = h.length;
  if (a.length !== n || b.length !== n) throw new RangeError(`Permutation test needs paired values for every output`);
  if (pearson(a, h) === null || pearson(b, h) === null) return null;
  const sums = new SwapSums(standardised(a), standardised(b), centred(h));
  return n < 31 && 2 ** n <= options.permutations ? allPatternsP(sums) : randomPatternsP(sums, options);
}

/**
 * The sums a swap pattern's T* is computed from: those over a′ start from a's, swapping output i adds the
 * i-th differences (d, dd, dh), and b′'s sums are the totals minus a′'s. The loops over patterns are
 * functions of their own (allPatternsP, randomPatternsP), so V8 optimises each loop as a small function.
 */
class SwapSums {
  readonly n: number;
  readonly sa: number = 0;
  readonly saa: number = 0;
  readonly sah: number = 0;
  private readonly sb: number = 0;
  private readonly sbb: number = 0;
  private readonly sbh: number = 0;
  private readonly shh: number;
  readonly d: Float64Array;
  readonly dd: Float64Array;
  readonly dh: Float64Array;
  /** |T| of the data (no output swapped). */
  private readonly observed: number;

  constructor(za: Float64Array, zb: Float64Array, hc: Float64Array) {
    const n = hc.length;
    this.n = n;
    this.shh = sumOfSquares(hc);
    this.d = new Float64Array(n);
    this.dd = new Float64Array(n);
    this.dh = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.sa += za[i]!;
      this.saa += za[i]! * za[i]!;
      this.sah += za[i]! * hc[i]!;
      this.sb += zb[i]!;
      this.sbb += zb[i]! * zb[i]!;
      this.sbh += zb[i]! * hc[i]!;
      this.d[i] = zb[i]! - za[i]!;
      this.dd[i] = zb[i]! * zb[i]! - za[i]! * za[i]!;
      this.dh[i] = this.d[i]! * hc[i]!;
    }
    this.observed = Math.abs(this.difference(this.sa, this.saa, this.sah)!);
  }

  /** T from a′'s sums. */
  difference(s: number, ss: number, sh: number): number | null {
    const first = this.correlation(s, ss, sh);
    const second = this.correlation(this.sa + this.sb - s, this.saa + this.sbb - ss, this.sah + this.sbh - sh);
    return first === null || second === null ? null : first - second;
  }

  /** Whether a pattern's |T*| reaches the observed |T|. */
  atLeastObserved(value: number | null): boolean {
    // Rounding must not decide whether a pattern's |T*| equals the observed |T| (swapping every output gives −T).
    return value !== null && Math.abs(value) >= this.observed - 1e-12;
  }

  private correlation(s: number, ss: number, sh: number): number | null {
    const variance = ss - (s * s) / this.n;
    return variance > 1e-12 * this.n ? sh / Math.sqrt(variance * this.shh) : null;
  }
}

/** The exact test: every one of the 2ⁿ swap patterns, bit i of the pattern swapping output i. */
function allPatternsP(sums: SwapSums): number {
  const { n, d, dd, dh } = sums;
  let extreme = 0;
  for (let mask = 0; mask < 2 ** n; mask++) {
    let s = sums.sa;
    let ss = sums.saa;
    let sh = sums.sah;
    for (let i = 0; i < n; i++) {
      if (((mask >> i) & 1) === 0) continue;
      s += d[i]!;
      ss += dd[i]!;
      sh += dh[i]!;
    }
    if (sums.atLeastObserved(sums.difference(s, ss, sh))) extreme++;
  }
  return extreme / 2 ** n;
}

/**
 * `permutations` random swap patterns. 31 coins from each uniform draw below 2^31 (its bits are independent
 * fair coins): bit k of word w swaps output 31w + k. Each word's bytes index tables of the sums over every
 * subset of their (at most 8) outputs, so a pattern costs four lookups per word instead of one addition per
 * swapped output: this test runs for every pair of metrics. The sums then add in another order than
 * allPatternsP's, which moves T* by rounding alone; atLeastObserved's 1e-12 margin keeps rounding from
 * deciding a count.
 */
function randomPatternsP(sums: SwapSums, { permutations, prng }: SwapPermutationOptions): number {
  const { n } = sums;
  const words = new Int32Array(Math.ceil(n / 31));
  const lastWordBits = n - 31 * (words.length - 1);
  const lastWordMask = lastWordBits === 31 ? 0x7fffffff : (1 << lastWordBits) - 1;
  const subsetSums = byteSubsetSums(n, sums.d, sums.dd, sums.dh);
  let extreme = 0;
  for (let p = 0; p < permutations; p++) {
    prng.fillInts(words, 2 ** 31);
    words[words.length - 1]! &= lastWordMask;
    let s = sums.sa;
    let ss = sums.saa;
    let sh = sums.sah;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      for (let k = 0; k < 4; k++) {
        const at = 3 * (256 * (4 * w + k) + ((word >>> (8 * k)) & 0xff));
        s += subsetSums[at]!;
        ss += subsetSums[at + 1]!;
        sh += subsetSums[at + 2]!;
      }
    }
    if (sums.atLeastObserved(sums.difference(s, ss, sh))) extreme++;
  }
  return (1 + extreme) / (1 + permutations);
}

/**
 * For byte k of word w (outputs 31w + 8k … 31w + 8k + 7, the fourth byte holding 7) and each of its 256
 * values, the three sums of d, dd and dh over the outputs whose bits are set, interleaved: entry
 * 3 · (256 · (4w + k) + byte) is the sum of d, + 1 that of dd, + 2 that of dh. Bits that are never set (a
 * word's 32nd, and those past output n − 1) count 0. The tables are written into one array kept from test to
 * test (subsetSumTables): a fresh one per test, 0.4–0.8 MB, cost page faults and collections for every
 * pair of metrics.
 */
function byteSubsetSums(n: number, d: Float64Array, dd: Float64Array, dh: Float64Array): Float64Array {
  const words = Math.ceil(n / 31);
  const sums = subsetSumTables(3 * 256 * 4 * words);
  for (let w = 0; w < words; w++) {
    for (let k = 0; k < 4; k++) {
      const table = 3 * 256 * (4 * w + k);
      sums[table] = 0;
      sums[table + 1] = 0;
      sums[table + 2] = 0;
      // A byte's subset sum is the sum of the byte without its highest set bit, plus that bit's output.
      for (let byte = 1; byte < 256; byte++) {
        const bit = 31 - Math.clz32(byte);
        const i = 31 * w + 8 * k + bit;
        const at = table + 3 * byte;
        const rest = table + 3 * (byte ^ (1 << bit));
        if (8 * k + bit < 31 && i < n) {
          sums[at] = sums[rest]! + d[i]!;
          sums[at + 1] = sums[rest + 1]! + dd[i]!;
          sums[at + 2] = sums[rest + 2]! + dh[i]!;
        } else {
          sums[at] = sums[rest]! + 0;
          sums[at + 1] = sums[rest + 1]! + 0;
          sums[at + 2] = sums[rest + 2]! + 0;
        }
      }
    }
  }
  return sums;
}

let tables = new Float64Array(0);

/** An array of at least `length` entries for byteSubsetSums, which writes every entry it reads before reading it. */
function subsetSumTables(length: number): Float64Array {
  if (tables.length < length) tables = new Float64Array(length);
  return tables;
}

function centred(values: ReadonlyArray<number>): Float64Array {
  // Plain loops, not reduce, Float64Array.from or map with a callback: these run for every pair of metrics.
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  const mean = sum / values.length;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! - mean;
  return out;
}

/** Σ v² over the values, in their order. */
function sumOfSquares(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  return sum;
}

/** z-scores with the population SD (the SD's convention does not change any correlation). */
function standardised(values: ReadonlyArray<number>): Float64Array {
  const c = centred(values);
  const sd = Math.sqrt(sumOfSquares(c) / values.length);
  for (let i = 0; i < c.length; i++) c[i] = c[i]! / sd;
  return c;
}
