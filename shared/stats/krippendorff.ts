import { countValues, pairableUnitValues, type ReliabilityMatrix } from './reliabilityData';

export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval';

/**
 * Krippendorff's alpha = 1 − D_o / D_e for a reliability matrix (rows = raters, columns = units,
 * null = missing), following Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability":
 *
 * - only units with at least two values (m_u ≥ 2) are pairable; the others are dropped;
 * - coincidences o_ck = Σ_u (number of c–k pairs of different raters in u) / (m_u − 1);
 * - n_c = Σ_k o_ck over the values that occur in pairable units, n = Σ_c n_c;
 * - alpha = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck with
 *   nominal δ² = [c ≠ k], interval δ² = (c − k)²,
 *   ordinal δ² = (Σ_{g=c..k} n_g − (n_c + n_k)/2)² over the sorted occurring values.
 *
 * Returns null when alpha is undefined: no pairable unit, or no expected disagreement (one value only).
 * Hand-written: no maintained npm package computes alpha with missing data and these three levels.
 */
export function krippendorffAlpha(data: ReliabilityMatrix, level: MeasurementLevel): number | null {
  const units = pairableUnitValues(data);
  if (units.length === 0) return null;

  const values = [...new Set(units.flat())].sort((a, b) => a - b);
  const indexOf = new Map(values.map((value, index) => [value, index]));
  const coincidences = values.map(() => values.map(() => 0));
  for (const unit of units) {
    const counts = [...countValues(unit)];
    for (const [c, countC] of counts) {
      for (const [k, countK] of counts) {
        const pairs = c === k ? countC * (countC - 1) : countC * countK;
        coincidences[indexOf.get(c)!]![indexOf.get(k)!]! += pairs / (unit.length - 1);
      }
    }
  }
  const marginals = coincidences.map((row) => row.reduce((sum, o) => sum + o, 0));
  const total = marginals.reduce((sum, n) => sum + n, 0);
  const distance = distanceFunction(level, values, marginals);

  let observed = 0;
  let expected = 0;
  for (let c = 0; c < values.length; c++) {
    for (let k = 0; k < values.length; k++) {
      const d = distance(c, k);
      observed += coincidences[c]![k]! * d;
      expected += (marginals[c]! * marginals[k]! * d) / (total - 1);
    }
  }
  return expected === 0 ? null : 1 - observed / expected;
}

/** δ² between the values at sorted indices c and k. */
function distanceFunction(
  level: MeasurementLevel,
  values: ReadonlyArray<number>,
  marginals: ReadonlyArray<number>,
): (c: number, k: number) => number {
  switch (level) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => (values[c]! - values[k]!) ** 2;
    case 'ordinal': {
      // cumulative[i] = n_0 + … + n_{i−1}, so any Σ_{g=c..k} n_g is one subtraction.
      const cumulative = [0];
      marginals.forEach((n, i) => cumulative.push(cumulative[i]! + n));
      return (c, k) => {
        const [lo, hi] = c <= k ? [c, k] : [k, c];
        return (cumulative[hi + 1]! - cumulative[lo]! - (marginals[lo]! + marginals[hi]!) / 2) ** 2;
      };
    }
  }
}
