import type { Prng } from '../prng';
import { normalCdf, normalQuantile } from './quantiles';

export interface BootstrapOptions {
  /** Number of resamples B. */
  resamples: number;
  /** Source of the resampled indices, so an interval is reproducible from its seed. */
  prng: Prng;
  /** Coverage of the interval, 0.95 by default. */
  level?: number;
}

/**
 * A statistic of a resample given as multiplicities: `counts[offset + i]` is how many times unit i was
 * drawn (0, 1, 2, …; the n values sum to n). Every statistic here (ρ, α, κ) depends only on how often
 * each unit occurs, not on draw order, so no resample is ever materialised, and one flat array holds them
 * all (no view is allocated per resample).
 */
export type ResampleStatistic = (counts: Int32Array, offset: number) => number | null;

/**
 * Percentile bootstrap interval of a statistic over n units: resamplesOf(n, …) then
 * percentileIntervalOfResamples. Returns null when n < 3 or fewer than half of the resamples gave a value.
 */
export function bootstrapPercentileInterval(
  n: number,
  statistic: ResampleStatistic,
  options: BootstrapOptions,
): [number, number] | null {
  const { resamples, prng, level = 0.95 } = options;
  checkResamples(resamples, level);
  if (!Number.isInteger(n) || n < 3) return null;
  return percentileIntervalOfResamples(resamplesOf(n, resamples, prng), n, statistic, level);
}

/**
 * B bootstrap resamples of n units as multiplicities, flattened: entry b·n + i is how many times resample b
 * drew unit i. Each resample draws n indices from 0..n−1 with replacement (prng.fillInts: the same stream
 * as n calls of prng.nextInt(n)), resample after resample. Several statistics of the same units can share
 * one set of resamples (a paired bootstrap).
 */
export function resamplesOf(n: number, resamples: number, prng: Prng): Int32Array {
  checkResamples(resamples, 0.95);
  const counts = new Int32Array(n * resamples);
  const indices = new Int32Array(n);
  for (let b = 0; b < resamples; b++) drawResample(n, prng, indices, counts.subarray(b * n, (b + 1) * n));
  return counts;
}

/**
 * Draws one resample of n units into `counts` (its multiplicities, n entries), using `indices` (n entries)
 * as scratch space: the next resample of the stream resamplesOf draws.
 */
export function drawResample(n: number, prng: Prng, indices: Int32Array, counts: Int32Array): void {
  prng.fillInts(indices, n);
  counts.fill(0);
  for (let draw = 0; draw < n; draw++) counts[indices[draw]!]! += 1;
}

/** Draws and drops the indices of `resamples` resamples of n units: `prng` then stands where resamplesOf would leave it. */
export function skipResamples(n: number, resamples: number, prng: Prng): void {
  const indices = new Int32Array(n);
  for (let b = 0; b < resamples; b++) prng.fillInts(indices, n);
}

/**
 * The percentile interval of `statistic` over resamples made by resamplesOf(n, …): percentileIntervalOfValues
 * of its resampledValues.
 */
export function percentileIntervalOfResamples(
  counts: Int32Array,
  n: number,
  statistic: ResampleStatistic,
  level = 0.95,
): [number, number] | null {
  return percentileIntervalOfValues(resampledValues(counts, n, statistic), level);
}

/**
 * `statistic` on each resample made by resamplesOf(n, …), in order; NaN where it is null or not finite
 * (e.g. a constant resample).
 */
export function resampledValues(counts: Int32Array, n: number, statistic: ResampleStatistic): Float64Array {
  const values = new Float64Array(counts.length / n);
  for (let b = 0; b < values.length; b++) {
    values[b] = definedOrNaN(statistic(counts, b * n));
  }
  return values;
}

/** A statistic's value on a resample as resampledValues stores it: NaN where it is null or not finite. */
export function definedOrNaN(value: number | null): number {
  return value !== null && Number.isFinite(value) ? value : NaN;
}

/**
 * The percentile interval of a statistic's values on B resamples, those that are NaN (undefined) skipped:
 * the (1−level)/2 and (1+level)/2 quantiles of the remaining values, with numpy's default "linear" rule:
 * for sorted values v₀…v_{m−1} and probability p, h = (m−1)·p and q = v_⌊h⌋ + (h − ⌊h⌋)(v_⌊h⌋+1 − v_⌊h⌋).
 * Null when fewer than half of the resamples gave a value.
 * Hand-written: simple-statistics' quantileSorted uses a different quantile rule.
 */
export function percentileIntervalOfValues(values: Float64Array, level = 0.95): [number, number] | null {
  const sorted = sortedDefined(values);
  if (!sorted) return null;
  return [linearQuantileSorted(sorted, (1 - level) / 2), linearQuantileSorted(sorted, (1 + level) / 2)];
}

/** How a bootstrap interval is formed from the resamples' values. */
export type BootstrapMethod = 'percentile' | 'bca';

/**
 * The bias-corrected and accelerated (BCa) interval (Efron & Tibshirani 1993, §14.3 and eq. 14.15) of
 * `statistic` over resamples made by resamplesOf(n, …), as scipy.stats.bootstrap(method="BCa"):
 * bcaIntervalOfValues of its resampledValues, with the acceleration from its leave-one-out values.
 */
export function bcaIntervalOfResamples(
  counts: Int32Array,
  n: number,
  statistic: ResampleStatistic,
  estimate: number,
  level = 0.95,
): [number, number] | null {
  return bcaIntervalOfValues(
    resampledValues(counts, n, statistic),
    estimate,
    jackknifeAcceleration(n, statistic),
    level,
  );
}

/**
 * The BCa interval of a statistic from its values on B resamples (NaN = undefined, skipped), its value
 * `estimate` (θ̂) on the full sample and the acceleration (jackknifeAcceleration):
 * - bias correction z₀ = Φ⁻¹(p) with p = (#{θ*_b < θ̂} + #{θ*_b ≤ θ̂}) / 2B over the B defined resamples;
 * - the interval is the linear quantiles (as the percentile interval) at Φ(z₀ + (z₀ + z)/(1 − a(z₀ + z)))
 *   for z = Φ⁻¹((1 − level)/2) and Φ⁻¹((1 + level)/2).
 * Null when fewer than half the resamples gave a value, when θ̂ lies outside every resample (p = 0 or 1:
 * no bias correction exists), or when a level is undefined.
 */
export function bcaIntervalOfValues(
  values: Float64Array,
  estimate: number,
  acceleration: number,
  level = 0.95,
): [number, number] | null {
  const sorted = sortedDefined(values);
  if (!sorted) return null;
  let below = 0;
  let atOrBelow = 0;
  for (const value of sorted) {
    if (value < estimate) below++;
    if (value <= estimate) atOrBelow++;
  }
  const share = (below + atOrBelow) / (2 * sorted.length);
  if (share === 0 || share === 1) return null;
  const biasCorrection = normalQuantile(share);
  const adjusted = (tail: number): number | null => {
    const z = biasCorrection + normalQuantile(tail);
    const p = normalCdf(biasCorrection + z / (1 - acceleration * z));
    return Number.isFinite(p) ? p : null;
  };
  const lower = adjusted((1 - level) / 2);
  const upper = adjusted((1 + level) / 2);
  if (lower === null || upper === null) return null;
  return [linearQuantileSorted(sorted, lower), linearQuantileSorted(sorted, upper)];
}

/**
 * The BCa acceleration a = Σ U_i³ / (6 (Σ U_i²)^{3/2}) with U_i = (n − 1)(θ̄₍.₎ − θ̂₍i₎) from the n
 * leave-one-out (jackknife) values θ̂₍i₎ of the statistic (undefined ones skipped); 0 when they do not vary.
 */
export function jackknifeAcceleration(n: number, statistic: ResampleStatistic): number {
  return accelerationOfLeaveOneOut(leaveOneOutValues(n, statistic));
}

/** The statistic without unit i, for i = 0 … n − 1 (NaN where it is undefined or not finite). */
export function leaveOneOutValues(n: number, statistic: ResampleStatistic): Float64Array {
  const counts = new Int32Array(n).fill(1);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    counts[i] = 0;
    values[i] = definedOrNaN(statistic(counts, 0));
    counts[i] = 1;
  }
  return values;
}

/** The BCa acceleration (jackknifeAcceleration) from the leave-one-out values, NaN ones skipped. */
export function accelerationOfLeaveOneOut(leaveOneOut: Float64Array): number {
  // Loops, not filter and reduce with callbacks: this runs for every BCa interval, mostly before V8 has optimised it.
  let count = 0;
  let sum = 0;
  for (let i = 0; i < leaveOneOut.length; i++) {
    const value = leaveOneOut[i]!;
    if (Number.isNaN(value)) continue;
    count++;
    sum += value;
  }
  const centre = sum / count;
  let squares = 0;
  let cubes = 0;
  for (let i = 0; i < leaveOneOut.length; i++) {
    const value = leaveOneOut[i]!;
    if (Number.isNaN(value)) continue;
    const u = (count - 1) * (centre - value);
    squares += u * u;
    cubes += u * u * u;
  }
  return squares > 0 ? cubes / (6 * squares ** 1.5) : 0;
}

/** The defined (not NaN) values, sorted; null when fewer than half are defined. */
function sortedDefined(values: Float64Array): Float64Array | null {
  // A loop, not filter with a callback: every interval of an analysis reads its B values here, at its end.
  const defined = new Float64Array(values.length);
  let count = 0;
  for (let b = 0; b < values.length; b++) if (!Number.isNaN(values[b]!)) defined[count++] = values[b]!;
  if (count * 2 < values.length) return null;
  return defined.subarray(0, count).sort();
}

function checkResamples(resamples: number, level: number): void {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`Bootstrap needs a positive whole number of resamples, got ${resamples}`);
  }
  if (!(level > 0 && level < 1)) throw new RangeError(`Bootstrap level must be between 0 and 1, got ${level}`);
}

/** numpy.quantile(sorted, p) with the default method="linear". */
export function linearQuantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (h - below) * (upper - lower);
}
