/**
 * The quality-control section of the analysis: how the raters did on the checks designed into the
 * study (hidden repeats, reference controls, calibration) and how they worked (time on task, fast
 * answers, straight-lining). QC rows are kept out of every model result by analyzeTidyRatings; this is
 * the only place that reads them.
 */
import { mean, weightedKappa } from '../stats';
import { linearQuantileSorted } from '../stats/bootstrap';
import type { DimensionKind } from '../kinds/dimension-kinds';
import { kappaWeightsOf, stepsApart } from '../kinds/value-comparison';
import type { QcRole } from '../qc/roles';
import { DEFAULT_FAST_MS, DEFAULT_STRAIGHT_RUN } from './defaults';
import { AnalysisInputError } from './errors';
import { resolveDimensions, type KnownDimension } from './dimensions';
import {
  OutputMap,
  compareStrings,
  RatingMap,
  emptyMap,
  sortedStrings,
  type TidyRatingRow,
  type TidyRatingValueRow,
} from './tidy';
import type { AnalysisDimension } from './types';

/** A rater is flagged for fast answers when at least this share of their timed tasks were fast. */
export const FAST_SHARE_FLAG = 0.1;

export interface QcAnalysisOptions {
  fastMs?: number;
  straightRun?: number;
  /** The calibration file's expected values; without them calibration rows are only counted. */
  calibration?: ReadonlyArray<{ itemId: string; model: string; expected: Readonly<Record<string, number>> }>;
}

export interface IntraRaterAgreement {
  dimension: string;
  /** null: every rater's pairs pooled. */
  rater: string | null;
  /** Pairs: a repeat and its first showing, both rated on the dimension. */
  n: number;
  /**
   * Cohen's κ over the dimension's scale, weighted as its kind compares values (shared/kinds/value-comparison.ts):
   * quadratic over the steps of an ordered scale (Likert, ordinal), unweighted over categories (binary, nominal).
   */
  weighted_kappa: number | null;
  percent_exact: number | null;
}

export interface MeanCell {
  mean: number | null;
  n: number;
}

export interface ReferenceControlMeans {
  dimension: string;
  /** Ratings of the reference answers shown as if they were model answers. */
  reference: MeanCell;
  /** Each model's mean over all its (non-QC) ratings, for comparison. */
  models: (MeanCell & { model: string })[];
}

export interface CalibrationAgreement {
  dimension: string;
  /** null: every rater pooled. */
  rater: string | null;
  /** Calibration ratings with an expected value on this dimension. */
  n: number;
  exact_share: number | null;
  /** In scale steps; null for a kind compared as categories (binary, nominal), whose values have no distance. */
  within_one_share: number | null;
  mean_absolute_difference: number | null;
}

export type RaterFlag = 'fast_answers' | 'straight_lining';

export interface RaterQc {
  rater: string;
  /** Rated tasks (rating and preference, QC tasks included); timed = those with a duration. */
  tasks: number;
  timed_tasks: number;
  fast_tasks: number;
  fast_share: number | null;
  median_ms: number | null;
  q1_ms: number | null;
  q3_ms: number | null;
  iqr_ms: number | null;
  /** Longest run of rating tasks with one value on every Likert dimension; null when the order is unknown. */
  longest_straight_run: number | null;
  /** Runs at least `straight_run` tasks long. */
  straight_runs: number;
  flags: RaterFlag[];
}

export interface QcResult {
  parameters: { fast_ms: number; fast_share_flag: number; straight_run: number };
  /** Tidy rows of each role, all left out of the model results. */
  rows: Record<QcRole, number>;
  intra_rater: IntraRaterAgreement[];
  reference_controls: ReferenceControlMeans[];
  calibration: { expected_supplied: boolean; agreement: CalibrationAgreement[] };
  raters: RaterQc[];
}

export function qualityControl(
  rows: ReadonlyArray<TidyRatingRow>,
  rubric: ReadonlyArray<KnownDimension> | undefined,
  options: QcAnalysisOptions = {},
): QcResult {
  const fastMs = options.fastMs ?? DEFAULT_FAST_MS;
  const straightRun = options.straightRun ?? DEFAULT_STRAIGHT_RUN;
  // By key, as the agreement section: the JSON is then the same whether the rubric is known or inferred.
  const dimensions = resolveDimensions(rows, rubric)
    .filter((d): d is RatedDimension => d.kind !== 'preference')
    .sort((a, b) => compareStrings(a.key, b.key));
  const ratings = rows.filter((row): row is TidyRatingValueRow => row.task === 'rating');
  const count = (role: QcRole) => rows.filter((row) => row.qc === role).length;
  return {
    parameters: { fast_ms: fastMs, fast_share_flag: FAST_SHARE_FLAG, straight_run: straightRun },
    rows: { repeat: count('repeat'), reference_control: count('reference_control'), calibration: count('calibration') },
    intra_rater: intraRaterAgreement(ratings, dimensions),
    reference_controls: referenceControlMeans(ratings, dimensions),
    calibration: {
      expected_supplied: options.calibration !== undefined,
      agreement: options.calibration ? calibrationAgreement(ratings, dimensions, options.calibration) : [],
    },
    raters: raterChecks(rows, dimensions, fastMs, straightRun),
  };
}

/** A rubric dimension as the analysis resolved it: the preference choice is not one. */
type RatedDimension = AnalysisDimension & { kind: DimensionKind };

/** Per dimension, pooled and per rater: each repeat against the same rater's first showing. */
function intraRaterAgreement(
  ratings: ReadonlyArray<TidyRatingValueRow>,
  dimensions: ReadonlyArray<RatedDimension>,
): IntraRaterAgreement[] {
  const repeats = ratings.filter((r) => r.qc === 'repeat');
  // The study's own ratings by identity, needed only when there are repeats to compare them with.
  const firstShowing = new RatingMap<number>();
  if (repeats.length > 0) for (const r of ratings) if (r.qc === null) firstShowing.set(r, r.value);
  const pairs = repeats.flatMap((r) => {
    const first = firstShowing.get({ ...r, qc: null });
    return first === undefined ? [] : [{ rater: r.rater, dimension: r.dimension, first, repeat: r.value }];
  });
  const raters = sortedStrings(new Set(pairs.map((p) => p.rater)));
  return dimensions.flatMap((dimension) =>
    [null, ...raters].map((rater) => {
      const own = pairs.filter((p) => p.dimension === dimension.key && (rater === null || p.rater === rater));
      return {
        dimension: dimension.key,
        rater,
        n: own.length,
        weighted_kappa: weightedKappa(
          own.map((p) => p.first),
          own.map((p) => p.repeat),
          dimension.categories ?? [],
          kappaWeightsOf(dimension.kind),
        ),
        percent_exact: share(own, (p) => p.first === p.repeat),
      };
    }),
  );
}

function referenceControlMeans(
  ratings: ReadonlyArray<TidyRatingValueRow>,
  dimensions: ReadonlyArray<AnalysisDimension>,
): ReferenceControlMeans[] {
  if (!ratings.some((r) => r.qc === 'reference_control')) return [];
  // One pass over the ratings: values by (dimension, model), the reference controls under the key null.
  const values = new Map<string, number[]>();
  const models = new Set<string>();
  for (const r of ratings) {
    if (r.qc !== null && r.qc !== 'reference_control') continue;
    if (r.qc === null) models.add(r.model);
    const key = JSON.stringify([r.dimension, r.qc === null ? r.model : null]);
    const own = values.get(key) ?? [];
    values.set(key, own);
    own.push(r.value);
  }
  const cell = (dimension: string, model: string | null): MeanCell => {
    const own = values.get(JSON.stringify([dimension, model])) ?? [];
    return { mean: mean(own), n: own.length };
  };
  return dimensions.map((dimension) => ({
    dimension: dimension.key,
    reference: cell(dimension.key, null),
    models: sortedStrings(models).map((model) => ({ model, ...cell(dimension.key, model) })),
  }));
}

/** Each calibration rating against its expected value: equal or not, and how many scale steps apart (ordered kinds). */
function calibrationAgreement(
  ratings: ReadonlyArray<TidyRatingValueRow>,
  dimensions: ReadonlyArray<RatedDimension>,
  expectations: NonNullable<QcAnalysisOptions['calibration']>,
): CalibrationAgreement[] {
  const expected = new Map(expectations.map((e) => [JSON.stringify([e.itemId, e.model]), e.expected]));
  const byKey = new Map(dimensions.map((d) => [d.key, d]));
  const compared = ratings.flatMap((r) => {
    const value = r.qc === 'calibration' ? expected.get(JSON.stringify([r.itemId, r.model]))?.[r.dimension] : undefined;
    const dimension = byKey.get(r.dimension);
    if (value === undefined || dimension === undefined) return [];
    let steps: number | null;
    try {
      steps = stepsApart(dimension.kind, dimension.categories ?? [], r.value, value);
    } catch (error) {
      throw new AnalysisInputError(`Calibration of "${r.dimension}": ${(error as Error).message}`);
    }
    return [{ rater: r.rater, dimension: r.dimension, same: r.value === value, steps }];
  });
  // A kind compared as categories gives no steps, so its distance figures stay null.
  const distances = (own: typeof compared) => own.flatMap((c) => (c.steps === null ? [] : [c.steps]));
  const raters = sortedStrings(new Set(compared.map((c) => c.rater)));
  return dimensions
    .filter((d) => compared.some((c) => c.dimension === d.key))
    .flatMap((dimension) =>
      [null, ...raters].map((rater) => {
        const own = compared.filter((c) => c.dimension === dimension.key && (rater === null || c.rater === rater));
        return {
          dimension: dimension.key,
          rater,
          n: own.length,
          exact_share: share(own, (c) => c.same),
          within_one_share: share(distances(own), (steps) => steps <= 1),
          mean_absolute_difference: mean(distances(own)),
        };
      }),
    );
}

interface RatedTask {
  task: TidyRatingRow['task'];
  durationMs: number | null;
  ratedAt: string;
  likertValues: number[];
}

function raterChecks(
  rows: ReadonlyArray<TidyRatingRow>,
  dimensions: ReadonlyArray<AnalysisDimension>,
  fastMs: number,
  straightRun: number,
): RaterQc[] {
  const likert = new Set(dimensions.filter((d) => d.kind === 'likert').map((d) => d.key));
  // Per rater, each task in the order of its first row. One task = what the rater saw once: an output,
  // in one kind of task, in one QC role.
  const tasksByRater = new Map<string, { byOutput: OutputMap<Map<string, RatedTask>>; tasks: RatedTask[] }>();
  for (const row of rows) {
    let ofRater = tasksByRater.get(row.rater);
    if (ofRater === undefined) tasksByRater.set(row.rater, (ofRater = { byOutput: new OutputMap(), tasks: [] }));
    const ofOutput = ofRater.byOutput.obtain(row, emptyMap);
    const kind = row.qc === null ? row.task : `${row.task}:${row.qc}`;
    let task = ofOutput.get(kind);
    if (task === undefined) {
      task = { task: row.task, durationMs: row.durationMs, ratedAt: row.ratedAt, likertValues: [] };
      ofOutput.set(kind, task);
      ofRater.tasks.push(task);
    }
    if (row.task === 'rating' && likert.has(row.dimension)) task.likertValues.push(row.value);
  }
  return [...tasksByRater.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([rater, { tasks }]) => {
      const durations = tasks.flatMap((t) => (t.durationMs === null ? [] : [t.durationMs])).sort((a, b) => a - b);
      const fast = durations.filter((d) => d < fastMs).length;
      const fastShare = durations.length === 0 ? null : fast / durations.length;
      const runs = straightRuns(tasks.filter((t) => t.task === 'rating'));
      const quartile = (p: number) => (durations.length === 0 ? null : linearQuantileSorted(durations, p));
      const [q1, median, q3] = [quartile(0.25), quartile(0.5), quartile(0.75)];
      const longRuns = runs?.filter((length) => length >= straightRun).length ?? 0;
      const flags: RaterFlag[] = [];
      if (fastShare !== null && fastShare >= FAST_SHARE_FLAG) flags.push('fast_answers');
      if (longRuns > 0) flags.push('straight_lining');
      return {
        rater,
        tasks: tasks.length,
        timed_tasks: durations.length,
        fast_tasks: fast,
        fast_share: fastShare,
        median_ms: median,
        q1_ms: q1,
        q3_ms: q3,
        iqr_ms: q1 === null || q3 === null ? null : q3 - q1,
        longest_straight_run: runs === null ? null : runs.reduce((a, b) => Math.max(a, b), 0),
        straight_runs: longRuns,
        flags,
      };
    });
}

/**
 * Lengths of the runs of consecutive rating tasks (in the order they were rated) that each have one
 * value on every Likert dimension, the same value throughout the run. null when a task has no rating
 * time, so the order is unknown.
 */
function straightRuns(tasks: ReadonlyArray<RatedTask>): number[] | null {
  if (tasks.some((t) => t.ratedAt === '')) return null;
  const ordered = [...tasks].sort((a, b) => compareStrings(a.ratedAt, b.ratedAt));
  const runs: number[] = [];
  let runValue: number | null = null;
  for (const task of ordered) {
    const value =
      task.likertValues.length > 0 && task.likertValues.every((v) => v === task.likertValues[0])
        ? task.likertValues[0]!
        : null;
    if (value !== null && value === runValue) runs[runs.length - 1]! += 1;
    else if (value !== null) runs.push(1);
    runValue = value;
  }
  return runs;
}

function share<T>(items: ReadonlyArray<T>, test: (item: T) => boolean): number | null {
  return items.length === 0 ? null : items.filter(test).length / items.length;
}
