/**
 * The intervals a design plan predicts with: closed-form or leave-one-out, so thousands of simulated
 * studies cost seconds where a bootstrap of each would cost hours. Each approximates the interval the
 * analysis reports (BCa bootstrap for ρ and α, Wilson for shares); the validation simulation
 * (test/unit/design/validation.test.ts) measures how closely.
 */
import { normalQuantile } from '../stats/quantiles';

const Z95 = normalQuantile(0.975);

/**
 * Fisher-z interval for Spearman's ρ with Bonett & Wright's (2000) variance (1 + ρ²/2)/(n − 3):
 * tanh(atanh ρ ± z·√((1 + ρ²/2)/(n − 3))). Null when n ≤ 3 or ρ is ±1 or undefined.
 */
export function spearmanFisherInterval(rho: number | null, n: number): [number, number] | null {
  if (rho === null || n <= 3 || Math.abs(rho) >= 1) return null;
  const half = Z95 * Math.sqrt((1 + (rho * rho) / 2) / (n - 3));
  const centre = Math.atanh(rho);
  return [Math.tanh(centre - half), Math.tanh(centre + half)];
}

/** Ratings of units on categories 0..K−1: unit u holds values[start[u] .. start[u + 1]). */
export interface CategoryUnits {
  categories: number;
  start: Int32Array;
  values: Int32Array;
}

export interface AlphaJackknife {
  alpha: number | null;
  /** α̂ ± z·SE over pairable units, SE² = (m − 1)/m · Σ(α₍₋ᵤ₎ − ᾱ)²; null when α or a leave-one-out α is undefined. */
  ci95: [number, number] | null;
  /** Pairable units (two or more values). */
  units: number;
}

/**
 * Krippendorff's ordinal α (as shared/stats/krippendorff.ts, on category ranks) and its jackknife
 * interval over units. Each unit's coincidences are taken out of the totals in turn, so the m
 * leave-one-out values cost O(m·K²), not m full recomputations.
 */
export function ordinalAlphaJackknife(data: CategoryUnits): AlphaJackknife {
  const k = data.categories;
  const total = new Float64Array(k * k);
  const own = new Float64Array(k * k);
  const pairable: number[] = [];
  for (let u = 0; u + 1 < data.start.length; u++) {
    if (data.start[u + 1]! - data.start[u]! >= 2) pairable.push(u);
  }
  for (const u of pairable) addUnit(data, u, total, 1);
  const alpha = alphaOfCoincidences(total, k);
  const m = pairable.length;
  if (alpha === null || m < 3) return { alpha, ci95: null, units: m };
  const leaveOneOut = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    own.set(total);
    addUnit(data, pairable[i]!, own, -1);
    const value = alphaOfCoincidences(own, k);
    if (value === null) return { alpha, ci95: null, units: m };
    leaveOneOut[i] = value;
  }
  let sum = 0;
  for (const value of leaveOneOut) sum += value;
  const centre = sum / m;
  let squares = 0;
  for (const value of leaveOneOut) squares += (value - centre) ** 2;
  const se = Math.sqrt(((m - 1) / m) * squares);
  return { alpha, ci95: [alpha - Z95 * se, alpha + Z95 * se], units: m };
}

/** Adds (sign 1) or removes (−1) unit u's coincidences, each c–k pair of values weighted 1/(m_u − 1). */
function addUnit(data: CategoryUnits, u: number, coincidences: Float64Array, sign: number): void {
  const first = data.start[u]!;
  const end = data.start[u + 1]!;
  const weight = sign / (end - first - 1);
  const k = data.categories;
  for (let a = first; a < end; a++) {
    for (let b = first; b < end; b++) {
      if (a !== b) coincidences[data.values[a]! * k + data.values[b]!]! += weight;
    }
  }
}

/** 1 − (n − 1)·Σ o_ck δ²_ck / Σ n_c n_k δ²_ck with the ordinal δ²; null without expected disagreement. */
function alphaOfCoincidences(coincidences: Float64Array, k: number): number | null {
  const marginals = new Float64Array(k);
  let n = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < k; d++) marginals[c]! += coincidences[c * k + d]!;
    n += marginals[c]!;
  }
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    let between = 0; // Σ_{g=c..d} n_g
    for (let d = c; d < k; d++) {
      between += marginals[d]!;
      if (d === c) continue;
      const delta = (between - (marginals[c]! + marginals[d]!) / 2) ** 2;
      observed += 2 * coincidences[c * k + d]! * delta;
      expected += 2 * marginals[c]! * marginals[d]! * delta;
    }
  }
  // Removing a unit leaves rounding residue in place of zeros; a sum this small is no disagreement.
  if (n < 2 || expected <= 1e-9 * n * n) return null;
  return 1 - ((n - 1) * observed) / expected;
}
