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
  if (a.length !== b.length) {
    throw new RangeError(`weightedKappa needs paired ratings, got ${a.length} and ${b.length} values`);
  }
  if (a.length === 0) return null;
  const position = new Map(categories.map((category, index) => [category, index]));
  const positionOf = (value: number): number => {
    const index = position.get(value);
    if (index === undefined) throw new RangeError(`Rating ${value} is not one of the categories ${categories.join(', ')}`);
    return index;
  };

  const size = categories.length;
  const observed = categories.map(() => new Array<number>(size).fill(0));
  const rowTotals = new Array<number>(size).fill(0);
  const columnTotals = new Array<number>(size).fill(0);
  a.forEach((value, pair) => {
    const i = positionOf(value);
    const j = positionOf(b[pair]!);
    observed[i]![j]! += 1;
    rowTotals[i]! += 1;
    columnTotals[j]! += 1;
  });

  const weight = (i: number, j: number): number =>
    weights === 'quadratic' ? (i - j) ** 2 : weights === 'linear' ? Math.abs(i - j) : i === j ? 0 : 1;
  let observedDisagreement = 0;
  let expectedDisagreement = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      observedDisagreement += weight(i, j) * observed[i]![j]!;
      expectedDisagreement += (weight(i, j) * rowTotals[i]! * columnTotals[j]!) / a.length;
    }
  }
  return expectedDisagreement === 0 ? null : 1 - observedDisagreement / expectedDisagreement;
}
