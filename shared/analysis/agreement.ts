import { krippendorffAlphaResampler, pairwisePercentAgreement, weightedKappa } from '../stats';
import { agreementWarnings } from './diagnostics';
import { gwetSummary, iccSummary } from './reliability';
import type { UnitBootstrap } from './resampling';
import { DIMENSION_KIND_SPECS } from '../kinds/dimension-kinds';
import type { AnalysisDimension, AnalysisDimensionKind, DimensionAgreement, PairwiseKappa } from './types';
import { OutputMap, compareStrings, outputKey, sortedStrings, type PreferenceValue, type TidyRatingRow } from './tidy';

/** Preference choices as nominal codes; only equality matters for nominal alpha, AC1 and percent agreement. */
const PREFERENCE_CODES: Record<PreferenceValue, number> = { model: 0, reference: 1, tie: 2 };

/**
 * Inter-rater agreement for one dimension, from its rows (`own`). Units are outputs (item_id, model), raters
 * are rater names, missing ratings stay missing. Alpha is at the level the dimension's kind declares (ordinal for Likert,
 * nominal for binary and preference), with a BCa bootstrap interval over outputs; Gwet's AC2
 * (quadratic) for ordinal kinds and AC1 otherwise. Ordinal kinds also get quadratic-weighted kappa for every
 * pair of raters on the outputs both rated (bootstrap interval over those outputs), and ICCs on a complete block.
 */
export function dimensionAgreement(
  own: ReadonlyArray<TidyRatingRow>,
  dimension: AnalysisDimension,
  bootstrap: UnitBootstrap,
): DimensionAgreement {
  const raters = sortedStrings(new Set(own.map((row) => row.rater)));
  const raterIndex = new Map(raters.map((rater, i) => [rater, i]));
  // Units (outputs) in the order of their keys; each output's key is built once, not once per row.
  // Plain loops over the rows: this runs before the first intervals are handed to the workers, mostly before V8
  // has optimised it, where every callback is an interpreted call.
  const outputs = new OutputMap<{ key: string; column: number }>();
  const outputOfRow: Array<{ key: string; column: number }> = new Array(own.length);
  for (let r = 0; r < own.length; r++) {
    const row = own[r]!;
    outputOfRow[r] = outputs.obtain(row, newColumn);
  }
  const columns = [...outputs.values()].sort((a, b) => compareStrings(a.key, b.key));
  for (let column = 0; column < columns.length; column++) columns[column]!.column = column;
  const units = columns.map((output) => output.key);
  const matrix = raters.map(() => new Array<number | null>(units.length).fill(null));
  for (let r = 0; r < own.length; r++) {
    const row = own[r]!;
    const value = row.task === 'preference' ? PREFERENCE_CODES[row.value] : row.value;
    matrix[raterIndex.get(row.rater)!]![outputOfRow[r]!.column] = value;
  }

  const level = agreementLevel(dimension.kind);
  const ordinal = level === 'ordinal';
  // Its coincidences serve alpha here and the leave-one-out values of its BCa interval.
  const alpha = krippendorffAlphaResampler(matrix, level);
  const alphaValue = alpha.estimate();
  // The alpha resampler's units are the pairable ones, in column order: the list of every unit when all are
  // (one list for all the figures on them, whose label the bootstrap joins once).
  const pairable = completeOr(
    units,
    units.filter((_, unit) => ratingsOfUnit(matrix, unit) >= 2),
  );
  const categories = dimension.kind === 'preference' ? Object.values(PREFERENCE_CODES) : (dimension.categories ?? []);
  // Here, the statistics whose intervals need resamples, asked for at once; the figures that need none are
  // computed alongside the resamples, after the draft has handed the intervals over, and set then in the
  // JSON's order (the intervals are filled in after that).
  const result = {} as DimensionAgreement;
  if (alphaValue !== null)
    bootstrap.interval(
      pairable,
      { kind: 'krippendorff-alpha', matrix, level },
      (ci95) => (result.krippendorff_alpha_ci95 = ci95),
      { method: 'bca', estimate: alphaValue, leaveOneOut: alpha.leaveOneOut },
    );
  const weightedKappa = ordinal ? pairwiseKappas(raters, units, matrix, categories, bootstrap) : undefined;
  bootstrap.alongside(() => {
    const { agreement, units: pairableUnits } = pairwisePercentAgreement(matrix);
    Object.assign(result, {
      krippendorff_alpha: alphaValue,
      krippendorff_alpha_ci95: null,
      level,
      units: pairableUnits,
      percent_agreement: agreement,
      gwet: gwetSummary(matrix, categories, ordinal),
      warnings: [],
    } satisfies DimensionAgreement);
    if (weightedKappa !== undefined) {
      result.weighted_kappa = weightedKappa;
      result.icc = iccSummary(raters, matrix);
    }
    const choiceOf = Object.fromEntries(Object.entries(PREFERENCE_CODES).map(([choice, code]) => [code, choice]));
    const categoryName = (code: number) => (dimension.kind === 'preference' ? choiceOf[code]! : code);
    result.warnings = agreementWarnings(dimension, raters, matrix, result, categoryName);
  });
  return result;
}

/** An output's column of the reliability matrix, numbered once every output is known. */
function newColumn(row: TidyRatingRow): { key: string; column: number } {
  return { key: outputKey(row), column: 0 };
}

/** `units` itself when `subset` holds every unit (subsets keep the units' order), else `subset`. */
function completeOr(units: ReadonlyArray<string>, subset: ReadonlyArray<string>): ReadonlyArray<string> {
  return subset.length === units.length ? units : subset;
}

function ratingsOfUnit(matrix: ReadonlyArray<ReadonlyArray<number | null>>, unit: number): number {
  let ratings = 0;
  for (let rater = 0; rater < matrix.length; rater++) if (matrix[rater]![unit] !== null) ratings++;
  return ratings;
}

/** A rubric dimension's level comes from its kind's module; preference choices are nominal. */
function agreementLevel(kind: AnalysisDimensionKind): 'ordinal' | 'nominal' {
  return kind === 'preference' ? 'nominal' : DIMENSION_KIND_SPECS[kind].agreementLevel;
}

function pairwiseKappas(
  raters: ReadonlyArray<string>,
  units: ReadonlyArray<string>,
  matrix: ReadonlyArray<ReadonlyArray<number | null>>,
  categories: ReadonlyArray<number>,
  bootstrap: UnitBootstrap,
): PairwiseKappa[] {
  const kappas: PairwiseKappa[] = [];
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const a: number[] = [];
      const b: number[] = [];
      const both: string[] = [];
      const first = matrix[i]!;
      const second = matrix[j]!;
      for (let unit = 0; unit < first.length; unit++) {
        const value = first[unit];
        const other = second[unit];
        if (value !== null && value !== undefined && other !== null && other !== undefined) {
          a.push(value);
          b.push(other);
          both.push(units[unit]!);
        }
      }
      const kappa = weightedKappa(a, b, categories, 'quadratic');
      const pairwise: PairwiseKappa = { raters: [raters[i]!, raters[j]!], kappa, n: a.length, ci95: null };
      if (kappa !== null)
        bootstrap.interval(
          completeOr(units, both),
          { kind: 'weighted-kappa', a, b, categories, weights: 'quadratic' },
          (ci95) => (pairwise.ci95 = ci95),
        );
      kappas.push(pairwise);
    }
  }
  return kappas;
}
