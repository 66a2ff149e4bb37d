import { mean } from '../stats';
import type { AnalysisDimension, BinMean } from './types';
import { compareStrings, type TidyRatingRow } from './tidy';

/**
 * Mean of all ratings in each (model, bin, dimension) cell — every rater's value counts once, so n is
 * the number of ratings, not of outputs (MeDiSumQA Figure 4), of the given dimensions (those with means:
 * not nominal ones, whose categories are counted in categories.ts). Rows without a bin are left out.
 */
export function binMeans(rows: ReadonlyArray<TidyRatingRow>, dimensions: ReadonlyArray<AnalysisDimension>): BinMean[] {
  const withMeans = new Set(dimensions.map((d) => d.key));
  const cells = new Map<string, { model: string; bin: number; dimension: string; values: number[] }>();
  for (const row of rows) {
    if (row.task !== 'rating' || row.bin === null || !withMeans.has(row.dimension)) continue;
    const key = JSON.stringify([row.model, row.bin, row.dimension]);
    const cell = cells.get(key) ?? { model: row.model, bin: row.bin, dimension: row.dimension, values: [] };
    cells.set(key, cell);
    cell.values.push(row.value);
  }
  return [...cells.values()]
    .map(({ model, bin, dimension, values }) => ({ model, bin, dimension, mean: mean(values), n: values.length }))
    .sort((a, b) => compareStrings(a.model, b.model) || compareStrings(a.dimension, b.dimension) || a.bin - b.bin);
}
