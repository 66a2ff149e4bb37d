import { kendallTauB, pearson, RankCache, spearman, spearmanLeaveOneOut } from '../stats';
import { humanMean, type RatedOutput } from './outputs';
import type { UnitBootstrap } from './resampling';
import type { Correlation } from './types';

/** The `model` value of correlations over every model's outputs pooled. */
export const ALL_MODELS = 'ALL';

/**
 * The variables of the correlations (each metric's values, each dimension's mean ratings) on the outputs a
 * figure is about. A variable asked for again on the same outputs is the same array, so that its ranks are
 * computed once (`ranks`): every metric is correlated with every dimension, and compared with every other
 * metric, on the same outputs of a model.
 */
export class CorrelationVariables {
  readonly ranks = new RankCache();
  private readonly known = new Map<string, { units: ReadonlyArray<string>; values: number[] }>();
  /** Lists of units given so far, by their length and ends (sameUnitsAs). */
  private readonly unitLists = new Map<string, Array<ReadonlyArray<string>>>();

  /** `values` of `variable` on `units`, or the array given before for that variable on the same units. */
  same(variable: string, units: ReadonlyArray<string>, values: number[]): number[] {
    const known = this.known.get(variable);
    if (known !== undefined && sameUnits(known.units, units)) return known.values;
    this.known.set(variable, { units, values });
    return values;
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
  outputs: ReadonlyArray<RatedOutput>,
  target: { metric: string; dimension: string; model: string },
  bootstrap: UnitBootstrap,
  variables: CorrelationVariables = new CorrelationVariables(),
): Correlation {
  const scores: number[] = [];
  const means: number[] = [];
  const keys: string[] = [];
  for (const output of outputs) {
    if (target.model !== ALL_MODELS && output.model !== target.model) continue;
    const score = output.scores[target.metric];
    const human = humanMean(output, target.dimension);
    if (score === undefined || human === null) continue;
    scores.push(score);
    means.push(human);
    keys.push(output.key);
  }
  const units = variables.sameUnitsAs(keys);
  const x = variables.same(variableName('metric', target.metric, target.model), units, scores);
  const y = variables.same(variableName('dimension', target.dimension, target.model), units, means);
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
