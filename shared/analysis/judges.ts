/**
 * Could an LLM judge replace the physicians? For each judge and Likert dimension: the judge's agreement
 * with each physician and with the physicians' mean, beside the physicians' agreement among themselves,
 * and the judge's mean difference from the physicians (bias). Judges' values arrive apart from the tidy
 * rows (they are never rows of a physician), so no other figure of the analysis can contain them.
 */
import { intraclassCorrelations, mean, meanWithTInterval, weightedKappa } from '../stats';
import { DIMENSION_KIND_SPECS } from '../kinds/dimension-kinds';
import type { IccEstimate } from '../stats';
import { gwetSummary, type GwetSummary } from './reliability';
import type { UnitBootstrap } from './resampling';
import { compareStrings, outputKey, sortedStrings, type TidyRatingRow } from './tidy';
import type { AnalysisDimension } from './types';

/** One judge value on one output's dimension. */
export interface JudgeValue {
  judge: string;
  itemId: string;
  model: string;
  dimension: string;
  value: number;
}

export interface JudgePhysicianAgreement {
  physician: string;
  /** Outputs both rated. */
  n: number;
  /** Quadratic-weighted κ with a percentile bootstrap interval over the n outputs. */
  weighted_kappa: number | null;
  weighted_kappa_ci95: [number, number] | null;
  /** Gwet's AC2 (quadratic) of the judge and this physician, analytic interval. */
  ac2: GwetSummary;
  /** ICC(A,1) of the n × 2 table judge, physician (F-based interval). */
  icc_absolute_single: IccEstimate | null;
}

/** A mean of pairwise quadratic-weighted κ with a percentile bootstrap interval over `units` outputs. */
export interface MeanKappa {
  value: number | null;
  ci95: [number, number] | null;
  /** Rater pairs averaged (those with a κ). */
  pairs: number;
  /** Outputs resampled: every output at least one of the pairs shares. */
  units: number;
}

export type JudgeVerdict = 'within' | 'below' | 'above';

export interface JudgeDimensionComparison {
  dimension: string;
  /** Outputs the judge and at least one physician rated. */
  n: number;
  per_physician: JudgePhysicianAgreement[];
  /** The judge against the physicians' mean rating of each output: ICC(A,1) and ICC(C,1) of the n × 2 table. */
  vs_physician_mean: { n: number; icc_absolute_single: IccEstimate | null; icc_consistency_single: IccEstimate | null };
  /** Mean over physicians of κ(judge, physician). */
  judge_physician_kappa: MeanKappa;
  /** Mean over physician pairs of κ(physician, physician). */
  physician_physician_kappa: MeanKappa;
  /**
   * Where judge_physician_kappa's value falls against physician_physician_kappa's interval: 'within' it,
   * 'below' or 'above' it; null when either is missing.
   */
  verdict: JudgeVerdict | null;
  /** Judge − physicians' mean, per output, averaged (t interval over the n outputs). */
  bias: { mean: number | null; ci95: [number, number] | null; n: number };
}

export interface JudgeComparison {
  judge: string;
  /** Values the judge gave (every dimension). */
  ratings: number;
  dimensions: JudgeDimensionComparison[];
}

/** Per output: the physicians' values by physician; units are outputKey strings. */
type Ratings = Map<string, Map<string, number>>;

/**
 * The comparison of every judge on every ordinal (Likert) dimension of `dimensions`. `rows` are the
 * physicians' own rating rows (quality-control rows already left out).
 */
export function judgeComparisons(
  rows: ReadonlyArray<TidyRatingRow>,
  judges: ReadonlyArray<JudgeValue>,
  dimensions: ReadonlyArray<AnalysisDimension>,
  bootstrap: UnitBootstrap,
): JudgeComparison[] {
  const ordinal = dimensions.filter(
    (d) =>
      d.kind !== 'preference' && DIMENSION_KIND_SPECS[d.kind].agreementLevel === 'ordinal' && d.categories !== null,
  );
  return sortedStrings(new Set(judges.map((j) => j.judge))).map((judge) => {
    const own = judges.filter((j) => j.judge === judge);
    return {
      judge,
      ratings: own.length,
      dimensions: [...ordinal]
        .sort((a, b) => compareStrings(a.key, b.key))
        .map((dimension) => {
          const physicians: Ratings = new Map();
          for (const row of rows) {
            if (row.task !== 'rating' || row.dimension !== dimension.key) continue;
            const byRater = physicians.get(outputKey(row)) ?? new Map<string, number>();
            byRater.set(row.rater, row.value);
            physicians.set(outputKey(row), byRater);
          }
          const judged = new Map(
            own.filter((j) => j.dimension === dimension.key).map((j) => [outputKey(j), j.value] as const),
          );
          return compareOnDimension(dimension.key, dimension.categories!, judged, physicians, bootstrap);
        }),
    };
  });
}

function compareOnDimension(
  dimension: string,
  categories: ReadonlyArray<number>,
  judged: Map<string, number>,
  physicians: Ratings,
  bootstrap: UnitBootstrap,
): JudgeDimensionComparison {
  const names = sortedStrings(new Set([...physicians.values()].flatMap((byRater) => [...byRater.keys()])));
  const shared = sortedStrings([...judged.keys()].filter((unit) => physicians.has(unit)));

  const perPhysician = names.map((physician) => {
    const pair = pairedValues(judged, physicians, physician);
    const kappa = weightedKappa(pair.a, pair.b, categories, 'quadratic');
    const agreement: JudgePhysicianAgreement = {
      physician,
      n: pair.units.length,
      weighted_kappa: kappa,
      weighted_kappa_ci95: null,
      ac2: gwetSummary([pair.a, pair.b], categories, true),
      icc_absolute_single:
        intraclassCorrelations(pair.units.map((_, i) => [pair.a[i]!, pair.b[i]!]))?.absolute_single ?? null,
    };
    if (kappa !== null)
      bootstrap.interval(
        pair.units,
        { kind: 'weighted-kappa', a: pair.a, b: pair.b, categories, weights: 'quadratic' },
        (ci95) => (agreement.weighted_kappa_ci95 = ci95),
      );
    return agreement;
  });

  // Every shared output has at least one physician's value, so its mean exists.
  const meanTable = shared.map((unit) => [judged.get(unit)!, mean([...physicians.get(unit)!.values()])!]);
  const meanIcc = intraclassCorrelations(meanTable);
  const differences = meanTable.map(([judge, physicianMean]) => judge! - physicianMean!);
  const bias = meanWithTInterval(differences);

  const judgePairs = names.map((physician) => pairedValues(judged, physicians, physician));
  const physicianPairs: Pair[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) physicianPairs.push(physicianPair(physicians, names[i]!, names[j]!));
  }
  const judgeKappa = meanKappa(judgePairs, categories, bootstrap);
  const comparison: JudgeDimensionComparison = {
    dimension,
    n: shared.length,
    per_physician: perPhysician,
    vs_physician_mean: {
      n: meanTable.length,
      icc_absolute_single: meanIcc?.absolute_single ?? null,
      icc_consistency_single: meanIcc?.consistency_single ?? null,
    },
    judge_physician_kappa: judgeKappa,
    physician_physician_kappa: { value: null, ci95: null, pairs: 0, units: 0 },
    verdict: null,
    bias: { mean: bias.mean, ci95: bias.ci95, n: differences.length },
  };
  // The verdict reads the physicians' interval, filled in when the bootstrap completes.
  comparison.physician_physician_kappa = meanKappa(physicianPairs, categories, bootstrap, (ci95) => {
    comparison.verdict = verdictOf(judgeKappa.value, ci95);
  });
  return comparison;
}

/** Paired values of two raters on the outputs both rated, in unit order. */
interface Pair {
  units: string[];
  a: number[];
  b: number[];
}

function pairedValues(judged: Map<string, number>, physicians: Ratings, physician: string): Pair {
  const pair: Pair = { units: [], a: [], b: [] };
  for (const unit of sortedStrings(judged.keys())) {
    const value = physicians.get(unit)?.get(physician);
    if (value === undefined) continue;
    pair.units.push(unit);
    pair.a.push(judged.get(unit)!);
    pair.b.push(value);
  }
  return pair;
}

function physicianPair(physicians: Ratings, first: string, second: string): Pair {
  const pair: Pair = { units: [], a: [], b: [] };
  for (const unit of sortedStrings(physicians.keys())) {
    const byRater = physicians.get(unit)!;
    const a = byRater.get(first);
    const b = byRater.get(second);
    if (a === undefined || b === undefined) continue;
    pair.units.push(unit);
    pair.a.push(a);
    pair.b.push(b);
  }
  return pair;
}

/**
 * The mean of the pairs' κ, and its bootstrap over the union of their outputs: a resample draws outputs,
 * and each pair's κ is computed on the draws of the outputs it shares (meanWeightedKappaResampler).
 */
function meanKappa(
  pairs: ReadonlyArray<Pair>,
  categories: ReadonlyArray<number>,
  bootstrap: UnitBootstrap,
  onInterval?: (ci95: [number, number] | null) => void,
): MeanKappa {
  const defined = pairs.filter((p) => weightedKappa(p.a, p.b, categories, 'quadratic') !== null);
  const value = mean(defined.map((p) => weightedKappa(p.a, p.b, categories, 'quadratic')!));
  const units = sortedStrings(new Set(defined.flatMap((p) => p.units)));
  const result: MeanKappa = { value, ci95: null, pairs: defined.length, units: units.length };
  if (value === null) return result;
  const unitIndex = new Map(units.map((unit, i) => [unit, i]));
  const kappaPairs = defined.map((p) => ({ units: p.units.map((unit) => unitIndex.get(unit)!), a: p.a, b: p.b }));
  bootstrap.interval(
    units,
    { kind: 'mean-weighted-kappa', pairs: kappaPairs, categories, weights: 'quadratic' },
    (ci95) => {
      result.ci95 = ci95;
      onInterval?.(ci95);
    },
  );
  return result;
}

function verdictOf(judge: number | null, physicians: [number, number] | null): JudgeVerdict | null {
  if (judge === null || physicians === null) return null;
  if (judge < physicians[0]) return 'below';
  if (judge > physicians[1]) return 'above';
  return 'within';
}
