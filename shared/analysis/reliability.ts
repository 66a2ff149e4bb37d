/** Gwet's AC1/AC2 and the ICCs of one dimension: the agreement figures that come with analytic intervals. */
import { gwetAgreement, intraclassCorrelations, type IccEstimate, type ReliabilityMatrix } from '../stats';
import { compareStrings } from './tidy';

export interface GwetSummary {
  /** AC1 (nominal: binary dimensions and preference) or AC2 with quadratic weights (Likert). */
  coefficient: 'AC1' | 'AC2';
  value: number | null;
  standard_error: number | null;
  /** value ± t(0.975, n − 1) · SE, capped at 1 (Gwet 2014). */
  ci95: [number, number] | null;
  /** Outputs with at least one rating. */
  n: number;
}

export interface IccSummary {
  /**
   * The outputs used: every rated output when all raters of the dimension rated all of them
   * ('all rated outputs'), otherwise the largest set of outputs rated by one and the same set of at
   * least two raters ('largest complete block').
   */
  subset: 'all rated outputs' | 'largest complete block';
  /** The raters of the table (its k columns), sorted. */
  raters: string[];
  /** Outputs (rows) and raters (columns) of the complete table. */
  n: number;
  k: number;
  /** ICC(A,1) = Shrout & Fleiss ICC(2,1); ICC(C,1) = ICC(3,1); ICC(A,k) = ICC(2,k). F-based 95% intervals. */
  absolute_single: IccEstimate;
  consistency_single: IccEstimate;
  absolute_average: IccEstimate;
}

/** AC1 or AC2 of a reliability matrix (raters × outputs) over the dimension's categories. */
export function gwetSummary(
  matrix: ReliabilityMatrix,
  categories: ReadonlyArray<number>,
  ordinal: boolean,
): GwetSummary {
  const result = gwetAgreement(matrix, categories, ordinal ? 'quadratic' : 'identity');
  const rated = matrix[0]?.filter((_, unit) => matrix.some((row) => row[unit] !== null)).length ?? 0;
  return {
    coefficient: ordinal ? 'AC2' : 'AC1',
    value: result?.coefficient ?? null,
    standard_error: result?.standard_error ?? null,
    ci95: result?.ci95 ?? null,
    n: result?.n ?? rated,
  };
}

/**
 * ICCs of a Likert dimension on a complete table. Outputs are grouped by the exact set of raters who
 * rated them; the largest group (ties: more raters, then the raters' names) is the complete block used.
 * Null when no output has two ratings.
 */
export function iccSummary(raters: ReadonlyArray<string>, matrix: ReliabilityMatrix): IccSummary | null {
  const blocks = new Map<string, { raters: number[]; units: number[] }>();
  let ratedUnits = 0;
  for (let unit = 0; unit < (matrix[0]?.length ?? 0); unit++) {
    const who = raters.map((_, r) => r).filter((r) => matrix[r]![unit] !== null);
    if (who.length > 0) ratedUnits++;
    if (who.length < 2) continue;
    const key = who.join(',');
    const block = blocks.get(key) ?? { raters: who, units: [] };
    blocks.set(key, block);
    block.units.push(unit);
  }
  const names = (block: { raters: number[] }) => block.raters.map((r) => raters[r]!).join('\u001f');
  const best = [...blocks.values()].sort(
    (a, b) =>
      b.units.length - a.units.length || b.raters.length - a.raters.length || compareStrings(names(a), names(b)),
  )[0];
  if (!best) return null;
  const table = best.units.map((unit) => best.raters.map((r) => matrix[r]![unit]!));
  const icc = intraclassCorrelations(table);
  if (!icc) return null;
  const complete = best.raters.length === raters.length && best.units.length === ratedUnits;
  return {
    subset: complete ? 'all rated outputs' : 'largest complete block',
    raters: best.raters.map((r) => raters[r]!),
    n: icc.n,
    k: icc.k,
    absolute_single: icc.absolute_single,
    consistency_single: icc.consistency_single,
    absolute_average: icc.absolute_average,
  };
}
