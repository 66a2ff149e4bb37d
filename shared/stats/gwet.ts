import { studentTQuantile } from './quantiles';
import type { ReliabilityMatrix } from './reliabilityData';

export type GwetWeights = 'identity' | 'quadratic';

export interface GwetAgreement {
  /** AC1 (identity weights) or AC2 (quadratic weights). */
  coefficient: number;
  standard_error: number | null;
  /** coefficient ± t(0.975, n − 1) · SE, the upper end capped at 1, as irrCAC reports it. */
  ci95: [number, number] | null;
  /** Units with at least one rating (Gwet's n). */
  n: number;
  percent_agreement: number;
  chance_agreement: number;
}

/**
 * Gwet's agreement coefficient for any number of raters with missing ratings (Gwet 2014, Handbook of
 * Inter-Rater Reliability, 4th ed., ch. 5; irrCAC::gwet.ac1.raw), on a reliability matrix (rows = raters,
 * columns = units, null = missing) over the q `categories`:
 *
 * - r_ik = raters who put unit i in category k, r_i = Σ_k r_ik, r*_ik = Σ_l w_kl r_il;
 * - p_a = mean over units with r_i ≥ 2 of Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1));
 * - π_k = (1/n) Σ_i r_ik / r_i over the n units with r_i ≥ 1;
 * - p_e = T_w / (q (q − 1)) · Σ_k π_k (1 − π_k), T_w = Σ_kl w_kl;  AC = (p_a − p_e) / (1 − p_e);
 * - variance = Σ_i (AC*_i − AC)² / (n (n − 1)) with the linearised unit terms
 *   AC*_i = (n / n₂)(p_a|i − p_e [r_i ≥ 2]) / (1 − p_e) − 2 (1 − AC)(p_e|i − p_e) / (1 − p_e),
 *   p_e|i = T_w / (q (q − 1)) · Σ_k r_ik (1 − π_k) / r_i (the finite-population factor is 1).
 *
 * Weights: identity gives AC1; quadratic w_kl = 1 − (x_k − x_l)² / (x_max − x_min)² gives AC2.
 * Returns null when no unit has two ratings or chance agreement is 1.
 * Hand-written: irrCAC is R only; no npm package computes it.
 */
export function gwetAgreement(
  data: ReliabilityMatrix,
  categories: ReadonlyArray<number>,
  weights: GwetWeights,
): GwetAgreement | null {
  const q = categories.length;
  if (q < 2) return null;
  const position = new Map(categories.map((c, i) => [c, i]));
  const span = categories.reduce((a, b) => Math.max(a, b)) - categories.reduce((a, b) => Math.min(a, b));
  // Loops rather than nested reduce callbacks: the analysis runs this once per dimension, mostly before V8 has
  // optimised it, where every callback is an interpreted call. The sums add in the same order as the formulas.
  const w = new Float64Array(q * q);
  let weightTotal = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      w[k * q + l] =
        weights === 'identity' ? (k === l ? 1 : 0) : 1 - (categories[k]! - categories[l]!) ** 2 / span ** 2;
      weightTotal += w[k * q + l]!;
    }
  }

  // counts[i · q + k] = r_ik over the n units with at least one rating, in column order (one flat array:
  // this runs for every dimension of an analysis).
  const unitCount = data[0]?.length ?? 0;
  const counts = new Float64Array(unitCount * q);
  let n = 0;
  for (let unit = 0; unit < unitCount; unit++) {
    let rated = 0;
    for (let r = 0; r < data.length; r++) {
      const value = data[r]![unit];
      if (value === null || value === undefined) continue;
      const k = position.get(value);
      if (k === undefined)
        throw new RangeError(`Rating ${value} is not one of the categories ${categories.join(', ')}`);
      counts[n * q + k]! += 1;
      rated++;
    }
    if (rated > 0) n++;
  }
  const ratersOf = new Float64Array(n);
  const agreeing = new Float64Array(n);
  let pairableCount = 0;
  for (let i = 0; i < n; i++) {
    const row = i * q;
    let raters = 0;
    let agreement = 0;
    for (let k = 0; k < q; k++) raters += counts[row + k]!;
    for (let k = 0; k < q; k++) {
      let weighted = 0;
      for (let l = 0; l < q; l++) weighted += w[k * q + l]! * counts[row + l]!;
      agreement += counts[row + k]! * (weighted - 1);
    }
    ratersOf[i] = raters;
    agreeing[i] = agreement;
    if (raters >= 2) pairableCount++;
  }
  if (pairableCount === 0) return null;

  let pa = 0;
  for (let i = 0; i < n; i++) if (ratersOf[i]! >= 2) pa += agreeing[i]! / (ratersOf[i]! * (ratersOf[i]! - 1));
  pa /= pairableCount;
  const pi = new Float64Array(q);
  for (let k = 0; k < q; k++) {
    let share = 0;
    for (let i = 0; i < n; i++) share += counts[i * q + k]! / ratersOf[i]!;
    pi[k] = share / n;
  }
  const chanceFactor = weightTotal / (q * (q - 1));
  let chance = 0;
  for (let k = 0; k < q; k++) chance += pi[k]! * (1 - pi[k]!);
  const pe = chanceFactor * chance;
  if (pe === 1) return null;
  const coefficient = (pa - pe) / (1 - pe);

  let standardError: number | null = null;
  let ci95: [number, number] | null = null;
  if (n >= 2) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const pairable = ratersOf[i]! >= 2;
      const paI = pairable ? agreeing[i]! / (ratersOf[i]! * (ratersOf[i]! - 1)) : 0;
      const coefficientI = ((n / pairableCount) * (paI - (pairable ? pe : 0))) / (1 - pe);
      let chanceOfUnit = 0;
      for (let k = 0; k < q; k++) chanceOfUnit += counts[i * q + k]! * (1 - pi[k]!);
      const peI = (chanceFactor * chanceOfUnit) / ratersOf[i]!;
      const linearised = coefficientI - (2 * (1 - coefficient) * (peI - pe)) / (1 - pe);
      sum += (linearised - coefficient) ** 2;
    }
    standardError = Math.sqrt(sum / (n * (n - 1)));
    const half = studentTQuantile(0.975, n - 1) * standardError;
    ci95 = [coefficient - half, Math.min(1, coefficient + half)];
  }
  return { coefficient, standard_error: standardError, ci95, n, percent_agreement: pa, chance_agreement: pe };
}
