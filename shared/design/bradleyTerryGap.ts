/**
 * The expected 95% interval width of a Bradley–Terry log-strength difference θi − θj for a pairwise
 * design, from the Fisher information of the sum-to-zero maximum-likelihood estimate: with n_kl
 * comparisons of models k and l and p_kl = P(k beats l), the information is the weighted Laplacian
 * I = Σ n_kl p_kl(1 − p_kl)(e_k − e_l)(e_k − e_l)ᵀ, the constrained estimate's covariance its
 * Moore–Penrose inverse I⁺, and var(θi − θj) = (e_i − e_j)ᵀ I⁺ (e_i − e_j). A judgement without ties has
 * exactly this variance; ties (counted as half a win, as the analysis does) only lower it.
 */
import { normalQuantile } from '../stats/quantiles';

const Z975 = normalQuantile(0.975);

/** n_kl for every ordered pair (entry k·m + l, symmetric), when `judgements` are spread evenly over all pairs. */
export function balancedComparisons(modelCount: number, judgements: number): Float64Array {
  const pairs = (modelCount * (modelCount - 1)) / 2;
  const counts = new Float64Array(modelCount * modelCount);
  for (let k = 0; k < modelCount; k++)
    for (let l = 0; l < modelCount; l++) if (k !== l) counts[k * modelCount + l] = judgements / pairs;
  return counts;
}

/** The two models whose log-strengths lie closest (the first such pair in model order), the hardest gap to resolve. */
export function closestPair(logStrengths: ReadonlyArray<number>): [number, number] {
  let best: [number, number] = [0, 1];
  for (let i = 0; i < logStrengths.length; i++)
    for (let j = i + 1; j < logStrengths.length; j++)
      // Rounding must not pick among equally spaced strengths: a pair wins only by more than 1e-12.
      if (
        Math.abs(logStrengths[i]! - logStrengths[j]!) <
        Math.abs(logStrengths[best[0]]! - logStrengths[best[1]]!) - 1e-12
      )
        best = [i, j];
  return best;
}

/**
 * var(θi − θj) of the maximum-likelihood estimate, from I⁺: for a connected comparison graph
 * (e_i − e_j)ᵀ I⁺ (e_i − e_j) = (e_i − e_j)ᵀ (I + 11ᵀ/m)⁻¹ (e_i − e_j), as 11ᵀ/m adds only along the null
 * direction 1, which e_i − e_j is orthogonal to. Null when the comparisons do not connect every model
 * (the matrix is then singular: the models are on separate scales).
 */
export function logStrengthGapVariance(
  logStrengths: ReadonlyArray<number>,
  comparisons: Float64Array,
  i: number,
  j: number,
): number | null {
  const m = logStrengths.length;
  const matrix = Array.from({ length: m }, () => new Float64Array(m).fill(1 / m));
  for (let k = 0; k < m; k++) {
    for (let l = 0; l < m; l++) {
      if (k === l) continue;
      const p = 1 / (1 + Math.exp(logStrengths[l]! - logStrengths[k]!));
      const weight = comparisons[k * m + l]! * p * (1 - p);
      matrix[k]![l]! -= weight;
      matrix[k]![k]! += weight;
    }
  }
  const difference = new Float64Array(m);
  difference[i] = 1;
  difference[j] = -1;
  const solution = solveSymmetric(matrix, difference);
  if (solution === null) return null;
  const variance = solution[i]! - solution[j]!;
  return Number.isFinite(variance) && variance > 0 ? variance : null;
}

/** The expected width of the 95% Wald interval θ̂i − θ̂j ± z·√var. */
export function logStrengthGapWidth(
  logStrengths: ReadonlyArray<number>,
  comparisons: Float64Array,
  i: number,
  j: number,
): number | null {
  const variance = logStrengthGapVariance(logStrengths, comparisons, i, j);
  return variance === null ? null : 2 * Z975 * Math.sqrt(variance);
}

/** Gaussian elimination with partial pivoting (m is the number of models: a handful); null when singular. */
function solveSymmetric(matrix: Float64Array[], rhs: Float64Array): Float64Array | null {
  const m = rhs.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const b = Float64Array.from(rhs);
  const scale = Math.max(...a.map((row) => Math.max(...row.map(Math.abs))));
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) <= 1e-12 * scale) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    [b[c], b[pivot]] = [b[pivot]!, b[c]!];
    for (let r = c + 1; r < m; r++) {
      const factor = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < m; k++) a[r]![k]! -= factor * a[c]![k]!;
      b[r]! -= factor * b[c]!;
    }
  }
  const x = new Float64Array(m);
  for (let r = m - 1; r >= 0; r--) {
    let sum = b[r]!;
    for (let k = r + 1; k < m; k++) sum -= a[r]![k]! * x[k]!;
    x[r] = sum / a[r]![r]!;
  }
  return x;
}
