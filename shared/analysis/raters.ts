/** Per-rater diagnostics: how each rater's values and pace compare with the other raters'. */
import { mean, meanWithTInterval, quartiles, sampleSd, spearman } from '../stats';
import type { AnalysisDimension } from './types';
import { OutputMap, compareStrings, emptySet, outputKey, sortedStrings, type TidyRatingRow } from './tidy';

export interface RaterDimensionDiagnostics {
  dimension: string;
  /** The rater's ratings on the dimension, their mean and sample SD (n − 1). */
  n: number;
  mean: number | null;
  sd: number | null;
  /**
   * Against the others: on the outputs this rater and at least one other rater rated (n), Spearman's ρ
   * between the rater's value and the mean of the other raters' values (leave-one-out mean), and the
   * mean of (rater − others' mean) with its paired t 95% interval.
   */
  versus_others: {
    n: number;
    spearman: number | null;
    mean_difference: number | null;
    mean_difference_ci95: [number, number] | null;
  };
}

export interface RaterDiagnostics {
  rater: string;
  /** Time per task (one rater × output × task), from duration_ms: median and quartiles (numpy linear), n tasks timed. */
  time_per_task_ms: { n: number; median: number; q1: number; q3: number } | null;
  /** Rating dimensions (Likert and binary) in the analysis' dimension order. */
  dimensions: RaterDimensionDiagnostics[];
}

export function raterDiagnostics(
  rows: ReadonlyArray<TidyRatingRow>,
  dimensions: ReadonlyArray<AnalysisDimension>,
): RaterDiagnostics[] {
  const raters = sortedStrings(new Set(rows.map((row) => row.rater)));
  const raterIndex = new Map(raters.map((rater, i) => [rater, i]));
  // dimension → output → value of each rater (by place in `raters`)
  const values = new Map<string, OutputMap<ValuesOfOutput>>();
  // Per rater, the duration of each task timed (an output in one kind of task), from its first row.
  const durations = new Map<string, { tasks: OutputMap<Set<string>>; times: number[] }>();
  const newValues = (row: TidyRatingRow): ValuesOfOutput => ({
    key: outputKey(row),
    byRater: new Array(raters.length),
  });
  for (const row of rows) {
    if (row.durationMs !== null) {
      let timed = durations.get(row.rater);
      if (timed === undefined) durations.set(row.rater, (timed = { tasks: new OutputMap(), times: [] }));
      const kinds = timed.tasks.obtain(row, emptySet);
      if (!kinds.has(row.task)) {
        kinds.add(row.task);
        timed.times.push(row.durationMs);
      }
    }
    if (row.task !== 'rating') continue;
    let byOutput = values.get(row.dimension);
    if (byOutput === undefined) values.set(row.dimension, (byOutput = new OutputMap()));
    const output = byOutput.obtain(row, newValues);
    output.byRater[raterIndex.get(row.rater)!] = row.value;
  }

  // Outputs and raters in sorted order, so rounding does not depend on the order of the rows; the outputs
  // sorted once per dimension, not once per rater.
  const sortedByDimension = new Map(
    [...values].map(([dimension, byOutput]) => [
      dimension,
      [...byOutput.values()].sort((a, b) => compareStrings(a.key, b.key)),
    ]),
  );
  return raters.map((rater, r) => {
    const timed = durations.get(rater)?.times ?? [];
    const times = quartiles(timed);
    return {
      rater,
      time_per_task_ms: times && { n: timed.length, median: times.median, q1: times.q1, q3: times.q3 },
      dimensions: dimensions
        .filter((d) => d.kind !== 'preference')
        .map((d) => dimensionDiagnostics(r, d.key, sortedByDimension.get(d.key) ?? [])),
    };
  });
}

/** One output's ratings on a dimension: each rater's value by the rater's place in sorted order (empty: not rated). */
interface ValuesOfOutput {
  key: string;
  byRater: Array<number | undefined>;
}

/** `rater` is the rater's place in sorted order; the others' values are taken in that order too. */
function dimensionDiagnostics(
  rater: number,
  dimension: string,
  outputs: ReadonlyArray<ValuesOfOutput>,
): RaterDimensionDiagnostics {
  const own: number[] = [];
  const paired: number[] = [];
  const othersMean: number[] = [];
  // One array for every output's other values: mean() copies what it is given.
  const others: number[] = [];
  for (let o = 0; o < outputs.length; o++) {
    const { byRater } = outputs[o]!;
    const value = byRater[rater];
    if (value === undefined) continue;
    own.push(value);
    others.length = 0;
    for (let other = 0; other < byRater.length; other++) {
      const theirs = byRater[other];
      if (other !== rater && theirs !== undefined) others.push(theirs);
    }
    if (others.length === 0) continue;
    paired.push(value);
    othersMean.push(mean(others)!);
  }
  const difference = meanWithTInterval(paired.map((value, i) => value - othersMean[i]!));
  return {
    dimension,
    n: own.length,
    mean: mean(own),
    sd: sampleSd(own),
    versus_others: {
      n: paired.length,
      spearman: spearman(paired, othersMean),
      mean_difference: difference.mean,
      mean_difference_ci95: difference.ci95,
    },
  };
}
