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
  return binCells(rows, (dimension) => withMeans.has(dimension))
    .map(({ model, bin, dimension, values }) => ({ model, bin, dimension, mean: mean(values), n: values.length }))
    .sort((a, b) => compareStrings(a.model, b.model) || compareStrings(a.dimension, b.dimension) || a.bin - b.bin);
}

/** The values of one (model, bin, dimension) cell. */
export interface BinCell {
  model: string;
  bin: number;
  dimension: string;
  values: number[];
}

/**
 * The ratings of the dimensions `included` says, per (model, bin, dimension) cell, in no particular order;
 * rows without a bin are left out. A Map per part of the cell, so no key string is built per row.
 */
export function binCells(rows: ReadonlyArray<TidyRatingRow>, included: (dimension: string) => boolean): BinCell[] {
  const byModel = new Map<string, Map<string, Map<number, BinCell>>>();
  const cells: BinCell[] = [];
  for (const row of rows) {
    if (row.task !== 'rating' || row.bin === null || !included(row.dimension)) continue;
    let byDimension = byModel.get(row.model);
    if (byDimension === undefined) byModel.set(row.model, (byDimension = new Map()));
    let byBin = byDimension.get(row.dimension);
    if (byBin === undefined) byDimension.set(row.dimension, (byBin = new Map()));
    let cell = byBin.get(row.bin);
    if (cell === undefined) {
      cell = { model: row.model, bin: row.bin, dimension: row.dimension, values: [] };
      byBin.set(row.bin, cell);
      cells.push(cell);
    }
    cell.values.push(row.value);
  }
  return cells;
}
