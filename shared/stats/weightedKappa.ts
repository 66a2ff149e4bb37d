import type { ResampleStatistic } from './bootstrap';

export type KappaWeights = 'quadratic' | 'linear' | 'none';

/**
 * Cohen's kappa between two raters' paired ratings, weighted over the full category list, defined as
 * scikit-learn's cohen_kappa_score(a, b, labels=categories, weights=…):
 *   κ = 1 − Σ w_ij O_ij / Σ w_ij E_ij,   E_ij = row_i · col_j / n,
 * where O is the confusion matrix over `categories`, and w_ij is (i − j)² (quadratic), |i − j| (linear)
 * or [i ≠ j] (none), with i, j the positions in `categories` (so [1..5] gives value differences).
 * Returns null when κ is undefined: no pairs, or zero expected disagreement (both raters used one
 * and the same category only).
 * Hand-written: simple-statistics has no kappa. Unlike scikit-learn, a value outside `categories`
 * throws instead of being silently dropped.
 */
export function weightedKappa(
  a: ReadonlyArray<number>,
  b: ReadonlyArray<number>,
  categories: ReadonlyArray<number>,
  weights: KappaWeights,
): number | null {
  return weightedKappaResampler(a, b, categories, weights)(new Int32Array(a.length).fill(1), 0);
}

/**
 * κ of bootstrap resamples of the pairs (for bootstrapPercentileInterval): pair p counts counts[offset + p] times
 * in the confusion matrix. Validates the input once, up front.
 */
export function weightedKappaResampler(
  a: ReadonlyArray<number>,
  b: ReadonlyArray<number>,
  categories: ReadonlyArray<number>,
  weights: KappaWeights,
): ResampleStatistic {
  if (a.length !== b.length) {
    throw new RangeError(`weightedKappa needs paired ratings, got ${a.length} and ${b.length} values`);
  }
  const position = new Map(categories.map((category, index) => [category, index]));
  const positionOf = (value: number): number => {
    const index = position.get(value);
    if (index === undefined)
      throw new RangeError(`Rating ${value} is not one of the categories ${categories.join(', ')}`);
    return index;
  };
  const size = categories.length;
  const cellOfPair = Int32Array.from(a, (value, pair) => positionOf(value) * size + positionOf(b[pair]!));
  const weight = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      weight[i * size + j] =
        weights === 'quadratic' ? (i - j) ** 2 : weights === 'linear' ? Math.abs(i - j) : i === j ? 0 : 1;
    }
  }
  const scratch: KappaScratch = {
    confusion: new Float64Array(size * size),
    rows: new Float64Array(size),
    columns: new Float64Array(size),
  };
  // κ on a resample is a function of its own so that the arrays are its locals: the κ closures of an analysis
  // share their code, so what a closure captures is no constant there, and it would be read again in every pass.
  return (counts, offset) => kappaOfResample(counts, offset, cellOfPair, weight, scratch);
}

/** Space for one κ's confusion matrix (size × size) and its row and column totals. */
interface KappaScratch {
  confusion: Float64Array;
  rows: Float64Array;
  columns: Float64Array;
}

/** κ of the resample whose multiplicities are counts[offset …]: pair p falls in cell cellOfPair[p]. */
function kappaOfResample(
  counts: Int32Array,
  offset: number,
  cellOfPair: Int32Array,
  weight: Float64Array,
  { confusion, rows, columns }: KappaScratch,
): number | null {
  const size = rows.length;
  confusion.fill(0);
  for (let p = 0; p < cellOfPair.length; p++) confusion[cellOfPair[p]!]! += counts[offset + p]!;
  rows.fill(0);
  columns.fill(0);
  let pairs = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const cell = confusion[i * size + j]!;
      rows[i]! += cell;
      columns[j]! += cell;
      pairs += cell;
    }
  }
  if (pairs === 0) return null;
  let observedDisagreement = 0;
  let expectedDisagreement = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      observedDisagreement += weight[i * size + j]! * confusion[i * size + j]!;
      expectedDisagreement += (weight[i * size + j]! * rows[i]! * columns[j]!) / pairs;
    }
  }
  return expectedDisagreement === 0 ? null : 1 - observedDisagreement / expectedDisagreement;
}

/** One rater pair of a mean κ: its paired ratings and, for each pair, the unit it belongs to (0 … n−1). */
export interface KappaPair {
  units: ReadonlyArray<number>;
  a: ReadonlyArray<number>;
  b: ReadonlyArray<number>;
}

/**
 * The mean over rater pairs of their weighted κ, on resamples of the n units all pairs share: in each
 * resample, a pair's κ is computed on the draws of its own units (weightedKappaResampler), and a pair with
 * no draw or an undefined κ drops out of that resample's mean; null when every pair does.
 */
export function meanWeightedKappaResampler(
  pairs: ReadonlyArray<KappaPair>,
  categories: ReadonlyArray<number>,
  weights: KappaWeights,
): ResampleStatistic {
  const parts = pairs.map((pair) => ({
    units: pair.units,
    kappa: weightedKappaResampler(pair.a, pair.b, categories, weights),
    counts: new Int32Array(pair.units.length),
  }));
  return (counts, offset) => {
    let sum = 0;
    let defined = 0;
    for (const part of parts) {
      let drawn = 0;
      part.units.forEach((unit, i) => (drawn += part.counts[i] = counts[offset + unit]!));
      if (drawn === 0) continue;
      const kappa = part.kappa(part.counts, 0);
      if (kappa === null || !Number.isFinite(kappa)) continue;
      sum += kappa;
      defined++;
    }
    return defined === 0 ? null : sum / defined;
  };
}
