/**
 * Exact two-sided binomial test p-value, as scipy.stats.binomtest(k, n, p).pvalue: the total
 * probability of every outcome i in 0..n with P(i) ≤ P(k) · (1 + 1e-7) (scipy's relative tolerance,
 * so outcomes as likely as k despite rounding count), capped at 1. When k = n·p the p-value is 1.
 * Returns null when trials = 0. Hand-written: simple-statistics has no exact binomial test.
 */
export function binomialTestTwoSided(successes: number, trials: number, p = 0.5): number | null {
  if (!Number.isInteger(trials) || trials < 0) {
    throw new RangeError(`Binomial test needs a whole number of trials, got ${trials}`);
  }
  if (!Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`Binomial test needs successes between 0 and ${trials}, got ${successes}`);
  }
  if (!(p >= 0 && p <= 1)) throw new RangeError(`Binomial test needs p between 0 and 1, got ${p}`);
  if (trials === 0) return null;
  if (successes === trials * p) return 1;

  const logFactorials = [0];
  for (let i = 1; i <= trials; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  const probability = (i: number): number =>
    Math.exp(
      logFactorials[trials]! - logFactorials[i]! - logFactorials[trials - i]! + xLogY(i, p) + xLogY(trials - i, 1 - p),
    );

  const threshold = probability(successes) * (1 + 1e-7);
  let pValue = 0;
  for (let i = 0; i <= trials; i++) {
    const pi = probability(i);
    if (pi <= threshold) pValue += pi;
  }
  return Math.min(1, pValue);
}

// x·log(y) with 0·log(0) = 0, so p = 0 or 1 gives the degenerate distribution rather than NaN.
function xLogY(x: number, y: number): number {
  return x === 0 ? 0 : x * Math.log(y);
}
