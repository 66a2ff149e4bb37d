import { mean } from '../stats';
import { compareStrings, outputKey, type TidyRatingRow } from './tidy';

/** One rated output with its metrics and, per rating dimension, every rater's value. */
export interface RatedOutput {
  itemId: string;
  model: string;
  scores: Record<string, number>;
  valuesByDimension: Map<string, number[]>;
}

/** The rated outputs in (model, item_id) order; scores are merged over the output's rows. */
export function ratedOutputs(rows: ReadonlyArray<TidyRatingRow>): RatedOutput[] {
  const byKey = new Map<string, RatedOutput>();
  for (const row of rows) {
    const key = outputKey(row);
    const output = byKey.get(key) ?? { itemId: row.itemId, model: row.model, scores: {}, valuesByDimension: new Map() };
    byKey.set(key, output);
    Object.assign(output.scores, row.scores);
    if (row.task !== 'rating') continue;
    const values = output.valuesByDimension.get(row.dimension) ?? [];
    values.push(row.value);
    output.valuesByDimension.set(row.dimension, values);
  }
  return [...byKey.values()].sort((a, b) => compareStrings(a.model, b.model) || compareStrings(a.itemId, b.itemId));
}

/** The output's human value on a dimension: the mean over its raters, null when nobody rated it. */
export function humanMean(output: RatedOutput, dimension: string): number | null {
  return mean(output.valuesByDimension.get(dimension) ?? []);
}
