import { kendallTauB, pearson, spearman, spearmanResampler } from '../stats';
import { humanMean, type RatedOutput } from './outputs';
import { labelledBootstrapInterval, type BootstrapSettings } from './resampling';
import type { Correlation } from './types';

/** The `model` value of correlations over every model's outputs pooled. */
export const ALL_MODELS = 'ALL';

/**
 * Metric–human correlation at the output level for one metric, dimension and model (or ALL): each
 * output with that metric and at least one rating on the dimension is one pair (metric value, mean
 * rating). The bootstrap stream is seeded from (seed, metric, dimension, model), so an interval does not
 * change when other metrics, dimensions or models are added to the file.
 */
export function outputLevelCorrelation(
  outputs: ReadonlyArray<RatedOutput>,
  target: { metric: string; dimension: string; model: string },
  options: BootstrapSettings,
): Correlation {
  const x: number[] = [];
  const y: number[] = [];
  for (const output of outputs) {
    if (target.model !== ALL_MODELS && output.model !== target.model) continue;
    const score = output.scores[target.metric];
    const human = humanMean(output, target.dimension);
    if (score === undefined || human === null) continue;
    x.push(score);
    y.push(human);
  }
  const interval = labelledBootstrapInterval(x.length, spearmanResampler(x, y), options, [target.metric, target.dimension, target.model]);
  return {
    metric: target.metric,
    dimension: target.dimension,
    model: target.model,
    n: x.length,
    spearman: spearman(x, y),
    kendall_tau_b: kendallTauB(x, y),
    pearson: pearson(x, y),
    spearman_ci95: interval,
  };
}
