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
export function averageRanks(values: ReadonlyArray<number>): number[] {
  return midranks(values).map((rank) => rank + 1);
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
  const ra = pearson(a, h);
  const rb = pearson(b, h);
  if (ra === null || rb === null) return null;
  const za = standardised(a);
  const zb = standardised(b);
  const hc = centred(h);
  const shh = hc.reduce((sum, v) => sum + v * v, 0);
  // Sums over a′ start from a's; swapping output i adds the i-th differences; b′'s sums are the totals minus a′'s.
  let sa = 0;
  let saa = 0;
  let sah = 0;
  let sb = 0;
  let sbb = 0;
  let sbh = 0;
  const d = new Float64Array(n);
  const dd = new Float64Array(n);
  const dh = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    sa += za[i]!;
    saa += za[i]! * za[i]!;
    sah += za[i]! * hc[i]!;
    sb += zb[i]!;
    sbb += zb[i]! * zb[i]!;
    sbh += zb[i]! * hc[i]!;
    d[i] = zb[i]! - za[i]!;
    dd[i] = zb[i]! * zb[i]! - za[i]! * za[i]!;
    dh[i] = d[i]! * hc[i]!;
  }
  const correlation = (s: number, ss: number, sh: number) => {
    const variance = ss - (s * s) / n;
    return variance > 1e-12 * n ? sh / Math.sqrt(variance * shh) : null;
  };
  /** T from a′'s sums. */
  const difference = (s: number, ss: number, sh: number): number | null => {
    const first = correlation(s, ss, sh);
    const second = correlation(sa + sb - s, saa + sbb - ss, sah + sbh - sh);
    return first === null || second === null ? null : first - second;
  };
  /** T for a swap pattern: swapped[i] = 1 exchanges output i's two values. */
  const statistic = (swapped: Int32Array): number | null => {
    let s = sa;
    let ss = saa;
    let sh = sah;
    for (let i = 0; i < n; i++) {
      if (swapped[i] === 0) continue;
      s += d[i]!;
      ss += dd[i]!;
      sh += dh[i]!;
    }
    return difference(s, ss, sh);
  };
  const coins = new Int32Array(n);
  const observed = Math.abs(statistic(coins)!);
  // Rounding must not decide whether a pattern's |T*| equals the observed |T| (swapping every output gives −T).
  const atLeastObserved = (value: number | null) => value !== null && Math.abs(value) >= observed - 1e-12;

  if (n < 31 && 2 ** n <= options.permutations) {
    let extreme = 0;
    for (let mask = 0; mask < 2 ** n; mask++) {
      for (let i = 0; i < n; i++) coins[i] = (mask >> i) & 1;
      if (atLeastObserved(statistic(coins))) extreme++;
    }
    return extreme / 2 ** n;
  }
  // 31 coins from each uniform draw below 2^31 (its bits are independent fair coins): bit k of word w swaps
  // output 31w + k. Each word's bytes index tables of the sums over every subset of their (at most 8)
  // outputs, so a pattern costs four lookups per word instead of one addition per swapped output: this test
  // runs for every pair of metrics. The sums then add in another order than `statistic`'s, which moves T* by
  // rounding alone; the 1e-12 margin above keeps rounding from deciding a count.
  const words = new Int32Array(Math.ceil(n / 31));
  const lastWordBits = n - 31 * (words.length - 1);
  const lastWordMask = lastWordBits === 31 ? 0x7fffffff : (1 << lastWordBits) - 1;
  const subsetSums = byteSubsetSums(n, [d, dd, dh]);
  let extreme = 0;
  for (let p = 0; p < options.permutations; p++) {
    options.prng.fillInts(words, 2 ** 31);
    words[words.length - 1]! &= lastWordMask;
    let s = sa;
    let ss = saa;
    let sh = sah;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      for (let k = 0; k < 4; k++) {
        const at = 3 * (256 * (4 * w + k) + ((word >>> (8 * k)) & 0xff));
        s += subsetSums[at]!;
        ss += subsetSums[at + 1]!;
        sh += subsetSums[at + 2]!;
      }
    }
    if (atLeastObserved(difference(s, ss, sh))) extreme++;
  }
  return (1 + extreme) / (1 + options.permutations);
}

/**
 * For byte k of word w (outputs 31w + 8k … 31w + 8k + 7, the fourth byte holding 7) and each of its 256
 * values, the three sums of `values` over the outputs whose bits are set, interleaved: entry
 * 3 · (256 · (4w + k) + byte) + j is the sum of values[j]. Bits that are never set (a word's 32nd, and those
 * past output n − 1) count 0.
 */
function byteSubsetSums(n: number, values: ReadonlyArray<Float64Array>): Float64Array {
  const words = Math.ceil(n / 31);
  const sums = new Float64Array(3 * 256 * 4 * words);
  for (let w = 0; w < words; w++) {
    for (let k = 0; k < 4; k++) {
      const table = 3 * 256 * (4 * w + k);
      // A byte's subset sum is the sum of the byte without its highest set bit, plus that bit's output.
      for (let byte = 1; byte < 256; byte++) {
        const bit = 31 - Math.clz32(byte);
        const i = 31 * w + 8 * k + bit;
        const counted = 8 * k + bit < 31 && i < n;
        const rest = table + 3 * (byte ^ (1 << bit));
        for (let j = 0; j < 3; j++) sums[table + 3 * byte + j] = sums[rest + j]! + (counted ? values[j]![i]! : 0);
      }
    }
  }
  return sums;
}

function centred(values: ReadonlyArray<number>): Float64Array {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  // Plain loops, not Float64Array.from or map with a callback: these run for every pair of metrics.
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! - mean;
  return out;
}

/** z-scores with the population SD (the SD's convention does not change any correlation). */
function standardised(values: ReadonlyArray<number>): Float64Array {
  const c = centred(values);
  const sd = Math.sqrt(c.reduce((sum, v) => sum + v * v, 0) / values.length);
  for (let i = 0; i < c.length; i++) c[i] = c[i]! / sd;
  return c;
}
