/**
 * Warnings where an agreement number is fragile, stated next to it: too few shared outputs, a category so
 * prevalent that α and κ mislead (the κ paradox), a rater who never uses part of the scale others use, a
 * ordinal (Likert) dimension with almost no variance.
 */
import type { ReliabilityMatrix } from '../stats';
import type { AnalysisDimension, DimensionAgreement } from './types';

/** Fewer shared outputs than this make an agreement figure fragile. */
export const FEW_UNITS = 30;
/** A category holding more than this share of a dimension's ratings triggers the κ paradox warning. */
export const HIGH_PREVALENCE = 0.85;
/** A Likert dimension whose ratings' SD is below this share of the scale's range has almost no variance. */
export const LOW_VARIANCE_SHARE = 0.1;

/** The agreement figures of a dimension a warning can concern (fields of agreement.<dimension>). */
export type AgreementFigure = 'krippendorff_alpha' | 'percent_agreement' | 'gwet' | 'weighted_kappa' | 'icc';

export interface AgreementWarning {
  code: 'few_units' | 'high_prevalence' | 'unused_categories' | 'low_variance';
  figures: AgreementFigure[];
  /** One sentence for the reader, with the numbers. */
  message: string;
  /** few_units: the outputs the figure uses; weighted_kappa also names the rater pair. */
  n?: number;
  raters?: [string, string];
  /** high_prevalence: the category and its share of the ratings. */
  category?: number | string;
  prevalence?: number;
  /** unused_categories: the rater and the scale values they never used although other raters did. */
  rater?: string;
  categories?: number[];
  /** low_variance: the SD of all ratings of the dimension. */
  sd?: number;
}

/** Category names of a dimension's codes in the reliability matrix (preference choices are coded 0, 1, 2). */
export type CategoryName = (code: number) => number | string;

export function agreementWarnings(
  dimension: AnalysisDimension,
  raters: ReadonlyArray<string>,
  matrix: ReliabilityMatrix,
  agreement: DimensionAgreement,
  categoryName: CategoryName,
): AgreementWarning[] {
  return [
    ...fewUnits(agreement),
    ...highPrevalence(matrix, categoryName),
    ...(dimension.kind === 'preference' ? [] : unusedCategories(raters, matrix, dimension.categories ?? [])),
    ...(agreement.level === 'ordinal' ? lowVariance(matrix, dimension.categories ?? []) : []),
  ];
}

function fewUnits(agreement: DimensionAgreement): AgreementWarning[] {
  const warnings: AgreementWarning[] = [];
  const few = (figures: AgreementFigure[], n: number, what: string, raters?: [string, string]) =>
    warnings.push({
      code: 'few_units',
      figures,
      message: `${what} rests on ${n} shared output${n === 1 ? '' : 's'} (fewer than ${FEW_UNITS}): the figure is fragile and its interval wide`,
      n,
      ...(raters && { raters }),
    });
  if (agreement.krippendorff_alpha !== null && agreement.units < FEW_UNITS) {
    few(['krippendorff_alpha', 'percent_agreement'], agreement.units, 'α and percent agreement');
  }
  if (agreement.gwet.value !== null && agreement.gwet.n < FEW_UNITS) {
    few(['gwet'], agreement.gwet.n, `Gwet's ${agreement.gwet.coefficient}`);
  }
  for (const pair of agreement.weighted_kappa ?? []) {
    if (pair.kappa !== null && pair.n < FEW_UNITS) {
      few(['weighted_kappa'], pair.n, `κ of ${pair.raters[0]} × ${pair.raters[1]}`, pair.raters);
    }
  }
  if (agreement.icc && agreement.icc.n < FEW_UNITS) few(['icc'], agreement.icc.n, 'The ICC');
  return warnings;
}

function highPrevalence(matrix: ReliabilityMatrix, categoryName: CategoryName): AgreementWarning[] {
  const counts = new Map<number, number>();
  let total = 0;
  for (const row of matrix) {
    for (const value of row) {
      if (value === null) continue;
      counts.set(value, (counts.get(value) ?? 0) + 1);
      total++;
    }
  }
  const warnings: AgreementWarning[] = [];
  for (const [code, count] of [...counts].sort(([a], [b]) => a - b)) {
    const prevalence = count / total;
    if (prevalence <= HIGH_PREVALENCE) continue;
    const category = categoryName(code);
    warnings.push({
      code: 'high_prevalence',
      figures: ['krippendorff_alpha', 'weighted_kappa'],
      message: `${(prevalence * 100).toFixed(1)}% of the ratings are ${category} (more than ${HIGH_PREVALENCE * 100}%): α and κ can be low even when raters agree almost always (the κ paradox); read Gwet's AC1/AC2, which is robust to prevalence`,
      category,
      prevalence,
    });
  }
  return warnings;
}

function unusedCategories(
  raters: ReadonlyArray<string>,
  matrix: ReliabilityMatrix,
  scale: ReadonlyArray<number>,
): AgreementWarning[] {
  const usedBy = matrix.map((row) => new Set(row.filter((value): value is number => value !== null)));
  const warnings: AgreementWarning[] = [];
  usedBy.forEach((used, r) => {
    if (used.size === 0) return;
    const others = new Set(usedBy.flatMap((set, o) => (o === r ? [] : [...set])));
    const never = scale.filter((value) => !used.has(value) && others.has(value));
    if (never.length === 0) return;
    warnings.push({
      code: 'unused_categories',
      figures: ['krippendorff_alpha', 'weighted_kappa', 'icc'],
      message: `${raters[r]} never used ${never.join(', ')}, which other raters used: a compressed scale lowers α, κ and the ICC without disagreement on order`,
      rater: raters[r]!,
      categories: never,
    });
  });
  return warnings;
}

function lowVariance(matrix: ReliabilityMatrix, scale: ReadonlyArray<number>): AgreementWarning[] {
  const values = matrix.flatMap((row) => row.filter((value): value is number => value !== null));
  if (values.length < 2 || scale.length < 2) return [];
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1));
  const range = scale[scale.length - 1]! - scale[0]!;
  if (sd >= LOW_VARIANCE_SHARE * range) return [];
  return [
    {
      code: 'low_variance',
      figures: ['krippendorff_alpha', 'gwet', 'weighted_kappa', 'icc'],
      message: `The ratings have almost no variance (SD ${sd.toFixed(2)} on a ${scale[0]}–${scale[scale.length - 1]} scale, below ${LOW_VARIANCE_SHARE * 100}% of its range): agreement figures rest on a few differing ratings`,
      sd,
    },
  ];
}
