import { DIMENSION_KIND_SPECS, type DimensionKind } from '../kinds/dimension-kinds';
import { AnalysisInputError } from './errors';
import type { AnalysisDimension } from './types';
import { PREFERENCE_DIMENSION, type TidyRatingRow } from './tidy';

/** What a study's rubric says about a dimension (DB mode); absent in CSV-only mode. */
export interface KnownDimension {
  key: string;
  kind: DimensionKind;
  scale: number[];
  /** The rater's confidence (a rubric dimension with role `confidence`); absent: a rating of the answer. */
  role?: 'confidence';
}

/**
 * Decides how each dimension found in the rows is analysed, in order of first appearance in the rows:
 * the study's tidy rows list each output's ratings in rubric order, so this is the rubric's order both for
 * a study and for its exported CSV. A rubric dimension keeps its kind and scale.
 * Any other dimension is inferred from its values: `preference` is nominal, values within {0, 1} are
 * binary (nominal), anything else is Likert (ordinal) on every integer from its smallest to its largest
 * value — for quadratic kappa that equals the full rubric scale, since empty end categories change
 * neither observed nor expected disagreement.
 */
export function resolveDimensions(
  rows: ReadonlyArray<TidyRatingRow>,
  rubric: ReadonlyArray<KnownDimension> = [],
): AnalysisDimension[] {
  const valuesByDimension = new Map<string, number[]>();
  for (const row of rows) {
    if (row.task !== 'rating') continue;
    const values = valuesByDimension.get(row.dimension) ?? [];
    values.push(row.value);
    valuesByDimension.set(row.dimension, values);
  }
  // A Map iterates in insertion order: the order of first appearance.
  const rated = [...valuesByDimension].map(([key, values]) => {
    const known = rubric.find((d) => d.key === key);
    return known ? rubricDimension(known, values) : inferDimension(key, values);
  });
  const hasPreference = rows.some((row) => row.task === 'preference');
  const preference: AnalysisDimension[] = hasPreference
    ? [{ key: PREFERENCE_DIMENSION, kind: 'preference', categories: null }]
    : [];
  return [...rated, ...preference];
}

function rubricDimension(dimension: KnownDimension, values: ReadonlyArray<number>): AnalysisDimension {
  const categories = [...dimension.scale].sort((a, b) => a - b);
  const outside = values.find((v) => !categories.includes(v));
  if (outside !== undefined) {
    throw new AnalysisInputError(
      `Dimension "${dimension.key}" has the value ${outside}, which is not on its rubric scale (${categories.join(', ')})`,
    );
  }
  return { key: dimension.key, kind: dimension.kind, categories, ...(dimension.role && { role: dimension.role }) };
}

function inferDimension(key: string, values: ReadonlyArray<number>): AnalysisDimension {
  // reduce, not Math.min(...values): a study can have more values than the engine allows as arguments.
  const min = values.reduce((a, b) => Math.min(a, b));
  const max = values.reduce((a, b) => Math.max(a, b));
  if (min >= 0 && max <= 1) return { key, kind: 'binary', categories: [0, 1] };
  const categories = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return { key, kind: 'likert', categories };
}

/** Whether a dimension's means read as the share of 1 (its kind says so: binary) rather than on its scale. */
export function meanIsShareOfOne(dimension: AnalysisDimension): boolean {
  return dimension.kind !== 'preference' && DIMENSION_KIND_SPECS[dimension.kind].meanReadsAs === 'share of 1';
}
