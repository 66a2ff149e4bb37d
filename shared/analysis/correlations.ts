import { kendallTauB, pearson, spearman, spearmanLeaveOneOut } from '../stats';
import { humanMean, type RatedOutput } from './outputs';
import type { UnitBootstrap } from './resampling';
import type { Correlation } from './types';

/** The `model` value of correlations over every model's outputs pooled. */
export const ALL_MODELS = 'ALL';

/**
 * Metric–human correlation at the output level for one metric, dimension and model (or ALL): each
 * output with that metric and at least one rating on the dimension is one pair (metric value, mean
 * rating). The Spearman interval is a BCa bootstrap over those outputs (UnitBootstrap).
 */
export function outputLevelCorrelation(
  outputs: ReadonlyArray<RatedOutput>,
  target: { metric: string; dimension: string; model: string },
  bootstrap: UnitBootstrap,
): Correlation {
  const x: number[] = [];
  const y: number[] = [];
  const units: string[] = [];
  for (const output of outputs) {
    if (target.model !== ALL_MODELS && output.model !== target.model) continue;
    const score = output.scores[target.metric];
    const human = humanMean(output, target.dimension);
    if (score === undefined || human === null) continue;
    x.push(score);
    y.push(human);
    units.push(output.key);
  }
  const rho = spearman(x, y);
  const correlation: Correlation = {
    metric: target.metric,
    dimension: target.dimension,
    model: target.model,
    n: x.length,
    spearman: rho,
    kendall_tau_b: kendallTauB(x, y),
    pearson: pearson(x, y),
    spearman_ci95: null,
  };
  if (rho !== null)
    bootstrap.interval(
      units,
      { kind: 'spearman', x, y },
      (ci95) => (correlation.spearman_ci95 = ci95),
      { method: 'bca', estimate: rho, leaveOneOut: () => spearmanLeaveOneOut(x, y) },
      metricCorrelationName('spearman', target),
    );
  return correlation;
}

/**
 * The name under which a metric's correlation with a dimension's mean rating is resampled (UnitBootstrap):
 * on the same outputs it is the same statistic, whichever figure asks for it (its interval, or the
 * difference between two metrics).
 */
export function metricCorrelationName(
  coefficient: 'spearman' | 'pearson',
  target: { metric: string; dimension: string },
): string {
  return `${coefficient}\u001d${target.metric}\u001d${target.dimension}`;
}
