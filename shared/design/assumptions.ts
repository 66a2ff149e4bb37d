/**
 * What a design plan assumes, read from the study: the metric (the average of the sampling metrics, as
 * the sample bins by it) of every scored output per model and bin, and from pilot ratings when some are
 * merged, per Likert dimension the shares of the scale's values, ICC(A,1) and ICC(C,1) (between-rater
 * agreement and rater noise) and the metric–human Spearman ρ, plus the seconds per task and the
 * preference shares; with a pairwise sample, the models' Bradley–Terry log-strengths from the pilot's
 * pairwise judgements. What the pilot cannot tell is assumed, and each figure says where it came from.
 */
import { DIMENSION_KIND_SPECS } from '../kinds/dimension-kinds';
import type { KnownDimension } from '../analysis/dimensions';
import { PAIRWISE_DIMENSION, PAIRWISE_TIE, type PairwiseJudgementRow } from '../analysis/pairwise';
import { iccSummary } from '../analysis/reliability';
import { outputKey, sortedStrings, type TidyRatingRow } from '../analysis/tidy';
import { assignQuintileBins, averageScore } from '../sampling';
import { spearman } from '../stats';
import { bradleyTerry } from '../stats/bradleyTerry';
import { linearQuantileSorted } from '../stats/bootstrap';
import type {
  DimensionAssumptions,
  ModelPopulation,
  PairwiseAssumptions,
  PlanAssumptions,
  PreferenceShares,
} from './simulate';

export interface ScoredOutput {
  model: string;
  itemId: string;
  scores: Record<string, number>;
}

/** Used where the pilot has too little to tell. */
export interface AssumedValues {
  metricRho: number;
  /** ICC(A,1) = ICC(C,1) assumed: no rater bias. */
  icc: number;
  secondsPerRating: number;
  secondsPerPreference: number;
  /** The log-strength gap between models next in order (strengths equally spaced). */
  btGap: number;
}

export const DEFAULT_ASSUMED: AssumedValues = {
  metricRho: 0.5,
  icc: 0.5,
  secondsPerRating: 60,
  secondsPerPreference: 30,
  btGap: 0.2,
};

/** Pilot figures need this many outputs (ρ, value shares) or rows of a complete table (ICC). */
export const MIN_PILOT_OUTPUTS = 10;

export interface PlanInput {
  outputs: ReadonlyArray<ScoredOutput>;
  /** The physicians' tidy rows merged so far (quality-control rows are left out here). */
  rows: ReadonlyArray<TidyRatingRow>;
  rubric: ReadonlyArray<KnownDimension>;
  models: ReadonlyArray<string>;
  metrics: ReadonlyArray<string>;
  bins: number;
  /** Whether the plan includes the preference task (the study samples one or the pilot has choices). */
  preference: boolean;
  /** The study's pairwise sample (its pairs per item; undefined: every pair), or null when it has none. */
  pairwiseSample: { pairsPerItem?: number } | null;
  /** The pilot's pairwise judgements merged so far. */
  pairwiseRows: ReadonlyArray<PairwiseJudgementRow>;
  assumed: AssumedValues;
}

/** Where a figure of the plan came from: the pilot (with how much of it) or the assumption. */
export type Source = { from: 'pilot'; n: number } | { from: 'assumed' };

export interface DimensionSources {
  key: string;
  metricRho: Source;
  icc: Source;
  valueShares: Source;
}

export interface PlanAssumptionsWithSources {
  assumptions: PlanAssumptions;
  dimensions: DimensionSources[];
  secondsPerRating: Source;
  secondsPerPreference: Source;
  preference: Source | null;
  /** Where the log-strengths came from; null with the reason when the plan has no pairwise figure. */
  pairwise: Source | { omitted: string };
}

export class PlanInputError extends Error {}

export function planAssumptions(input: PlanInput): PlanAssumptionsWithSources {
  const metricOf = new Map<string, number>();
  const models: ModelPopulation[] = [];
  const problems: string[] = [];
  const rows = input.rows.filter((r) => r.qc === null);
  for (const model of input.models) {
    const scored = input.outputs
      .filter((o) => o.model === model)
      .flatMap((o) => {
        const avgScore = averageScore(o.scores, input.metrics);
        return avgScore === null ? [] : [{ itemId: o.itemId, avgScore }];
      });
    if (scored.length < input.bins) {
      problems.push(`Model ${model} has ${scored.length} scored outputs, fewer than the ${input.bins} bins.`);
      continue;
    }
    const bins = Array.from({ length: input.bins }, (): number[] => []);
    for (const o of assignQuintileBins(scored, input.bins)) {
      bins[o.bin - 1]!.push(o.avgScore);
      metricOf.set(outputKey({ itemId: o.itemId, model }), o.avgScore);
    }
    models.push({ model, bins, preference: null });
  }
  if (input.models.length === 0) problems.push('The study has no model with scored outputs to plan for.');
  if (problems.length > 0) throw new PlanInputError(problems.join('\n'));

  const likert = input.rubric.filter((d) => DIMENSION_KIND_SPECS[d.kind].agreementLevel === 'ordinal');
  if (likert.length === 0) throw new PlanInputError('The rubric has no Likert (ordinal) dimension to plan for.');
  const dimensions = likert.map((d) => dimensionAssumptions(d, rows, metricOf, input.assumed));

  const preferenceRows = rows.filter((r) => r.task === 'preference');
  let preference: Source | null = null;
  if (input.preference || preferenceRows.length > 0) {
    preference =
      preferenceRows.length >= MIN_PILOT_OUTPUTS ? { from: 'pilot', n: preferenceRows.length } : { from: 'assumed' };
    for (const population of models) {
      const own = preferenceRows.filter((r) => r.model === population.model);
      const overall = preferenceShares(own.length >= MIN_PILOT_OUTPUTS ? own : preferenceRows);
      population.preference = population.bins.map((_, b) => {
        const inBin = own.filter((r) => r.bin === b + 1);
        return inBin.length >= MIN_PILOT_OUTPUTS ? preferenceShares(inBin) : overall;
      });
    }
  }

  const pairwise = pairwiseAssumptions(input);
  const ratingSeconds = medianTaskSeconds(rows.filter((r) => r.task === 'rating'));
  const preferenceSeconds = medianTaskSeconds(preferenceRows);
  return {
    assumptions: {
      models,
      dimensions: dimensions.map((d) => d.assumptions),
      secondsPerRating: ratingSeconds?.seconds ?? input.assumed.secondsPerRating,
      secondsPerPreference: preferenceSeconds?.seconds ?? input.assumed.secondsPerPreference,
      pairwise: 'assumptions' in pairwise ? pairwise.assumptions : null,
    },
    dimensions: dimensions.map((d) => d.sources),
    secondsPerRating: ratingSeconds ? { from: 'pilot', n: ratingSeconds.tasks } : { from: 'assumed' },
    secondsPerPreference: preferenceSeconds ? { from: 'pilot', n: preferenceSeconds.tasks } : { from: 'assumed' },
    preference,
    pairwise: 'assumptions' in pairwise ? pairwise.source : pairwise,
  };
}

/**
 * The pairwise task's log-strengths: the pilot's Bradley–Terry fit of its pairwise judgements among the
 * plan's models when there are at least 10 and every model is estimable on one scale, else equally spaced
 * by the assumed gap (first model strongest), centred on zero. No pairwise sample or fewer than two models:
 * no figure, and why.
 */
function pairwiseAssumptions(
  input: PlanInput,
): { assumptions: PairwiseAssumptions; source: Source } | { omitted: string } {
  const models = input.models;
  if (input.pairwiseSample === null) return { omitted: 'the study has no pairwise sample' };
  if (models.length < 2) return { omitted: 'a Bradley–Terry gap needs two models' };
  const pairsPerItem = input.pairwiseSample.pairsPerItem ?? (models.length * (models.length - 1)) / 2;
  const index = new Map(models.map((model, i) => [model, i]));
  const pilot = input.pairwiseRows.filter(
    (r) => r.dimension === PAIRWISE_DIMENSION && index.has(r.modelA) && index.has(r.modelB) && r.modelA !== r.modelB,
  );
  if (pilot.length >= MIN_PILOT_OUTPUTS) {
    const items = new Map([...new Set(pilot.map((r) => r.itemId))].map((item, unit) => [item, unit]));
    const fit = bradleyTerry(
      models.length,
      pilot.map((r) => ({
        unit: items.get(r.itemId)!,
        a: index.get(r.modelA)!,
        b: index.get(r.modelB)!,
        scoreA: r.value === PAIRWISE_TIE ? 0.5 : r.value === r.modelA ? 1 : 0,
      })),
    );
    if (fit.components.length === 1 && fit.components[0]!.estimable)
      return {
        assumptions: { logStrengths: fit.logStrengths as number[], pairsPerItem },
        source: { from: 'pilot', n: pilot.length },
      };
  }
  const logStrengths = models.map((_, k) => input.assumed.btGap * ((models.length - 1) / 2 - k));
  return { assumptions: { logStrengths, pairsPerItem }, source: { from: 'assumed' } };
}

function dimensionAssumptions(
  dimension: KnownDimension,
  rows: ReadonlyArray<TidyRatingRow>,
  metricOf: Map<string, number>,
  assumed: AssumedValues,
): { assumptions: DimensionAssumptions; sources: DimensionSources } {
  const scale = [...dimension.scale].sort((a, b) => a - b);
  const own = rows.filter((r) => r.task === 'rating' && r.dimension === dimension.key && scale.includes(r.value));
  const byOutput = new Map<string, Map<string, number>>();
  for (const row of own) {
    const values = byOutput.get(outputKey(row)) ?? new Map<string, number>();
    values.set(row.rater, row.value as number);
    byOutput.set(outputKey(row), values);
  }

  const counts = scale.map((value) => own.filter((r) => r.value === value).length);
  const sharesFromPilot = byOutput.size >= MIN_PILOT_OUTPUTS;
  const valueShares = sharesFromPilot ? counts.map((c) => c / own.length) : scale.map(() => 1 / scale.length);

  const x: number[] = [];
  const y: number[] = [];
  for (const [unit, values] of byOutput) {
    const metric = metricOf.get(unit);
    if (metric === undefined) continue;
    x.push(metric);
    y.push([...values.values()].reduce((sum, v) => sum + v, 0) / values.size);
  }
  const rho = x.length >= MIN_PILOT_OUTPUTS ? spearman(x, y) : null;

  const raters = sortedStrings(new Set(own.map((r) => r.rater)));
  const units = [...byOutput.values()];
  const icc =
    raters.length >= 2
      ? iccSummary(
          raters,
          raters.map((rater) => units.map((u) => u.get(rater) ?? null)),
        )
      : null;
  const absolute = icc?.absolute_single.value ?? null;
  const consistency = icc?.consistency_single.value ?? null;
  // The simulation needs 0 < ICC(A,1) ≤ ICC(C,1) < 1; a pilot outside that (or too small) tells too little.
  const iccFromPilot =
    icc !== null &&
    icc.n >= MIN_PILOT_OUTPUTS &&
    absolute !== null &&
    consistency !== null &&
    absolute > 0 &&
    consistency < 1;
  const iccAbsolute = iccFromPilot ? absolute : assumed.icc;
  return {
    assumptions: {
      key: dimension.key,
      valueShares,
      iccAbsolute,
      iccConsistency: iccFromPilot ? Math.min(0.99, Math.max(absolute, consistency)) : assumed.icc,
      metricRho: rho ?? assumed.metricRho,
    },
    sources: {
      key: dimension.key,
      metricRho: rho !== null ? { from: 'pilot', n: x.length } : { from: 'assumed' },
      icc: iccFromPilot ? { from: 'pilot', n: icc.n } : { from: 'assumed' },
      valueShares: sharesFromPilot ? { from: 'pilot', n: byOutput.size } : { from: 'assumed' },
    },
  };
}

function preferenceShares(rows: ReadonlyArray<TidyRatingRow>): PreferenceShares {
  if (rows.length === 0) return { model: 0.5, reference: 0.5, tie: 0 };
  const share = (value: string) => rows.filter((r) => r.value === value).length / rows.length;
  return { model: share('model'), reference: share('reference'), tie: share('tie') };
}

/** The median seconds a task was on screen, one duration per rater and output; null without timed tasks. */
function medianTaskSeconds(rows: ReadonlyArray<TidyRatingRow>): { seconds: number; tasks: number } | null {
  const perTask = new Map<string, number>();
  for (const row of rows) {
    if (row.durationMs !== null) perTask.set(`${row.rater}\u0000${outputKey(row)}`, row.durationMs);
  }
  if (perTask.size === 0) return null;
  const sorted = [...perTask.values()].sort((a, b) => a - b);
  return { seconds: linearQuantileSorted(sorted, 0.5) / 1000, tasks: sorted.length };
}
