import { pairableUnits, type ReliabilityMatrix } from './reliabilityData';

/**
 * Pairwise percent agreement: over the units with at least two ratings, the share of rater pairs
 * (pooled over those units) that gave exactly the same value.
 *   agreement = Σ_u Σ_c C(n_uc, 2) / Σ_u C(m_u, 2)
 * where m_u is the number of ratings of unit u and n_uc how many of them equal c. A unit rated by
 * more raters contributes more pairs. `units` counts the units used; agreement is null when there are none.
 */
export function pairwisePercentAgreement(data: ReliabilityMatrix): { agreement: number | null; units: number } {
  const { count, start, values } = pairableUnits(data);
  let agreeingPairs = 0;
  let pairs = 0;
  for (let unit = 0; unit < count; unit++) {
    const from = start[unit]!;
    const to = start[unit + 1]!;
    pairs += choose2(to - from);
    // Σ_c C(n_uc, 2) is the number of pairs of the unit's values that are equal.
    for (let i = from; i < to; i++) for (let j = i + 1; j < to; j++) if (values[i] === values[j]) agreeingPairs++;
  }
  return { agreement: count === 0 ? null : agreeingPairs / pairs, units: count };
}

function choose2(n: number): number {
  return (n * (n - 1)) / 2;
}
