/** Per-rater diagnostics: how each rater's values and pace compare with the other raters'. */
import { mean, meanWithTInterval, quartiles, sampleSd, spearman } from '../stats';
import type { AnalysisDimension } from './types';
import { outputKey, sortedStrings, type TidyRatingRow } from './tidy';

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
  versus_others: { n: number; spearman: number | null; mean_difference: number | null; mean_difference_ci95: [number, number] | null };
}

export interface RaterDiagnostics {
  rater: string;
  /** Time per task (one rater × output × task), from duration_ms: median and quartiles (numpy linear), n tasks timed. */
  time_per_task_ms: { n: number; median: number; q1: number; q3: number } | null;
  /** Rating dimensions (Likert and binary) in the analysis' dimension order. */
  dimensions: RaterDimensionDiagnostics[];
}

export function raterDiagnostics(rows: ReadonlyArray<TidyRatingRow>, dimensions: ReadonlyArray<AnalysisDimension>): RaterDiagnostics[] {
  const raters = sortedStrings(new Set(rows.map((row) => row.rater)));
  // dimension → output → rater → value
  const values = new Map<string, Map<string, Map<string, number>>>();
  const durations = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (row.durationMs !== null) {
      const timed = durations.get(row.rater) ?? new Map<string, number>();
      durations.set(row.rater, timed);
      const task = `${outputKey(row)}\u001f${row.task}`;
      if (!timed.has(task)) timed.set(task, row.durationMs);
    }
    if (row.task !== 'rating') continue;
    const byOutput = values.get(row.dimension) ?? new Map<string, Map<string, number>>();
    values.set(row.dimension, byOutput);
    const byRater = byOutput.get(outputKey(row)) ?? new Map<string, number>();
    byOutput.set(outputKey(row), byRater);
    byRater.set(row.rater, row.value);
  }

  return raters.map((rater) => {
    const times = quartiles([...(durations.get(rater)?.values() ?? [])]);
    return {
      rater,
      time_per_task_ms: times && { n: durations.get(rater)!.size, median: times.median, q1: times.q1, q3: times.q3 },
      dimensions: dimensions
        .filter((d) => d.kind !== 'preference')
        .map((d) => dimensionDiagnostics(rater, d.key, values.get(d.key) ?? new Map())),
    };
  });
}

function dimensionDiagnostics(rater: string, dimension: string, byOutput: Map<string, Map<string, number>>): RaterDimensionDiagnostics {
  const own: number[] = [];
  const paired: number[] = [];
  const othersMean: number[] = [];
  // Outputs and raters in sorted order, so rounding does not depend on the order of the rows.
  for (const output of sortedStrings(byOutput.keys())) {
    const byRater = byOutput.get(output)!;
    const value = byRater.get(rater);
    if (value === undefined) continue;
    own.push(value);
    const others = sortedStrings(byRater.keys())
      .filter((name) => name !== rater)
      .map((name) => byRater.get(name)!);
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
