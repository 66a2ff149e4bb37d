import { krippendorffAlpha, pairwisePercentAgreement, weightedKappa } from '../stats';
import type { AnalysisDimension, DimensionAgreement, PairwiseKappa } from './types';
import { outputKey, sortedStrings, type PreferenceValue, type TidyRatingRow } from './tidy';

/** Preference choices as nominal codes; only equality matters for nominal alpha and percent agreement. */
const PREFERENCE_CODES: Record<PreferenceValue, number> = { model: 0, reference: 1, tie: 2 };

/**
 * Inter-rater agreement for one dimension. Units are outputs (item_id, model), raters are rater names,
 * missing ratings stay missing. Alpha is ordinal for Likert dimensions and nominal otherwise; Likert
 * dimensions also get quadratic-weighted kappa for every pair of raters, on the outputs both rated.
 */
export function dimensionAgreement(rows: ReadonlyArray<TidyRatingRow>, dimension: AnalysisDimension): DimensionAgreement {
  const own = rows.filter((row) => row.dimension === dimension.key);
  const raters = sortedStrings(new Set(own.map((row) => row.rater)));
  const units = sortedStrings(new Set(own.map(outputKey)));
  const unitIndex = new Map(units.map((unit, i) => [unit, i]));
  const matrix = raters.map(() => new Array<number | null>(units.length).fill(null));
  for (const row of own) {
    const value = row.task === 'preference' ? PREFERENCE_CODES[row.value] : row.value;
    matrix[raters.indexOf(row.rater)]![unitIndex.get(outputKey(row))!] = value;
  }

  const level = dimension.kind === 'likert' ? 'ordinal' : 'nominal';
  const { agreement, units: pairableUnits } = pairwisePercentAgreement(matrix);
  const result: DimensionAgreement = {
    krippendorff_alpha: krippendorffAlpha(matrix, level),
    level,
    units: pairableUnits,
    percent_agreement: agreement,
  };
  if (dimension.kind === 'likert') result.weighted_kappa = pairwiseKappas(raters, matrix, dimension.categories ?? []);
  return result;
}

function pairwiseKappas(raters: ReadonlyArray<string>, matrix: ReadonlyArray<ReadonlyArray<number | null>>, categories: number[]): PairwiseKappa[] {
  const kappas: PairwiseKappa[] = [];
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const a: number[] = [];
      const b: number[] = [];
      matrix[i]!.forEach((value, unit) => {
        const other = matrix[j]![unit];
        if (value !== null && other !== null && other !== undefined) {
          a.push(value);
          b.push(other);
        }
      });
      kappas.push({ raters: [raters[i]!, raters[j]!], kappa: weightedKappa(a, b, categories, 'quadratic'), n: a.length });
    }
  }
  return kappas;
}
