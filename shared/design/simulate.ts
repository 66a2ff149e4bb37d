/**
 * Simulated studies for a design plan. Each output's quality q is latent and normal; the metric tracks
 * it through a Gaussian copula (normal scores of the metric's pooled ranks, correlated with q so that the
 * population Spearman ρ is the assumed one: latent r = 2·sin(π·ρ/6), Pearson 1907); a rater's value is
 * √A·q + rater bias + noise, cut into the scale's values at the normal quantiles of their pilot shares,
 * with the variances from the pilot's ICC(A,1) = A and ICC(C,1) = C (output A, noise A(1 − C)/C, bias the
 * rest of 1). Preference choices are drawn per model and bin with their assumed shares. Pairwise
 * judgements: every item (perBin × bins of them) gets its distinct model pairs as balancedPairs deals them,
 * each judged by `overlap` raters, a win with the Bradley–Terry probability (no ties).
 */
import { balancedPairs } from '../pairwise-sampling';
import { normalQuantile } from '../stats/quantiles';
import type { PairwiseJudgement } from '../stats/bradleyTerry';
import type { Prng } from '../prng';

export interface DimensionAssumptions {
  key: string;
  /** Share of each scale value, lowest first; they sum to 1. */
  valueShares: number[];
  /** ICC(A,1) and ICC(C,1) of single ratings (between-rater agreement and rater noise). */
  iccAbsolute: number;
  iccConsistency: number;
  /** Population Spearman ρ between the metric and the output's quality. */
  metricRho: number;
}

export interface PreferenceShares {
  model: number;
  reference: number;
  tie: number;
}

export interface ModelPopulation {
  model: string;
  /** The metric values of the model's outputs in bin b (index b − 1), to draw outputs from. */
  bins: number[][];
  /** Preference shares per bin (index b − 1); null when the plan has no preference task. */
  preference: PreferenceShares[] | null;
}

/** The pairwise task of a plan: each model's log-strength (index as `models`) and the pairs each item gets. */
export interface PairwiseAssumptions {
  logStrengths: number[];
  pairsPerItem: number;
}

export interface PlanAssumptions {
  models: ModelPopulation[];
  dimensions: DimensionAssumptions[];
  /** Null when the study has no pairwise sample. */
  pairwise?: PairwiseAssumptions | null;
  /** Seconds a rater spends per rating task (one output, every dimension) and per preference choice. */
  secondsPerRating: number;
  secondsPerPreference: number;
}

export interface Design {
  /** Outputs per model and bin. */
  perBin: number;
  /** Raters in the study. */
  raters: number;
  /** Raters per output. */
  overlap: number;
}

export interface SimulatedStudy {
  /** Per output: model index, bin (1-based) and metric value; outputs are model by model, bin by bin. */
  model: Int32Array;
  bin: Int32Array;
  metric: Float64Array;
  overlap: number;
  /** Rater of slot s = output·overlap + j. */
  rater: Int32Array;
  /** Per dimension, the value index (0 = lowest) given in each slot. */
  values: Int32Array[];
  /** Per model and bin (index model·bins + bin − 1): choices preferring the model, the reference, a tie. */
  preference: { model: number; reference: number; tie: number }[] | null;
  /** Pairwise judgements (unit = item); null without a pairwise task. */
  pairwise: PairwiseJudgement[] | null;
}

/** What every study of a plan shares: normal scores of the metric and the rating thresholds. */
export interface Population {
  assumptions: PlanAssumptions;
  bins: number;
  /** Per model and bin: the normal score of each pooled metric value. */
  normalScores: Float64Array[][];
  dimensions: { latentR: number; outputSd: number; biasSd: number; noiseSd: number; cuts: number[] }[];
}

export function preparePopulation(assumptions: PlanAssumptions): Population {
  const bins = assumptions.models[0]?.bins.length ?? 0;
  const pooled = assumptions.models.flatMap((m) => m.bins.flat()).sort((a, b) => a - b);
  const normalScores = assumptions.models.map((m) =>
    m.bins.map((values) =>
      Float64Array.from(values, (value) => normalQuantile(midRank(pooled, value) / pooled.length)),
    ),
  );
  return {
    assumptions,
    bins,
    normalScores,
    dimensions: assumptions.dimensions.map((d) => {
      const outputVariance = d.iccAbsolute;
      const noiseVariance = (d.iccAbsolute * (1 - d.iccConsistency)) / d.iccConsistency;
      const biasVariance = Math.max(0, 1 - outputVariance - noiseVariance);
      const totalSd = Math.sqrt(outputVariance + noiseVariance + biasVariance);
      let cumulative = 0;
      const cuts = d.valueShares.slice(0, -1).map((share) => {
        cumulative += share;
        return totalSd * normalQuantile(Math.min(Math.max(cumulative, 1e-12), 1 - 1e-12));
      });
      return {
        latentR: 2 * Math.sin((Math.PI * d.metricRho) / 6),
        outputSd: Math.sqrt(outputVariance),
        biasSd: Math.sqrt(biasVariance),
        noiseSd: Math.sqrt(noiseVariance),
        cuts,
      };
    }),
  };
}

/** (rank − ½) of a value among the sorted pooled values, ties at their mean rank. */
function midRank(sorted: number[], value: number): number {
  let below = 0;
  let high = sorted.length;
  while (below < high) {
    const mid = (below + high) >> 1;
    if (sorted[mid]! < value) below = mid + 1;
    else high = mid;
  }
  let equal = below;
  while (equal < sorted.length && sorted[equal] === value) equal++;
  return (below + equal) / 2;
}

/** One study of the design: outputs drawn with replacement from each model's bins, raters dealt in turn. */
export function simulateStudy(population: Population, design: Design, prng: Prng): SimulatedStudy {
  const { assumptions, bins } = population;
  const models = assumptions.models.length;
  const outputs = models * bins * design.perBin;
  const study: SimulatedStudy = {
    model: new Int32Array(outputs),
    bin: new Int32Array(outputs),
    metric: new Float64Array(outputs),
    overlap: design.overlap,
    rater: new Int32Array(outputs * design.overlap),
    values: [],
    preference: null,
    pairwise: null,
  };
  const normalScore = new Float64Array(outputs);
  let output = 0;
  for (let m = 0; m < models; m++) {
    for (let b = 0; b < bins; b++) {
      const pool = assumptions.models[m]!.bins[b]!;
      for (let i = 0; i < design.perBin; i++, output++) {
        const draw = prng.nextInt(pool.length);
        study.model[output] = m;
        study.bin[output] = b + 1;
        study.metric[output] = pool[draw]!;
        normalScore[output] = population.normalScores[m]![b]![draw]!;
      }
    }
  }
  // The assignment cycle (shared/assignment-plan): `overlap` consecutive raters per output.
  for (let slot = 0; slot < study.rater.length; slot++) study.rater[slot] = slot % design.raters;
  const normal = normalSource(prng);
  for (const dimension of population.dimensions) {
    const bias = Float64Array.from({ length: design.raters }, () => dimension.biasSd * normal());
    const values = new Int32Array(study.rater.length);
    const noiseOfQuality = Math.sqrt(1 - dimension.latentR ** 2);
    for (let o = 0; o < outputs; o++) {
      const quality = dimension.latentR * normalScore[o]! + noiseOfQuality * normal();
      for (let j = 0; j < design.overlap; j++) {
        const slot = o * design.overlap + j;
        const latent = dimension.outputSd * quality + bias[study.rater[slot]!]! + dimension.noiseSd * normal();
        let value = 0;
        while (value < dimension.cuts.length && latent > dimension.cuts[value]!) value++;
        values[slot] = value;
      }
    }
    study.values.push(values);
  }
  if (assumptions.models.every((m) => m.preference !== null)) {
    study.preference = assumptions.models.flatMap((m) =>
      m.preference!.map((shares) => {
        const counts = { model: 0, reference: 0, tie: 0 };
        for (let c = 0; c < design.perBin * design.overlap; c++) {
          const u = prng.nextFloat();
          if (u < shares.model) counts.model++;
          else if (u < shares.model + shares.reference) counts.reference++;
          else counts.tie++;
        }
        return counts;
      }),
    );
  }
  if (assumptions.pairwise)
    study.pairwise = pairwiseJudgements(assumptions.pairwise, bins * design.perBin, design, prng);
  return study;
}

function pairwiseJudgements(
  pairwise: PairwiseAssumptions,
  items: number,
  design: Design,
  prng: Prng,
): PairwiseJudgement[] {
  const theta = pairwise.logStrengths;
  const judgements: PairwiseJudgement[] = [];
  balancedPairs(items, theta.length, pairwise.pairsPerItem, prng).forEach((pairs, unit) => {
    for (const [a, b] of pairs) {
      const aWins = 1 / (1 + Math.exp(theta[b]! - theta[a]!));
      for (let r = 0; r < design.overlap; r++)
        judgements.push({ unit, a, b, scoreA: prng.nextFloat() < aWins ? 1 : 0 });
    }
  });
  return judgements;
}

/** Standard normal draws by the Box–Muller transform, two per pair of uniforms. */
function normalSource(prng: Prng): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - prng.nextFloat()));
    const angle = 2 * Math.PI * prng.nextFloat();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}
