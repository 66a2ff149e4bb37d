import jStat from 'jstat';

/**
 * Quantiles of the distributions behind the analytic intervals, from jstat (inverse regularised
 * incomplete beta). Checked against scipy: about 1e-8 relative for t and F, which the ICC and AC tests'
 * tolerances allow for.
 */

/** q such that P(T ≤ q) = p for Student's t with `df` degrees of freedom (df may be fractional). */
export function studentTQuantile(p: number, df: number): number {
  return jStat.studentt.inv(p, df);
}

/** q such that P(F ≤ q) = p for the F distribution with (df1, df2) degrees of freedom (fractional allowed). */
export function fQuantile(p: number, df1: number, df2: number): number {
  return jStat.centralF.inv(p, df1, df2);
}

/** z such that Φ(z) = p. */
export function normalQuantile(p: number): number {
  return jStat.normal.inv(p, 0, 1);
}

/** Φ(z), the standard normal distribution function. */
export function normalCdf(z: number): number {
  return jStat.normal.cdf(z, 0, 1);
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  return jStat.studentt.cdf(t, df);
}
