import { mean } from '../stats';
import { OutputMap, compareStrings, outputKey, type TidyRatingRow } from './tidy';

/** One rated output with its metrics and, per rating dimension, every rater's value. */
export interface RatedOutput {
  itemId: string;
  model: string;
  /** outputKey of the output, the name of its unit in the bootstrap. */
  key: string;
  scores: Record<string, number>;
  valuesByDimension: Map<string, number[]>;
  /** humanMean's values, kept: every metric's correlations with a dimension read them again. */
  meanByDimension: Map<string, number | null>;
}

/** The rated outputs in (model, item_id) order; scores are merged over the output's rows. */
export function ratedOutputs(rows: ReadonlyArray<TidyRatingRow>): RatedOutput[] {
  const byOutput = new OutputMap<RatedOutput>();
  for (const row of rows) {
    const output = byOutput.obtain(row, newOutput);
    Object.assign(output.scores, row.scores);
    if (row.task !== 'rating') continue;
    const values = output.valuesByDimension.get(row.dimension) ?? [];
    values.push(row.value);
    output.valuesByDimension.set(row.dimension, values);
  }
  return [...byOutput.values()].sort((a, b) => compareStrings(a.model, b.model) || compareStrings(a.itemId, b.itemId));
}

function newOutput(row: TidyRatingRow): RatedOutput {
  return {
    itemId: row.itemId,
    model: row.model,
    key: outputKey(row),
    scores: {},
    valuesByDimension: new Map(),
    meanByDimension: new Map(),
  };
}

/** The output's human value on a dimension: the mean over its raters, null when nobody rated it. */
export function humanMean(output: RatedOutput, dimension: string): number | null {
  let value = output.meanByDimension.get(dimension);
  if (value === undefined) {
    value = mean(output.valuesByDimension.get(dimension) ?? []);
    output.meanByDimension.set(dimension, value);
  }
  return value;
}
