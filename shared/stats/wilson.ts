import { normalQuantile } from './quantiles';

/**
 * Wilson score interval for a binomial proportion k/n (Wilson 1927), as
 * scipy.stats.binomtest(k, n).proportion_ci(method="wilson"):
 *   centre = (p̂ + z²/2n) / (1 + z²/n),  half = z / (1 + z²/n) · √(p̂(1 − p̂)/n + z²/4n²),
 * with the ends set to exactly 0 when k = 0 and 1 when k = n. Null when n = 0.
 */
export function wilsonInterval(successes: number, trials: number, level = 0.95): [number, number] | null {
  if (!Number.isInteger(trials) || trials < 0 || !Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`Wilson interval needs 0 ≤ successes ≤ trials (whole numbers), got ${successes} of ${trials}`);
  }
  if (trials === 0) return null;
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = successes / trials;
  const shrink = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / shrink;
  const half = (z / shrink) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return [successes === 0 ? 0 : centre - half, successes === trials ? 1 : centre + half];
}
