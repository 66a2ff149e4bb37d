/**
 * What nominal dimensions and the rater's confidence get instead of means. A nominal dimension's
 * categories have no order, so the report shows how many ratings fell in each category per model and bin;
 * the rater's confidence describes the rater, not the answer, so it is summarised per rater only.
 */
import { DIMENSION_KIND_SPECS } from '../kinds/dimension-kinds';
import { mean } from '../stats';
import { binCells } from './bins';
import type { AnalysisDimension } from './types';
import { compareStrings, sortedStrings, type TidyRatingRow, type TidyRatingValueRow } from './tidy';

export interface CategoryCounts {
  /** The dimension's categories in scale order, and how many ratings chose each. */
  categories: number[];
  counts: number[];
  n: number;
}

export interface BinDistribution extends CategoryCounts {
  model: string;
  bin: number;
  dimension: string;
}

export interface RaterConfidence extends CategoryCounts {
  rater: string;
  dimension: string;
  /** The mean on its scale for an ordered kind (likert, ordinal); null for unordered categories. */
  mean: number | null;
}

/** Whether a dimension's values are summarised as means (Likert, ordinal, binary) rather than as counts per category. */
export function hasMeans(dimension: AnalysisDimension): boolean {
  return dimension.kind !== 'preference' && DIMENSION_KIND_SPECS[dimension.kind].meanReadsAs !== 'distribution';
}

function counted(values: ReadonlyArray<number>, categories: ReadonlyArray<number>): CategoryCounts {
  return {
    categories: [...categories],
    counts: categories.map((c) => values.filter((v) => v === c).length),
    n: values.length,
  };
}

/** Per (model, bin, nominal dimension): every rating counts once, as in binMeans. Rows without a bin are left out. */
export function binDistributions(
  rows: ReadonlyArray<TidyRatingRow>,
  dimensions: ReadonlyArray<AnalysisDimension>,
): BinDistribution[] {
  const nominal = new Map(dimensions.filter((d) => !hasMeans(d) && d.kind !== 'preference').map((d) => [d.key, d]));
  return binCells(rows, (dimension) => nominal.has(dimension))
    .map(({ model, bin, dimension, values }) => ({
      model,
      bin,
      dimension,
      ...counted(values, nominal.get(dimension)!.categories ?? []),
    }))
    .sort((a, b) => compareStrings(a.model, b.model) || compareStrings(a.dimension, b.dimension) || a.bin - b.bin);
}

/** Per rater and confidence dimension, sorted by rater. */
export function raterConfidence(
  rows: ReadonlyArray<TidyRatingRow>,
  confidence: ReadonlyArray<AnalysisDimension>,
): RaterConfidence[] {
  const result: RaterConfidence[] = [];
  for (const dimension of confidence) {
    const own = rows.filter(
      (row): row is TidyRatingValueRow => row.task === 'rating' && row.dimension === dimension.key,
    );
    for (const rater of sortedStrings(new Set(own.map((row) => row.rater)))) {
      const values = own.filter((row) => row.rater === rater).map((row) => row.value);
      const ordered =
        dimension.kind !== 'preference' && DIMENSION_KIND_SPECS[dimension.kind].agreementLevel === 'ordinal';
      result.push({
        rater,
        dimension: dimension.key,
        mean: ordered ? mean(values) : null,
        ...counted(values, dimension.categories ?? []),
      });
    }
  }
  return result.sort((a, b) => compareStrings(a.rater, b.rater) || compareStrings(a.dimension, b.dimension));
}
