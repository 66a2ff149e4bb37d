/**
 * Which value stands for an output in the figures about the models (means per bin, distributions,
 * metric–human correlations and comparisons, preference shares):
 * - `raters_mean` (the default): every rater's own value, so an output's value is the raters' mean;
 * - `adjudicated`: on a unit whose provenance is `adjudicated`, the adjudicator's final value in place of
 *   each rater's (so the output's value is the final value); every other unit keeps the raters' values.
 * The same holds for pairwise judgements: under `adjudicated` the Bradley–Terry fit and the pairs' records
 * read the adjudicator's final choice on an adjudicated pair and dimension.
 * Agreement, per-rater diagnostics, position bias, circular triads and the judges' comparison are always
 * computed on the raters' original values: they describe the raters, whom adjudication does not change.
 */
import type { PairwiseJudgementRow } from './pairwise';
import { tidyRow, type PreferenceValue, type TidyRatingRow } from './tidy';

export type FinalValues = 'raters_mean' | 'adjudicated';
export const FINAL_VALUES: readonly FinalValues[] = ['raters_mean', 'adjudicated'];

/** The rows the model figures read under the chosen final values. */
export function rowsForModelFigures(
  rows: readonly TidyRatingRow[],
  finalValues: FinalValues,
): readonly TidyRatingRow[] {
  if (finalValues === 'raters_mean') return rows;
  return rows.map((row) => {
    if (row.provenance !== 'adjudicated' || row.adjudicatedValue === undefined) return row;
    return row.task === 'preference'
      ? tidyRow(row, {
          task: 'preference',
          dimension: row.dimension,
          value: row.adjudicatedValue as PreferenceValue,
          presentedPosition: row.presentedPosition,
        })
      : tidyRow(row, { task: 'rating', dimension: row.dimension, value: row.adjudicatedValue as number });
  });
}

/** The pairwise judgements the model figures (Bradley–Terry, the pairs' records) read under the chosen final values. */
export function pairwiseRowsForModelFigures(
  rows: ReadonlyArray<PairwiseJudgementRow>,
  finalValues: FinalValues,
): ReadonlyArray<PairwiseJudgementRow> {
  if (finalValues === 'raters_mean') return rows;
  return rows.map((row) =>
    row.provenance === 'adjudicated' && row.adjudicatedValue !== undefined
      ? { ...row, value: row.adjudicatedValue }
      : row,
  );
}

/** What the analysis JSON says about adjudication; null when nothing was adjudicated and no option asked for it. */
export function adjudicationSummary(
  rows: readonly TidyRatingRow[],
  pairwise: ReadonlyArray<PairwiseJudgementRow>,
  finalValues: FinalValues,
): { final_values: FinalValues; adjudicated_units: number; agreement_values: 'raters_original' } | null {
  const units = new Set([
    ...rows
      .filter((row) => row.provenance === 'adjudicated')
      .map((row) => `${row.itemId}\u0000${row.model}\u0000${row.dimension}`),
    ...pairwise
      .filter((row) => row.provenance === 'adjudicated')
      .map((row) => `${row.itemId}\u0000${[row.modelA, row.modelB].sort().join('\u0000')}\u0000${row.dimension}`),
  ]);
  if (units.size === 0 && finalValues === 'raters_mean') return null;
  return { final_values: finalValues, adjudicated_units: units.size, agreement_values: 'raters_original' };
}
