import { fQuantile } from './quantiles';

/** An intraclass correlation with its F-based 95% confidence interval (null where undefined). */
export interface IccEstimate {
  value: number | null;
  ci95: [number, number] | null;
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
  let grand = 0;
  const rowMeans = table.map((row) => row.reduce((s, v) => s + v, 0) / k);
  const columnMeans = Array.from({ length: k }, (_, j) => table.reduce((s, row) => s + row[j]!, 0) / n);
  rowMeans.forEach((m) => (grand += m / n));
  let total = 0;
  for (const row of table) for (const value of row) total += (value - grand) ** 2;
  const rowsSS = k * rowMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const columnsSS = n * columnMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const errorSS = Math.max(0, total - rowsSS - columnsSS);
  const msr = rowsSS / (n - 1);
  const msc = columnsSS / (k - 1);
  const mse = errorSS / ((n - 1) * (k - 1));
  const upperTail = 1 - (1 - level) / 2;

  const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
  const interval = (lower: number, upper: number): [number, number] | null =>
    Number.isFinite(lower) && Number.isFinite(upper) ? [lower, upper] : null;

  const consistency = finite((msr - mse) / (msr + (k - 1) * mse));
  const fObserved = msr / mse;
  const fLower = fObserved / fQuantile(upperTail, n - 1, (n - 1) * (k - 1));
  const fUpper = fObserved * fQuantile(upperTail, (n - 1) * (k - 1), n - 1);

  const absolute = finite((msr - mse) / (msr + (k - 1) * mse + (k * (msc - mse)) / n));
  let absoluteInterval: [number, number] | null = null;
  if (absolute !== null) {
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

  return {
    n,
    k,
    absolute_single: { value: absolute, ci95: absoluteInterval },
    consistency_single: {
      value: consistency,
      ci95: interval((fLower - 1) / (fLower + k - 1), (fUpper - 1) / (fUpper + k - 1)),
    },
    absolute_average: {
      value: finite((msr - mse) / (msr + (msc - mse) / n)),
      ci95: absoluteInterval && [average(absoluteInterval[0]), average(absoluteInterval[1])],
    },
  };
}
