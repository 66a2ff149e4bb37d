import { linearQuantileSorted, resamplesOf } from './bootstrap';
import type { Prng } from '../prng';

/**
 * One judgement of model `a` against model `b` (indices into the model list) on unit `unit` (an item: the
 * bootstrap resamples units). `scoreA` is a's share of the win: 1 (a preferred), 0 (b preferred) or ½ (a
 * tie counts as half a win for each side, as Chatbot Arena does).
 */
export interface PairwiseJudgement {
  unit: number;
  a: number;
  b: number;
  scoreA: 0 | 0.5 | 1;
}

/** The models of one connected part of the comparison graph, and whether its strengths exist. */
export interface BradleyTerryComponent {
  models: number[];
  /**
   * Estimable when the component's "won or tied against" graph is strongly connected (Ford 1957; Hunter
   * 2004): otherwise some group of models beat every model outside it, its strengths grow without bound
   * and the maximum-likelihood estimate does not exist.
   */
  estimable: boolean;
}

export interface BradleyTerryFit {
  /**
   * Log-strengths θ (natural log), summing to zero within each component, so P(i beats j) = 1 / (1 + e^(θj − θi)).
   * Null for the models of a component that is not estimable. Strengths of different components are not
   * comparable with each other.
   */
  logStrengths: (number | null)[];
  components: BradleyTerryComponent[];
}

export interface BradleyTerryInterval {
  /** Percentile bootstrap interval of each model's log-strength (null: not estimable, or too few estimable resamples). */
  logStrength: ([number, number] | null)[];
  /** Entry i·m + j: the interval of P(i beats j); null across components or where not estimable. */
  beats: ([number, number] | null)[];
}

/** Largest gradient entry accepted at the optimum, per comparison. */
const GRADIENT_TOLERANCE = 1e-13;
const MAX_NEWTON_STEPS = 100;

/**
 * Weighted sufficient statistics: comparisons n_ij and score totals S_i, and which directed "won or tied"
 * edges occur. `weights` gives each unit's multiplicity (a bootstrap resample), all 1 when absent.
 */
class PairwiseCounts {
  readonly comparisons: Float64Array;
  readonly scores: Float64Array;
  readonly scored: Uint8Array;

  constructor(
    readonly modelCount: number,
    judgements: ReadonlyArray<PairwiseJudgement>,
    weights?: { counts: Int32Array; offset: number },
  ) {
    const m = modelCount;
    this.comparisons = new Float64Array(m * m);
    this.scores = new Float64Array(m);
    this.scored = new Uint8Array(m * m);
    for (const { unit, a, b, scoreA } of judgements) {
      const weight = weights ? weights.counts[weights.offset + unit]! : 1;
      if (weight === 0) continue;
      this.comparisons[a * m + b]! += weight;
      this.comparisons[b * m + a]! += weight;
      this.scores[a]! += weight * scoreA;
      this.scores[b]! += weight * (1 - scoreA);
      if (scoreA > 0) this.scored[a * m + b] = 1;
      if (scoreA < 1) this.scored[b * m + a] = 1;
    }
  }

  /** Connected parts of the undirected comparison graph, each listing its models in ascending order. */
  components(): number[][] {
    const m = this.modelCount;
    const seen = new Uint8Array(m);
    const parts: number[][] = [];
    for (let start = 0; start < m; start++) {
      if (seen[start]) continue;
      seen[start] = 1;
      const part = [start];
      for (let k = 0; k < part.length; k++) {
        const i = part[k]!;
        for (let j = 0; j < m; j++) {
          if (!seen[j] && this.comparisons[i * m + j]! > 0) {
            seen[j] = 1;
            part.push(j);
          }
        }
      }
      parts.push(part.sort((x, y) => x - y));
    }
    return parts;
  }

  /** Whether every model of `models` reaches every other along "won or tied against" edges, and back. */
  stronglyConnected(models: ReadonlyArray<number>): boolean {
    return (
      this.reachesAll(models, (i, j) => this.scored[i * this.modelCount + j] === 1) &&
      this.reachesAll(models, (i, j) => this.scored[j * this.modelCount + i] === 1)
    );
  }

  private reachesAll(models: ReadonlyArray<number>, edge: (from: number, to: number) => boolean): boolean {
    const reached = new Set([models[0]!]);
    const queue = [models[0]!];
    while (queue.length > 0) {
      const i = queue.pop()!;
      for (const j of models) {
        if (!reached.has(j) && edge(i, j)) {
          reached.add(j);
          queue.push(j);
        }
      }
    }
    return reached.size === models.length;
  }
}

/**
 * Bradley–Terry maximum likelihood, per connected component of the design: strengths of models never
 * compared (directly or through others) are not on one scale, so each component is fitted and centred on
 * its own.
 */
export function bradleyTerry(modelCount: number, judgements: ReadonlyArray<PairwiseJudgement>): BradleyTerryFit {
  checkJudgements(modelCount, judgements);
  const counts = new PairwiseCounts(modelCount, judgements);
  const logStrengths: (number | null)[] = new Array<number | null>(modelCount).fill(null);
  const components = counts.components().map((models) => {
    const theta = fitComponent(counts, models);
    if (theta) models.forEach((model, k) => (logStrengths[model] = theta[k]!));
    return { models, estimable: theta !== null };
  });
  return { logStrengths, components };
}

/**
 * Percentile bootstrap intervals over units: each resample (resamplesOf, so the same seed gives the same
 * resamples as every other interval) is refitted, component by component of the full design. A resample in
 * which a component is no longer estimable (a pair lost all its comparisons, or a model now wins them all)
 * gives no value for that component; an interval needs values from at least half the resamples.
 */
export function bradleyTerryBootstrap(
  modelCount: number,
  unitCount: number,
  judgements: ReadonlyArray<PairwiseJudgement>,
  options: { resamples: number; prng: Prng; level?: number },
): BradleyTerryInterval {
  checkJudgements(modelCount, judgements, unitCount);
  return bradleyTerryIntervalsOfResamples(
    modelCount,
    unitCount,
    judgements,
    resamplesOf(unitCount, options.resamples, options.prng),
    options.level,
  );
}

/** The intervals of bradleyTerryBootstrap over given resample multiplicities (entry b·n + unit). */
export function bradleyTerryIntervalsOfResamples(
  modelCount: number,
  unitCount: number,
  judgements: ReadonlyArray<PairwiseJudgement>,
  resampleCounts: Int32Array,
  level = 0.95,
): BradleyTerryInterval {
  const m = modelCount;
  const resamples = resampleCounts.length / unitCount;
  const full = bradleyTerry(modelCount, judgements);
  const strengths = Array.from({ length: m }, () => new Float64Array(resamples));
  const defined = new Int32Array(m);
  const beats = Array.from({ length: m * m }, () => new Float64Array(resamples));
  const definedBeats = new Int32Array(m * m);
  for (let b = 0; b < resamples; b++) {
    const counts = new PairwiseCounts(m, judgements, { counts: resampleCounts, offset: b * unitCount });
    for (const { models, estimable } of full.components) {
      const theta = estimable ? fitComponent(counts, models) : null;
      if (!theta) continue;
      models.forEach((i, k) => {
        strengths[i]![defined[i]!++] = theta[k]!;
        models.forEach((j, l) => {
          if (i !== j) beats[i * m + j]![definedBeats[i * m + j]!++] = logistic(theta[k]! - theta[l]!);
        });
      });
    }
  }
  const interval = (values: Float64Array, count: number): [number, number] | null => {
    if (count === 0 || count * 2 < resamples) return null;
    const sorted = values.subarray(0, count).sort();
    return [linearQuantileSorted(sorted, (1 - level) / 2), linearQuantileSorted(sorted, (1 + level) / 2)];
  };
  return {
    logStrength: strengths.map((values, i) => interval(values, defined[i]!)),
    beats: beats.map((values, ij) => interval(values, definedBeats[ij]!)),
  };
}

/**
 * What one refit on a resample gives: the log-strength of the model at position `strength` of a
 * component's models, or P(model at `beats[0]` beats model at `beats[1]`).
 */
export type BradleyTerryFigure = { strength: number } | { beats: [number, number] };

/**
 * Refits of components on the current resample, so that every figure of a component (its strengths and
 * beat probabilities) comes from one refit per resample. The resample's multiplicities may be rewritten in
 * place for the next one, so the caller clears the refits before each new resample. Purely a cache: a
 * figure computed without it has the same value.
 */
export class BradleyTerryRefits {
  /** Per component (its models array): its centred log-strengths on the current resample, or null. */
  private readonly fits = new Map<ReadonlyArray<number>, Float64Array | null>();

  /** Forgets every refit: the next resample is another one. */
  clear(): void {
    this.fits.clear();
  }

  refit(
    modelCount: number,
    judgements: ReadonlyArray<PairwiseJudgement>,
    models: ReadonlyArray<number>,
    counts: Int32Array,
    offset: number,
  ): Float64Array | null {
    if (!this.fits.has(models)) this.fits.set(models, refitComponent(modelCount, judgements, models, counts, offset));
    return this.fits.get(models)!;
  }
}

function refitComponent(
  modelCount: number,
  judgements: ReadonlyArray<PairwiseJudgement>,
  models: ReadonlyArray<number>,
  counts: Int32Array,
  offset: number,
): Float64Array | null {
  return fitComponent(new PairwiseCounts(modelCount, judgements, { counts, offset }), models);
}

/**
 * A figure of one component (estimable on all the units) on resample multiplicities (counts from
 * `offset`, one per unit): null where the component is not estimable on the resample, as
 * bradleyTerryIntervalsOfResamples leaves such a resample out. `refits` shares the refit between the
 * figures of one resample; without it the figure refits on its own.
 */
export function bradleyTerryFigureOnResample(
  design: { modelCount: number; judgements: ReadonlyArray<PairwiseJudgement>; models: ReadonlyArray<number> },
  figure: BradleyTerryFigure,
  counts: Int32Array,
  offset: number,
  refits?: BradleyTerryRefits,
): number | null {
  const { modelCount, judgements, models } = design;
  const theta = refits
    ? refits.refit(modelCount, judgements, models, counts, offset)
    : refitComponent(modelCount, judgements, models, counts, offset);
  if (!theta) return null;
  if ('strength' in figure) return theta[figure.strength]!;
  return logistic(theta[figure.beats[0]]! - theta[figure.beats[1]]!);
}

/** P(i beats j) from a fit: null across components or where not estimable. */
export function beatProbability(fit: BradleyTerryFit, i: number, j: number): number | null {
  const [thetaI, thetaJ] = [fit.logStrengths[i], fit.logStrengths[j]];
  if (thetaI == null || thetaJ == null) return null;
  const sameComponent = fit.components.some(({ models }) => models.includes(i) && models.includes(j));
  return sameComponent ? logistic(thetaI - thetaJ) : null;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Newton's method on the log-likelihood ℓ(θ) = Σ_i S_i θ_i − Σ_{i<j} n_ij log(e^θi + e^θj), with the
 * component's first model held at 0 (the likelihood only sees differences), then centred to sum zero.
 * ℓ is concave, so each step is halved until ℓ does not decrease. Null when the MLE does not exist.
 */
function fitComponent(counts: PairwiseCounts, models: ReadonlyArray<number>): Float64Array | null {
  const size = models.length;
  // A model compared with no other has no strength on any scale.
  if (size === 1) return null;
  if (!counts.stronglyConnected(models)) return null;
  const m = counts.modelCount;
  const theta = new Float64Array(size);
  const free = size - 1;
  let logLikelihood = componentLogLikelihood(counts, models, theta);
  // The gradient sums one term per comparison: its rounding grows with their number.
  const comparisons = models.reduce((total, model) => total + counts.scores[model]!, 0);
  const tolerance = GRADIENT_TOLERANCE * Math.max(1, comparisons);
  for (let step = 0; step < MAX_NEWTON_STEPS; step++) {
    const gradient = new Float64Array(free);
    const negHessian = new Float64Array(free * free);
    let largestGradient = 0;
    for (let k = 1; k < size; k++) {
      let g = counts.scores[models[k]!]!;
      for (let l = 0; l < size; l++) {
        if (l === k) continue;
        const n = counts.comparisons[models[k]! * m + models[l]!]!;
        if (n === 0) continue;
        const p = logistic(theta[k]! - theta[l]!);
        g -= n * p;
        const curvature = n * p * (1 - p);
        negHessian[(k - 1) * free + (k - 1)]! += curvature;
        if (l > 0) negHessian[(k - 1) * free + (l - 1)]! -= curvature;
      }
      gradient[k - 1] = g;
      largestGradient = Math.max(largestGradient, Math.abs(g));
    }
    if (largestGradient < tolerance) break;
    const direction = solveSymmetricPositiveDefinite(negHessian, gradient, free);
    let scale = 1;
    for (;;) {
      const candidate = theta.slice();
      for (let k = 1; k < size; k++) candidate[k]! += scale * direction[k - 1]!;
      const candidateLikelihood = componentLogLikelihood(counts, models, candidate);
      // Near the optimum ℓ changes by less than its rounding: a full step is then taken, not halved away.
      if (candidateLikelihood >= logLikelihood - 1e-12 * Math.abs(logLikelihood) || scale < 1e-12) {
        theta.set(candidate);
        logLikelihood = candidateLikelihood;
        break;
      }
      scale /= 2;
    }
  }
  const centre = theta.reduce((sum, value) => sum + value, 0) / size;
  return theta.map((value) => value - centre);
}

function componentLogLikelihood(counts: PairwiseCounts, models: ReadonlyArray<number>, theta: Float64Array): number {
  const m = counts.modelCount;
  let total = 0;
  for (let k = 0; k < models.length; k++) {
    total += counts.scores[models[k]!]! * theta[k]!;
    for (let l = k + 1; l < models.length; l++) {
      const n = counts.comparisons[models[k]! * m + models[l]!]!;
      if (n === 0) continue;
      const high = Math.max(theta[k]!, theta[l]!);
      total -= n * (high + Math.log(Math.exp(theta[k]! - high) + Math.exp(theta[l]! - high)));
    }
  }
  return total;
}

/** Cholesky solve of A·x = b for a symmetric positive definite A (size × size, row-major). */
function solveSymmetricPositiveDefinite(a: Float64Array, b: Float64Array, size: number): Float64Array {
  const lower = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * size + j]!;
      for (let k = 0; k < j; k++) sum -= lower[i * size + k]! * lower[j * size + k]!;
      lower[i * size + j] = i === j ? Math.sqrt(sum) : sum / lower[j * size + j]!;
    }
  }
  const y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= lower[i * size + k]! * y[k]!;
    y[i] = sum / lower[i * size + i]!;
  }
  const x = new Float64Array(size);
  for (let i = size - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < size; k++) sum -= lower[k * size + i]! * x[k]!;
    x[i] = sum / lower[i * size + i]!;
  }
  return x;
}

function checkJudgements(modelCount: number, judgements: ReadonlyArray<PairwiseJudgement>, unitCount?: number): void {
  for (const { a, b, unit, scoreA } of judgements) {
    if (!isIndexBelow(a, modelCount) || !isIndexBelow(b, modelCount) || a === b) {
      throw new RangeError(
        `A judgement compares models ${a} and ${b}: two different models of ${modelCount} are needed`,
      );
    }
    if (unitCount !== undefined && !isIndexBelow(unit, unitCount)) {
      throw new RangeError(`A judgement's unit ${unit} is outside 0..${unitCount - 1}`);
    }
    if (scoreA !== 0 && scoreA !== 0.5 && scoreA !== 1) {
      throw new RangeError(`A judgement's score ${String(scoreA)} is not 0, ½ or 1`);
    }
  }
}

function isIndexBelow(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < count;
}
