import { kendallTauB, pearson, RankCache, spearman, spearmanLeaveOneOut } from '../stats';
import { humanMean, type RatedOutput } from './outputs';
import type { UnitBootstrap } from './resampling';
import type { Correlation } from './types';

/** The `model` value of correlations over every model's outputs pooled. */
export const ALL_MODELS = 'ALL';

/**
 * The variables of the correlations (each metric's values, each dimension's mean ratings) on the outputs a
 * figure is about, from the rated outputs. A variable asked for again on the same outputs is the same array, so
 * that its ranks are computed once (`ranks`): every metric is correlated with every dimension, and compared with
 * every other metric, on the same outputs of a model. Each model's outputs with a mean on a dimension are found
 * once, not once per figure.
 */
export class CorrelationVariables {
  readonly ranks = new RankCache();
  private readonly known = new Map<string, { units: ReadonlyArray<string>; values: number[] }>();
  /** Lists of units given so far, by their length and ends (sameUnitsAs). */
  private readonly unitLists = new Map<string, Array<ReadonlyArray<string>>>();
  private readonly ratedOutputs = new Map<string, RatedOn>();

  constructor(private readonly outputs: ReadonlyArray<RatedOutput>) {}

  /**
   * The outputs of `model` (or of every model: ALL_MODELS) with a mean rating on `dimension` and a value of each
   * of `metrics`, in the rated outputs' order: their keys, each metric's values and their means.
   */
  pairs(model: string, dimension: string, metrics: ReadonlyArray<string>): PairedVariables {
    const rated = this.ratedOn(model, dimension);
    const hasMetrics = (output: RatedOutput) => metrics.every((metric) => output.scores[metric] !== undefined);
    const complete = rated.outputs.every(hasMetrics);
    const outputs = complete ? rated.outputs : rated.outputs.filter(hasMetrics);
    const units = complete ? rated.units : this.sameUnitsAs(outputs.map((output) => output.key));
    const means = complete
      ? rated.means
      : this.same(variableName('dimension', dimension, model), units, () =>
          outputs.map((output) => humanMean(output, dimension)!),
        );
    const scores = metrics.map((metric) =>
      this.same(variableName('metric', metric, model), units, () => outputs.map((output) => output.scores[metric]!)),
    );
    return { units, scores, means };
  }

  /**
   * The values of `variable` on `units`: the array made before for that variable on the same units, otherwise
   * the one `values` makes now.
   */
  same(variable: string, units: ReadonlyArray<string>, values: () => number[]): number[] {
    const known = this.known.get(variable);
    if (known !== undefined && sameUnits(known.units, units)) return known.values;
    const made = values();
    this.known.set(variable, { units, values: made });
    return made;
  }

  /**
   * `units`, or an equal list given before: figures on the same outputs then ask the bootstrap with one list,
   * whose label it builds once (UnitBootstrap), and compare their lists here by identity.
   */
  sameUnitsAs(units: ReadonlyArray<string>): ReadonlyArray<string> {
    const key = `${units.length}\u001d${units[0]}\u001d${units[units.length - 1]}`;
    const candidates = this.unitLists.get(key);
    const known = candidates?.find((list) => sameUnits(list, units));
    if (known !== undefined) return known;
    if (candidates === undefined) this.unitLists.set(key, [units]);
    else candidates.push(units);
    return units;
  }

  /** The outputs of `model` (or ALL_MODELS) with a mean rating on `dimension`, found once. */
  private ratedOn(model: string, dimension: string): RatedOn {
    const key = `${model}\u001d${dimension}`;
    let rated = this.ratedOutputs.get(key);
    if (rated !== undefined) return rated;
    const outputs: RatedOutput[] = [];
    const keys: string[] = [];
    const means: number[] = [];
    for (let o = 0; o < this.outputs.length; o++) {
      const output = this.outputs[o]!;
      if (model !== ALL_MODELS && output.model !== model) continue;
      const mean = humanMean(output, dimension);
      if (mean === null) continue;
      outputs.push(output);
      keys.push(output.key);
      means.push(mean);
    }
    const units = this.sameUnitsAs(keys);
    rated = { outputs, units, means: this.same(variableName('dimension', dimension, model), units, () => means) };
    this.ratedOutputs.set(key, rated);
    return rated;
  }
}

/** A model's outputs with a mean rating on a dimension (CorrelationVariables.ratedOn). */
interface RatedOn {
  outputs: RatedOutput[];
  units: ReadonlyArray<string>;
  means: number[];
}

/** What CorrelationVariables.pairs gives: the outputs' keys, each metric's values and the mean ratings. */
export interface PairedVariables {
  units: ReadonlyArray<string>;
  scores: number[][];
  means: number[];
}

/** The name of a metric's or a dimension's values on a model's outputs (CorrelationVariables). */
export function variableName(kind: 'metric' | 'dimension', name: string, model: string): string {
  return `${kind}\u001d${name}\u001d${model}`;
}

function sameUnits(a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Metric–human correlation at the output level for one metric, dimension and model (or ALL): each
 * output with that metric and at least one rating on the dimension is one pair (metric value, mean
 * rating). The Spearman interval is a BCa bootstrap over those outputs (UnitBootstrap).
 */
export function outputLevelCorrelation(
  target: { metric: string; dimension: string; model: string },
  bootstrap: UnitBootstrap,
  variables: CorrelationVariables,
): Correlation {
  const { units, scores, means: y } = variables.pairs(target.model, target.dimension, [target.metric]);
  const x = scores[0]!;
  const { ranks } = variables;
  const rho = spearman(x, y, ranks);
  const correlation: Correlation = {
    metric: target.metric,
    dimension: target.dimension,
    model: target.model,
    n: x.length,
    spearman: rho,
    kendall_tau_b: kendallTauB(x, y, ranks),
    pearson: pearson(x, y),
    spearman_ci95: null,
  };
  if (rho !== null)
    bootstrap.interval(
      units,
      { kind: 'spearman', x, y },
      (ci95) => (correlation.spearman_ci95 = ci95),
      { method: 'bca', estimate: rho, leaveOneOut: () => spearmanLeaveOneOut(x, y, ranks) },
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
