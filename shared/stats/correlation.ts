import { sampleCorrelation } from 'simple-statistics';
import type { ResampleStatistic } from './bootstrap';
import { CorrelationResamples, checkFinite, tieGroups, type TieGroups } from './correlationResamples';
import type { RankCache } from './rankCache';
import { firstAbove, firstAtLeast } from './sortedValues';

/**
 * Correlation coefficients as scipy.stats computes them, but returning null (never NaN) when the
 * coefficient is undefined or meaningless: fewer than 3 pairs, or either input constant.
 */

/** Pearson's r (scipy.stats.pearsonr), via simple-statistics sampleCorrelation. */
export function pearson(x: ReadonlyArray<number>, y: ReadonlyArray<number>): number | null {
  if (!isCorrelatable(x, y)) return null;
  return clampToUnit(sampleCorrelation([...x], [...y]));
}

/**
 * Spearman's rho (scipy.stats.spearmanr): Pearson's r of the average ranks, as simple-statistics
 * sampleRankCorrelation computes it (sampleCorrelation of its midranks), with the ranks found faster.
 */
export function spearman(
  x: ReadonlyArray<number>,
  y: ReadonlyArray<number>,
  ranks: Pick<RankCache, 'midranks'> = { midranks },
): number | null {
  if (!isCorrelatable(x, y)) return null;
  return clampToUnit(sampleCorrelation(ranks.midranks(x), ranks.midranks(y)));
}

/**
 * Each (finite) value's rank from 0, tied values sharing the mean of the ranks they span: the numbers of
 * simple-statistics' midranks, found by a native sort of the values instead of a comparator over
 * [value, index] pairs (which took most of the analysis' Spearman time), and each value's run of equals
 * in the sorted values by binary search (a Map from value to rank cost as much as the sort). +0 and −0
 * tie, as there.
 */
export function midranks(values: ReadonlyArray<number>): number[] {
  const sorted = new Float64Array(values).sort();
  return values.map((value) => (firstAtLeast(sorted, value) + firstAbove(sorted, value) - 1) / 2);
}

/**
 * Spearman's ρ of bootstrap resamples of the pairs (x_i, y_i), for bootstrapPercentileInterval: the
 * average ranks of each resample's draws (tie groups sorted once), ρ = Σ w (r_x − c)(r_y − c) /
 * √(Σ w (r_x − c)² · Σ w (r_y − c)²) with c the mean rank of the draws; a pair drawn w times counts w times,
 * exactly as in scipy.stats.spearmanr on the expanded resample (CorrelationResamples).
 */
export function spearmanResampler(x: ReadonlyArray<number>, y: ReadonlyArray<number>): ResampleStatistic {
  isCorrelatable(x, y);
  const resamples = new CorrelationResamples(x.length);
  resamples.add('spearman', x, y);
  return resamples.statistic();
}

/**
 * Kendall's tau-b (scipy.stats.kendalltau): (C − D) / √((n₀ − n₁)(n₀ − n₂)), with C/D the concordant /
 * discordant pairs, n₀ = n(n−1)/2 and n₁, n₂ the pairs tied in x, in y.
 * Hand-written (no npm package computes tau-b with ties) with Knight's O(n log n) algorithm: sort by
 * (x, y), then the discordant pairs are the inversions of y, counted by a merge sort.
 */
export function kendallTauB(
  x: ReadonlyArray<number>,
  y: ReadonlyArray<number>,
  ranks: Pick<RankCache, 'tieGroups'> = { tieGroups },
): number | null {
  if (!isCorrelatable(x, y)) return null;
  const n = x.length;
  const { xs, ys } = sortedPairs(ranks.tieGroups(x), ranks.tieGroups(y));

  const tiedInX = tiedPairs(xs);
  const tiedInBoth = tiedPairs(xs, ys);
  const discordant = countInversionsAndSort(ys);
  const tiedInY = tiedPairs(ys);

  const allPairs = (n * (n - 1)) / 2;
  const concordantMinusDiscordant = allPairs - tiedInX - tiedInY + tiedInBoth - 2 * discordant;
  const tau = concordantMinusDiscordant / Math.sqrt(allPairs - tiedInX) / Math.sqrt(allPairs - tiedInY);
  return clampToUnit(tau);
}

/**
 * The pairs sorted by x, then y, each value as its tie group (its place among the distinct values): the
 * ties and inversions counted below are those of the values. A native sort of one number per pair, not a
 * comparator over indices (which was most of the analysis' Kendall time).
 */
function sortedPairs(xGroups: TieGroups, yGroups: TieGroups): { xs: Int32Array; ys: Int32Array } {
  const n = xGroups.groupOf.length;
  const width = yGroups.groups;
  // Below n² ≤ 2^53 for any n an analysis meets, so every key is an exact integer.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = xGroups.groupOf[i]! * width + yGroups.groupOf[i]!;
  keys.sort();
  // Group numbers are below n, so they fit in 32 bits.
  const xs = new Int32Array(n);
  const ys = new Int32Array(n);
  for (let i = 0; i < keys.length; i++) {
    xs[i] = Math.floor(keys[i]! / width);
    ys[i] = keys[i]! - xs[i]! * width;
  }
  return { xs, ys };
}

/**
 * Σ t(t−1)/2 over the runs of consecutive equal values of `sorted` (ties in one variable), or, with `also`, over
 * the runs equal in both (pairs tied in both variables). Loops of their own, not a callback per position: this
 * runs for every correlation of an analysis, mostly before V8 has optimised it.
 */
function tiedPairs(sorted: Int32Array, also?: Int32Array): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1] && (also === undefined || also[i] === also[i - 1])) {
      run++;
    } else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
}

/** Sorts `values` in place (bottom-up merge sort) and returns the number of strict inversions. */
function countInversionsAndSort(values: Int32Array): number {
  let inversions = 0;
  let source = values.slice();
  let target = new Int32Array(values.length);
  for (let width = 1; width < values.length; width *= 2) {
    for (let lo = 0; lo < values.length; lo += 2 * width) {
      const mid = Math.min(lo + width, values.length);
      const hi = Math.min(lo + 2 * width, values.length);
      let left = lo;
      let right = mid;
      for (let out = lo; out < hi; out++) {
        if (right >= hi || (left < mid && source[left]! <= source[right]!)) {
          target[out] = source[left++]!;
        } else {
          inversions += mid - left;
          target[out] = source[right++]!;
        }
      }
    }
    const sorted = target;
    target = source;
    source = sorted;
  }
  values.set(source);
  return inversions;
}

function isCorrelatable(x: ReadonlyArray<number>, y: ReadonlyArray<number>): boolean {
  if (x.length !== y.length) {
    throw new RangeError(`Correlation needs paired values, got ${x.length} and ${y.length}`);
  }
  checkFinite(x);
  checkFinite(y);
  return x.length >= 3 && !isConstant(x) && !isConstant(y);
}

function isConstant(values: ReadonlyArray<number>): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] !== values[0]) return false;
  return true;
}

// Rounding can push |r| a hair past 1; scipy clips the same way.
function clampToUnit(r: number): number {
  return Math.min(1, Math.max(-1, r));
}
