import { binomialTestTwoSided, wilsonInterval } from '../stats';
import type { PositionBias, PreferenceShare } from './types';
import { compareStrings, type TidyPreferenceRow, type TidyRatingRow } from './tidy';

function preferenceRows(rows: ReadonlyArray<TidyRatingRow>): TidyPreferenceRow[] {
  return rows.filter((row): row is TidyPreferenceRow => row.task === 'preference');
}

/**
 * Shares of model / reference / tie choices per model and bin, plus one `bin: null` row per model over
 * all its choices (MeDiSumQA Figure 5), each share with its Wilson 95% interval. Every choice of every
 * rater counts once.
 */
export function preferenceShares(rows: ReadonlyArray<TidyRatingRow>): PreferenceShare[] {
  const groups = new Map<string, { model: string; bin: number | null; choices: TidyPreferenceRow[] }>();
  const add = (row: TidyPreferenceRow, bin: number | null) => {
    const key = JSON.stringify([row.model, bin]);
    const group = groups.get(key) ?? { model: row.model, bin, choices: [] };
    groups.set(key, group);
    group.choices.push(row);
  };
  for (const row of preferenceRows(rows)) {
    add(row, null);
    if (row.bin !== null) add(row, row.bin);
  }
  return [...groups.values()]
    .map(({ model, bin, choices }) => {
      const count = (value: TidyPreferenceRow['value']) => choices.filter((c) => c.value === value).length;
      const n = choices.length;
      return {
        model,
        bin,
        n,
        model_share: count('model') / n,
        reference_share: count('reference') / n,
        tie_share: count('tie') / n,
        model_share_ci95: wilsonInterval(count('model'), n),
        reference_share_ci95: wilsonInterval(count('reference'), n),
        tie_share_ci95: wilsonInterval(count('tie'), n),
      };
    })
    .sort((a, b) => compareStrings(a.model, b.model) || (a.bin ?? 0) - (b.bin ?? 0));
}

/**
 * Whether raters favour a screen position: among decisive choices (ties excluded) whose position is
 * known, the share that picked the answer shown as A, tested against 1/2 with an exact two-sided
 * binomial test. A row records where the MODEL's answer was shown, so A was picked when the model won
 * from A or the reference won from B.
 */
export function positionBias(rows: ReadonlyArray<TidyRatingRow>): PositionBias {
  const decisive = preferenceRows(rows).filter((row) => row.value !== 'tie' && row.presentedPosition !== null);
  const aChoices = decisive.filter((row) => (row.value === 'model') === (row.presentedPosition === 'A')).length;
  return {
    a_choices: aChoices,
    decisive_choices: decisive.length,
    a_share: decisive.length === 0 ? null : aChoices / decisive.length,
    binomial_p_two_sided: binomialTestTwoSided(aChoices, decisive.length),
  };
}
