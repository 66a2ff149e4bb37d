/**
 * Which automatic metric tracks the physicians best: for each rating dimension, model (and ALL) and pair of
 * metrics, the difference of their correlations with the physicians' mean rating on the same outputs, with a
 * paired bootstrap interval, a paired permutation test (Deutsch, Dror & Roth 2021) and, for Pearson's r,
 * Williams' test for dependent overlapping correlations.
 */
import { createPrng, deriveSeed } from '../prng';
import {
  averageRanks,
  pearson,
  percentileIntervalOfValues,
  spearman,
  swapPermutationTest,
  williamsTest,
  type WilliamsTest,
} from '../stats';
import { metricCorrelationName, type CorrelationVariables } from './correlations';
import type { BootstrapSettings, ResampledStatistic, UnitBootstrap } from './resampling';

export interface CorrelationDifference {
  /** The two metrics' correlations with the mean rating on the compared outputs. */
  first: number | null;
  second: number | null;
  /** first − second. */
  difference: number | null;
  /** Paired percentile bootstrap over the outputs (parameters.intervals.metric_difference). */
  difference_ci95: [number, number] | null;
  /** Two-sided p of the paired swap permutation test (parameters.intervals.metric_difference). */
  permutation_p: number | null;
}

export interface MetricComparison {
  dimension: string;
  /** A model name, or "ALL". */
  model: string;
  /** The two metrics, in name order; differences are first − second. */
  metrics: [string, string];
  /** Outputs with both metrics and at least one rating on the dimension. */
  n: number;
  spearman: CorrelationDifference;
  pearson: CorrelationDifference & { williams: WilliamsTest | null };
}

/** The metric with the highest Spearman ρ for one dimension and model, against the next best. */
export interface BestMetric {
  dimension: string;
  model: string;
  metric: string;
  spearman: number;
  /** Null when no other metric has a defined ρ here. */
  runner_up: string | null;
  /** ρ(best) − ρ(runner-up) on the outputs both have, with its interval and permutation p. */
  difference: number | null;
  difference_ci95: [number, number] | null;
  permutation_p: number | null;
  /** The permutation test rejects equal correlations at the 5% level (p < 0.05). */
  distinguishable: boolean;
}

interface Pairs {
  keys: ReadonlyArray<string>;
  first: number[];
  second: number[];
  human: number[];
}

function comparedOutputs(
  target: { dimension: string; model: string; metrics: [string, string] },
  variables: CorrelationVariables,
): Pairs {
  const { units, scores, means } = variables.pairs(target.model, target.dimension, target.metrics);
  return { keys: units, first: scores[0]!, second: scores[1]!, human: means };
}

export function compareMetrics(
  target: { dimension: string; model: string; metrics: [string, string] },
  bootstrap: UnitBootstrap,
  settings: BootstrapSettings,
  variables: CorrelationVariables,
): MetricComparison {
  const pairs = comparedOutputs(target, variables);
  const { ranks } = variables;
  const label = `metric comparison\u001e${target.metrics.join('\u001e')}\u001e${pairs.keys.join('\u001e')}`;
  const difference = (
    coefficient: 'spearman' | 'pearson',
    correlation: (x: number[], y: number[]) => number | null,
  ): CorrelationDifference => {
    const first = correlation(pairs.first, pairs.human);
    const second = correlation(pairs.second, pairs.human);
    const result: CorrelationDifference = {
      first,
      second,
      difference: null,
      difference_ci95: null,
      permutation_p: null,
    };
    if (first === null || second === null) return result;
    result.difference = first - second;
    pairedDifferenceInterval(
      bootstrap,
      pairs.keys,
      [
        {
          name: metricCorrelationName(coefficient, { metric: target.metrics[0], dimension: target.dimension }),
          x: pairs.first,
        },
        {
          name: metricCorrelationName(coefficient, { metric: target.metrics[1], dimension: target.dimension }),
          x: pairs.second,
        },
      ].map(({ name, x }) => ({ name, statistic: { kind: coefficient, x, y: pairs.human } })),
      (ci95) => (result.difference_ci95 = ci95),
    );
    // As many permutations as resamples; they need none, so they are computed alongside them.
    if (settings.bootstrap > 0)
      bootstrap.alongside(() => {
        const inputs =
          coefficient === 'spearman'
            ? [pairs.first, pairs.second, pairs.human].map((values) => averageRanks(values, ranks))
            : [pairs.first, pairs.second, pairs.human];
        const prng = createPrng(deriveSeed(settings.seed, `${label}\u001e${coefficient}`));
        result.permutation_p = swapPermutationTest(inputs[0]!, inputs[1]!, inputs[2]!, {
          permutations: settings.bootstrap,
          prng,
        });
      });
    return result;
  };
  const pearsonDifference = difference('pearson', pearson);
  const spearmanDifference = difference('spearman', (x, y) => spearman(x, y, ranks));
  // Extended in place, not copied: its interval is filled into this object when the bootstrap completes.
  const pearsonWithWilliams = Object.assign(pearsonDifference, {
    williams: williamsTest(
      pearsonDifference.first,
      pearsonDifference.second,
      pearson(pairs.first, pairs.second),
      pairs.keys.length,
    ),
  });
  return {
    dimension: target.dimension,
    model: target.model,
    metrics: target.metrics,
    n: pairs.keys.length,
    spearman: spearmanDifference,
    pearson: pearsonWithWilliams,
  };
}

/**
 * The percentile interval of first − second on each resample of `units` (a paired bootstrap: both on the
 * same resamples), filled in by `fill` once the bootstrap is complete; null without resamples.
 */
function pairedDifferenceInterval(
  bootstrap: UnitBootstrap,
  units: ReadonlyArray<string>,
  statistics: Array<{ name: string; statistic: ResampledStatistic }>,
  fill: (interval: [number, number] | null) => void,
): void {
  const values: Array<Float64Array | null | undefined> = statistics.map(() => undefined);
  statistics.forEach(({ name, statistic }, which) =>
    bootstrap.resampled(
      units,
      statistic,
      (ofStatistic) => {
        values[which] = ofStatistic;
        const [first, second] = values;
        if (first === undefined || second === undefined) return;
        fill(first && second && percentileIntervalOfValues(differences(first, second)));
      },
      name,
    ),
  );
}

/**
 * Per dimension and model, the metric with the highest Spearman ρ (ties: metric name) and its comparison
 * with the runner-up, read from the pairwise comparisons.
 */
export function bestMetrics(
  correlations: ReadonlyArray<{ metric: string; dimension: string; model: string; spearman: number | null }>,
  comparisons: ReadonlyArray<MetricComparison>,
): BestMetric[] {
  const groups = new Map<string, Array<{ metric: string; dimension: string; model: string; spearman: number }>>();
  for (const c of correlations) {
    if (c.spearman === null) continue;
    const key = `${c.dimension}\u001e${c.model}`;
    groups.set(key, [...(groups.get(key) ?? []), { ...c, spearman: c.spearman }]);
  }
  const best: BestMetric[] = [];
  for (const group of groups.values()) {
    const ranked = [...group].sort((x, y) => y.spearman - x.spearman || (x.metric < y.metric ? -1 : 1));
    const [top, next] = ranked;
    const comparison =
      next &&
      comparisons.find(
        (c) =>
          c.dimension === top!.dimension &&
          c.model === top!.model &&
          c.metrics.includes(top!.metric) &&
          c.metrics.includes(next.metric),
      );
    const sign = comparison && comparison.metrics[0] === top!.metric ? 1 : -1;
    const interval = comparison?.spearman.difference_ci95 ?? null;
    const p = comparison?.spearman.permutation_p ?? null;
    best.push({
      dimension: top!.dimension,
      model: top!.model,
      metric: top!.metric,
      spearman: top!.spearman,
      runner_up: next?.metric ?? null,
      difference: comparison?.spearman.difference == null ? null : sign * comparison.spearman.difference,
      difference_ci95: interval === null ? null : sign > 0 ? interval : [-interval[1], -interval[0]],
      permutation_p: p,
      distinguishable: p !== null && p < 0.05,
    });
  }
  return best;
}

/** first − second on each resample (a loop: this runs for every comparison once the resamples are in). */
function differences(first: Float64Array, second: Float64Array): Float64Array {
  const out = new Float64Array(first.length);
  for (let b = 0; b < first.length; b++) out[b] = first[b]! - second[b]!;
  return out;
}
