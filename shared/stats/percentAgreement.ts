import { countValues, pairableUnitValues, type ReliabilityMatrix } from './reliabilityData';

/**
 * Pairwise percent agreement: over the units with at least two ratings, the share of rater pairs
 * (pooled over those units) that gave exactly the same value.
 *   agreement = Σ_u Σ_c C(n_uc, 2) / Σ_u C(m_u, 2)
 * where m_u is the number of ratings of unit u and n_uc how many of them equal c. A unit rated by
 * more raters contributes more pairs. `units` counts the units used; agreement is null when there are none.
 */
export function pairwisePercentAgreement(data: ReliabilityMatrix): { agreement: number | null; units: number } {
  const units = pairableUnitValues(data);
  let agreeingPairs = 0;
  let pairs = 0;
  for (const unit of units) {
    pairs += choose2(unit.length);
    for (const count of countValues(unit).values()) agreeingPairs += choose2(count);
  }
  return { agreement: units.length === 0 ? null : agreeingPairs / pairs, units: units.length };
}

function choose2(n: number): number {
  return (n * (n - 1)) / 2;
}
