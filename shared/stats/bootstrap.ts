import type { Prng } from '../prng';

export interface BootstrapOptions {
  /** Number of resamples B. */
  resamples: number;
  /** Source of the resampled indices, so an interval is reproducible from its seed. */
  prng: Prng;
  /** Coverage of the interval, 0.95 by default. */
  level?: number;
}

/**
 * Percentile bootstrap interval of `statistic` over n units.
 *
 * Each of the B resamples draws n indices from 0..n−1 with replacement, in order, with
 * prng.nextInt(n), and evaluates `statistic` on them. Resamples whose statistic is null (or not finite,
 * e.g. a constant resample) are skipped. The interval is the (1−level)/2 and (1+level)/2 quantiles of
 * the remaining values, with numpy's default "linear" rule: for sorted values v₀…v_{m−1} and
 * probability p, h = (m−1)·p and q = v_⌊h⌋ + (h − ⌊h⌋)(v_⌊h⌋+1 − v_⌊h⌋).
 *
 * Returns null when n < 3 or fewer than half of the resamples gave a value.
 * Hand-written: simple-statistics' quantileSorted uses a different quantile rule.
 */
export function bootstrapPercentileInterval(
  n: number,
  statistic: (indices: ReadonlyArray<number>) => number | null,
  options: BootstrapOptions,
): [number, number] | null {
  const { resamples, prng, level = 0.95 } = options;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`Bootstrap needs a positive whole number of resamples, got ${resamples}`);
  }
  if (!(level > 0 && level < 1)) throw new RangeError(`Bootstrap level must be between 0 and 1, got ${level}`);
  if (!Number.isInteger(n) || n < 3) return null;

  const values: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const indices = Array.from({ length: n }, () => prng.nextInt(n));
    const value = statistic(indices);
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (values.length * 2 < resamples) return null;
  values.sort((a, b) => a - b);
  return [linearQuantileSorted(values, (1 - level) / 2), linearQuantileSorted(values, (1 + level) / 2)];
}

/** numpy.quantile(sorted, p) with the default method="linear". */
export function linearQuantileSorted(sorted: ReadonlyArray<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (h - below) * (upper - lower);
}
