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
   * ('all rated outputs'), otherwise the complete block with the most ratings: the outputs that every one
   * of a set of at least two raters rated ('largest complete block', see largestCompleteBlock).
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
  return {
    coefficient: ordinal ? 'AC2' : 'AC1',
    value: result?.coefficient ?? null,
    standard_error: result?.standard_error ?? null,
    ci95: result?.ci95 ?? null,
    n: result?.n ?? ratedUnits(matrix),
  };
}

/** Outputs with at least one rating. */
function ratedUnits(matrix: ReliabilityMatrix): number {
  return matrix[0]?.filter((_, unit) => matrix.some((row) => row[unit] !== null)).length ?? 0;
}

/** Above this many raters, candidate rater sets are those seen on some output and their pairs, not every subset. */
const EXHAUSTIVE_RATER_LIMIT = 12;

interface Block {
  raters: number[];
  units: number[];
}

/**
 * The complete block with the most ratings (outputs × raters) in a matrix with missing ratings: for a set
 * of raters, every output that all of them rated (whoever else rated it too). Every set of two or more
 * raters is tried (up to EXHAUSTIVE_RATER_LIMIT raters; beyond, the rater sets of the outputs and every
 * pair), at least two outputs. Ties: more outputs, then more raters, then the raters' names.
 */
export function largestCompleteBlock(raters: ReadonlyArray<string>, matrix: ReliabilityMatrix): Block | null {
  const unitCount = matrix[0]?.length ?? 0;
  const blockOf = (set: number[]): Block => ({ raters: set, units: unitsRatedByAll(matrix, set, unitCount) });
  const names = (block: Block) => block.raters.map((r) => raters[r]!).join('\u001f');
  const better = (a: Block, b: Block) =>
    a.units.length * a.raters.length - b.units.length * b.raters.length ||
    a.units.length - b.units.length ||
    a.raters.length - b.raters.length ||
    compareStrings(names(b), names(a));
  let best: Block | null = null;
  for (const set of candidateRaterSets(raters.length, matrix, unitCount)) {
    const block = blockOf(set);
    if (block.units.length >= 2 && (best === null || better(block, best) > 0)) best = block;
  }
  return best;
}

/** The outputs every rater of `set` rated, in column order (plain loops: this runs over every output per set). */
function unitsRatedByAll(matrix: ReliabilityMatrix, set: ReadonlyArray<number>, unitCount: number): number[] {
  const units: number[] = [];
  for (let unit = 0; unit < unitCount; unit++) {
    let all = true;
    for (const rater of set) if (matrix[rater]![unit] === null) all = false;
    if (all) units.push(unit);
  }
  return units;
}

function candidateRaterSets(raterCount: number, matrix: ReliabilityMatrix, unitCount: number): number[][] {
  if (raterCount <= EXHAUSTIVE_RATER_LIMIT) {
    const sets: number[][] = [];
    for (let mask = 0; mask < 2 ** raterCount; mask++) {
      const set = Array.from({ length: raterCount }, (_, r) => r).filter((r) => mask & (1 << r));
      if (set.length >= 2) sets.push(set);
    }
    return sets;
  }
  const seen = new Map<string, number[]>();
  for (let unit = 0; unit < unitCount; unit++) {
    const who = matrix.map((_, r) => r).filter((r) => matrix[r]![unit] !== null);
    if (who.length >= 2) seen.set(who.join(','), who);
  }
  for (let a = 0; a < raterCount; a++) for (let b = a + 1; b < raterCount; b++) seen.set(`${a},${b}`, [a, b]);
  return [...seen.values()];
}

/** ICCs of a Likert dimension on its largest complete block (largestCompleteBlock). Null when there is none. */
export function iccSummary(raters: ReadonlyArray<string>, matrix: ReliabilityMatrix): IccSummary | null {
  const best = largestCompleteBlock(raters, matrix);
  if (!best) return null;
  const table = best.units.map((unit) => best.raters.map((r) => matrix[r]![unit]!));
  const icc = intraclassCorrelations(table);
  if (!icc) return null;
  const ratedUnits = (matrix[0] ?? []).filter((_, unit) => matrix.some((row) => row[unit] !== null)).length;
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
