/**
 * The figures a plan predicts interval widths for, computed on one simulated study: per Likert dimension
 * the metric–human Spearman ρ per model and pooled (x = metric, y = the output's mean rating, as the
 * analysis pairs them) and ordinal Krippendorff's α; per model and bin the share of preference choices
 * for the model's answer; with a pairwise task, the Bradley–Terry log-strength gap of the two models closest
 * in assumed strength (its Wald interval from the fitted study's Fisher information).
 */
import { spearman, wilsonInterval } from '../stats';
import { bradleyTerry, type PairwiseJudgement } from '../stats/bradleyTerry';
import { closestPair, logStrengthGapWidth } from './bradleyTerryGap';
import { ordinalAlphaJackknife, spearmanFisherInterval } from './estimators';
import type { Population, SimulatedStudy } from './simulate';

export type PlanStatistic = 'spearman' | 'spearman-pooled' | 'alpha' | 'preference' | 'bt-gap';

export interface FigureLabel {
  statistic: PlanStatistic;
  /** The rating dimension (null for preference). */
  dimension: string | null;
  /** The model, or null for pooled figures and α. */
  model: string | null;
  /** The bt-gap's second model (the gap is model − opponent). */
  opponent?: string;
  bin: number | null;
}

export interface FigureEstimate {
  value: number | null;
  ci95: [number, number] | null;
}

/** The plan's figures in a fixed order: studyFigures returns its estimates in the same order. */
export function figureLabels(population: Population): FigureLabel[] {
  const { models, dimensions } = population.assumptions;
  const labels: FigureLabel[] = [];
  for (const d of dimensions) {
    for (const m of models) labels.push({ statistic: 'spearman', dimension: d.key, model: m.model, bin: null });
    labels.push({ statistic: 'spearman-pooled', dimension: d.key, model: null, bin: null });
    labels.push({ statistic: 'alpha', dimension: d.key, model: null, bin: null });
  }
  if (models.every((m) => m.preference !== null)) {
    for (const m of models) {
      for (let bin = 1; bin <= population.bins; bin++)
        labels.push({ statistic: 'preference', dimension: null, model: m.model, bin });
    }
  }
  if (population.assumptions.pairwise) {
    const [i, j] = closestPair(population.assumptions.pairwise.logStrengths);
    labels.push({
      statistic: 'bt-gap',
      dimension: null,
      model: models[i]!.model,
      opponent: models[j]!.model,
      bin: null,
    });
  }
  return labels;
}

export function studyFigures(population: Population, study: SimulatedStudy): FigureEstimate[] {
  const figures: FigureEstimate[] = [];
  const models = population.assumptions.models.length;
  const outputs = study.model.length;
  const start = Int32Array.from({ length: outputs + 1 }, (_, o) => o * study.overlap);
  study.values.forEach((values, d) => {
    const meanRating = new Float64Array(outputs);
    for (let o = 0; o < outputs; o++) {
      let sum = 0;
      for (let j = 0; j < study.overlap; j++) sum += values[o * study.overlap + j]!;
      meanRating[o] = sum / study.overlap;
    }
    for (let m = 0; m < models; m++) {
      const x: number[] = [];
      const y: number[] = [];
      for (let o = 0; o < outputs; o++) {
        if (study.model[o] !== m) continue;
        x.push(study.metric[o]!);
        y.push(meanRating[o]!);
      }
      figures.push(spearmanFigure(x, y));
    }
    figures.push(spearmanFigure(Array.from(study.metric), Array.from(meanRating)));
    const categories = population.assumptions.dimensions[d]!.valueShares.length;
    const alpha = ordinalAlphaJackknife({ categories, start, values });
    figures.push({ value: alpha.alpha, ci95: alpha.ci95 });
  });
  for (const counts of study.preference ?? []) {
    const n = counts.model + counts.reference + counts.tie;
    figures.push({ value: n === 0 ? null : counts.model / n, ci95: wilsonInterval(counts.model, n) });
  }
  if (population.assumptions.pairwise && study.pairwise)
    figures.push(gapFigure(closestPair(population.assumptions.pairwise.logStrengths), models, study.pairwise));
  return figures;
}

/** θ̂i − θ̂j ± z·√var from the fitted study's information; none when the fit does not exist (one model won all). */
function gapFigure([i, j]: [number, number], models: number, judgements: PairwiseJudgement[]): FigureEstimate {
  const fitted = bradleyTerry(models, judgements).logStrengths;
  if (fitted.some((theta) => theta === null)) return { value: null, ci95: null };
  const theta = fitted as number[];
  const comparisons = new Float64Array(models * models);
  for (const { a, b } of judgements) {
    comparisons[a * models + b]! += 1;
    comparisons[b * models + a]! += 1;
  }
  const width = logStrengthGapWidth(theta, comparisons, i, j);
  const gap = theta[i]! - theta[j]!;
  return { value: gap, ci95: width === null ? null : [gap - width / 2, gap + width / 2] };
}

function spearmanFigure(x: number[], y: number[]): FigureEstimate {
  const rho = spearman(x, y);
  return { value: rho, ci95: spearmanFisherInterval(rho, x.length) };
}
