import { fQuantile } from './quantiles';

/** An intraclass correlation with its F-based 95% confidence interval (null where undefined). */
export interface IccEstimate {
  value: number | null;
  ci95: [number, number] | null;
  /** Why the value is null: the ratio of mean squares is 0/0 for this table. Absent when there is a value. */
  undefined_because?: string;
}

export interface IntraclassCorrelations {
  /** Targets (outputs) and raters of the complete table. */
  n: number;
  k: number;
  /** McGraw & Wong ICC(A,1) = Shrout & Fleiss ICC(2,1): two-way random, absolute agreement, single rater. */
  absolute_single: IccEstimate;
  /** ICC(C,1) = ICC(3,1): two-way mixed, consistency, single rater. */
  consistency_single: IccEstimate;
  /** ICC(A,k) = ICC(2,k): two-way random, absolute agreement, mean of the k raters. */
  absolute_average: IccEstimate;
}

/**
 * ICC(A,1), ICC(C,1) and ICC(A,k) of a complete n × k table (rows = targets, columns = raters), from the
 * two-way ANOVA mean squares (McGraw & Wong 1996, Table 4; Shrout & Fleiss 1979), with the F-based 95%
 * intervals exactly as R's psych::ICC computes them (including Satterthwaite's fractional df for the
 * absolute-agreement forms). Returns null for fewer than 2 targets or 2 raters.
 * Hand-written: no maintained npm package computes ICCs with these intervals.
 */
export function intraclassCorrelations(
  table: ReadonlyArray<ReadonlyArray<number>>,
  level = 0.95,
): IntraclassCorrelations | null {
  const n = table.length;
  const k = table[0]?.length ?? 0;
  if (n < 2 || k < 2) return null;
  table.forEach((row, i) => {
    if (row.length !== k)
      throw new RangeError(`ICC needs a complete table: row ${i} has ${row.length} ratings, row 0 has ${k}`);
  });
  const { rowsSS, columnsSS, errorSS } = sumsOfSquares(table, n, k);
  const msr = rowsSS / (n - 1);
  const msc = columnsSS / (k - 1);
  const mse = errorSS / ((n - 1) * (k - 1));
  const upperTail = 1 - (1 - level) / 2;

  const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
  // A ratio of mean squares whose denominator is exactly 0 (the sums are exact, see sumsOfSquares) is 0/0.
  const ratio = (numerator: number, denominator: number): number | null =>
    denominator === 0 ? null : finite(numerator / denominator);
  const interval = (lower: number, upper: number): [number, number] | null =>
    Number.isFinite(lower) && Number.isFinite(upper) ? [lower, upper] : null;

  const consistency = ratio(msr - mse, msr + (k - 1) * mse);
  const fObserved = mse === 0 ? Number.NaN : msr / mse;
  const fLower = fObserved / fQuantile(upperTail, n - 1, (n - 1) * (k - 1));
  const fUpper = fObserved * fQuantile(upperTail, (n - 1) * (k - 1), n - 1);

  const absolute = ratio(msr - mse, msr + (k - 1) * mse + (k * (msc - mse)) / n);
  let absoluteInterval: [number, number] | null = null;
  if (absolute !== null && mse > 0) {
    const fj = msc / mse;
    const a = absolute;
    const v =
      ((k - 1) * (n - 1) * (k * a * fj + n * (1 + (k - 1) * a) - k * a) ** 2) /
      ((n - 1) * k ** 2 * a ** 2 * fj ** 2 + (n * (1 + (k - 1) * a) - k * a) ** 2);
    const fu = fQuantile(upperTail, n - 1, v);
    const fl = fQuantile(upperTail, v, n - 1);
    const lower = (n * (msr - fu * mse)) / (fu * (k * msc + (k * n - k - n) * mse) + n * msr);
    const upper = (n * (fl * msr - mse)) / (k * msc + (k * n - k - n) * mse + n * fl * msr);
    absoluteInterval = interval(lower, upper);
  }
  const average = (single: number) => (single * k) / (1 + single * (k - 1));

  const why =
    rowsSS === 0 && errorSS === 0
      ? columnsSS === 0
        ? 'every rating in the table is the same'
        : 'the outputs do not differ and each rater gave every output the same rating'
      : 'its mean squares make the denominator 0';
  const estimate = (value: number | null, ci95: [number, number] | null): IccEstimate =>
    value === null ? { value, ci95: null, undefined_because: why } : { value, ci95 };

  return {
    n,
    k,
    absolute_single: estimate(absolute, absoluteInterval),
    consistency_single: estimate(
      consistency,
      interval((fLower - 1) / (fLower + k - 1), (fUpper - 1) / (fUpper + k - 1)),
    ),
    absolute_average: estimate(
      ratio(msr - mse, msr + (msc - mse) / n),
      absoluteInterval && [average(absoluteInterval[0]), average(absoluteInterval[1])],
    ),
  };
}

/**
 * The two-way ANOVA sums of squares from scaled deviations: with T the grand total, R_i the row and C_j the
 * column totals, rows = Σ (n·R_i − T)² / (n²k), columns = Σ (k·C_j − T)² / (k²n), error =
 * Σ (nk·x_ij − n·R_i − k·C_j + T)² / (nk)². For integer ratings every numerator is an exact integer, so
 * a table with no variance of a kind gives exactly 0 there instead of the rounding residue of a grand
 * mean (which made a constant table's ICC(C,1) come out as 1).
 */
function sumsOfSquares(table: ReadonlyArray<ReadonlyArray<number>>, n: number, k: number) {
  const rowTotals = table.map((row) => row.reduce((s, v) => s + v, 0));
  const columnTotals = Array.from({ length: k }, (_, j) => table.reduce((s, row) => s + row[j]!, 0));
  const total = rowTotals.reduce((s, v) => s + v, 0);
  let rows = 0;
  for (const r of rowTotals) rows += (n * r - total) ** 2;
  let columns = 0;
  for (const c of columnTotals) columns += (k * c - total) ** 2;
  let error = 0;
  table.forEach((row, i) =>
    row.forEach((value, j) => (error += (n * k * value - n * rowTotals[i]! - k * columnTotals[j]! + total) ** 2)),
  );
  return { rowsSS: rows / (n * n * k), columnsSS: columns / (k * k * n), errorSS: error / (n * k) ** 2 };
}
