import { sampleStandardDeviation } from 'simple-statistics';
import { linearQuantileSorted } from './bootstrap';
import { mean } from './mean';
import { studentTQuantile } from './quantiles';

/** Sample standard deviation (n − 1 denominator, numpy std(ddof=1)); null for fewer than 2 values. */
export function sampleSd(values: ReadonlyArray<number>): number | null {
  return values.length < 2 ? null : sampleStandardDeviation([...values]);
}

/** Median and quartiles with numpy's default linear rule; null for no values. */
export function quartiles(values: ReadonlyArray<number>): { q1: number; median: number; q3: number } | null {
  if (values.length === 0) return null;
  const sorted = new Float64Array(values).sort();
  return {
    q1: linearQuantileSorted(sorted, 0.25),
    median: linearQuantileSorted(sorted, 0.5),
    q3: linearQuantileSorted(sorted, 0.75),
  };
}

/**
 * Mean with its Student t 95% interval, mean ± t(0.975, n − 1) · sd / √n (for paired differences this is
 * the paired t interval). The interval is null for fewer than 2 values.
 */
export function meanWithTInterval(values: ReadonlyArray<number>): {
  mean: number | null;
  ci95: [number, number] | null;
} {
  const centre = mean(values);
  const sd = sampleSd(values);
  if (centre === null || sd === null) return { mean: centre, ci95: null };
  const half = (studentTQuantile(0.975, values.length - 1) * sd) / Math.sqrt(values.length);
  return { mean: centre, ci95: [centre - half, centre + half] };
}
