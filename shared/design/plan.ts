/**
 * A design plan: for each design of a grid (outputs per bin × raters × raters per output), many simulated
 * studies, and per figure the expected 95% interval width (mean over studies) and the width reached in
 * at least 80% of them; a target ("spearman width 0.2") picks the design that reaches it for the fewest
 * physician-hours. Deterministic: design d's studies are drawn from createPrng(deriveSeed(seed, d)).
 */
import { createPrng, deriveSeed, type Prng } from '../prng';
import { figureLabels, studyFigures, type FigureLabel, type PlanStatistic } from './figures';
import { preparePopulation, simulateStudy, type Design, type PlanAssumptions, type Population } from './simulate';

/** The share of simulated studies a design must reach a target width in. */
export const TARGET_SHARE = 0.8;

export interface FigureWidths {
  label: FigureLabel;
  /** Mean interval width over the studies that gave an interval; null when none did. */
  meanWidth: number | null;
  /** The smallest width that at least 80% of all studies reach (an undefined interval reaches none). */
  width80: number | null;
  /** Studies that gave no interval (e.g. a constant rating column). */
  undefinedStudies: number;
}

export interface DesignResult {
  design: Design;
  /** Outputs rated (every model and bin); rating plus preference tasks (each output × overlap) plus pairwise ones. */
  outputs: number;
  tasks: number;
  physicianHours: number;
  figures: FigureWidths[];
}

export interface DesignPlan {
  seed: number;
  studiesPerDesign: number;
  designs: DesignResult[];
}

export interface PlanGrid {
  perBin: number[];
  raters: number[];
  overlap: number[];
}

/** Every combination of the grid with 2 ≤ overlap ≤ raters (α needs two ratings per output), in grid order. */
export function gridDesigns(grid: PlanGrid): Design[] {
  const designs: Design[] = [];
  for (const raters of grid.raters) {
    for (const overlap of grid.overlap) {
      if (overlap < 2 || overlap > raters) continue;
      for (const perBin of grid.perBin) designs.push({ perBin, raters, overlap });
    }
  }
  return designs;
}

/** A plan computed a few studies at a time, so a caller can report progress and stop between steps. */
export interface PlanRun {
  readonly totalStudies: number;
  readonly doneStudies: number;
  /** Simulates up to `studies` more studies; returns whether any are left. */
  advance(studies: number): boolean;
  /** The plan, once advance has returned false. */
  result(): DesignPlan;
}

export function createPlanRun(
  assumptions: PlanAssumptions,
  designs: ReadonlyArray<Design>,
  options: { studiesPerDesign: number; seed: number },
): PlanRun {
  const population = preparePopulation(assumptions);
  const labels = figureLabels(population);
  const { studiesPerDesign, seed } = options;
  const widths = designs.map(() => labels.map(() => new Float64Array(studiesPerDesign)));
  const prngs: Prng[] = designs.map((_, d) => createPrng(deriveSeed(seed, `design ${d}`)));
  const totalStudies = designs.length * studiesPerDesign;
  let done = 0;
  return {
    totalStudies,
    get doneStudies() {
      return done;
    },
    advance(studies) {
      const end = Math.min(totalStudies, done + studies);
      for (; done < end; done++) {
        const d = Math.floor(done / studiesPerDesign);
        const s = done % studiesPerDesign;
        const figures = studyFigures(population, simulateStudy(population, designs[d]!, prngs[d]!));
        figures.forEach((f, i) => (widths[d]![i]![s] = f.ci95 === null ? Number.NaN : f.ci95[1] - f.ci95[0]));
      }
      return done < totalStudies;
    },
    result() {
      if (done < totalStudies) throw new Error('The plan is not finished.');
      return {
        seed,
        studiesPerDesign,
        designs: designs.map((design, d) => ({
          design,
          ...designCost(population, design),
          figures: labels.map((label, i) => summariseWidths(label, widths[d]![i]!)),
        })),
      };
    },
  };
}

function designCost(population: Population, design: Design): Omit<DesignResult, 'design' | 'figures'> {
  const { assumptions, bins } = population;
  const outputs = assumptions.models.length * bins * design.perBin;
  const ratingTasks = outputs * design.overlap;
  const preferenceTasks = assumptions.models.every((m) => m.preference !== null) ? ratingTasks : 0;
  // A pairwise judgement (two answers to one item) is timed as a preference choice.
  const pairwiseTasks = assumptions.pairwise
    ? bins * design.perBin * assumptions.pairwise.pairsPerItem * design.overlap
    : 0;
  const seconds =
    ratingTasks * assumptions.secondsPerRating + (preferenceTasks + pairwiseTasks) * assumptions.secondsPerPreference;
  return { outputs, tasks: ratingTasks + preferenceTasks + pairwiseTasks, physicianHours: seconds / 3600 };
}

function summariseWidths(label: FigureLabel, widths: Float64Array): FigureWidths {
  const defined = Array.from(widths)
    .filter((w) => !Number.isNaN(w))
    .sort((a, b) => a - b);
  const rank = Math.ceil(TARGET_SHARE * widths.length); // nearest rank among all studies
  return {
    label,
    meanWidth: defined.length === 0 ? null : defined.reduce((sum, w) => sum + w, 0) / defined.length,
    width80: rank <= defined.length && rank > 0 ? defined[rank - 1]! : null,
    undefinedStudies: widths.length - defined.length,
  };
}

export interface PlanTarget {
  statistic: PlanStatistic;
  width: number;
}

export class PlanTargetError extends Error {}

const STATISTICS: PlanStatistic[] = ['spearman', 'spearman-pooled', 'alpha', 'preference', 'bt-gap'];

/** "spearman width 0.2": a statistic, the word width, and a width above 0. */
export function parsePlanTarget(text: string): PlanTarget {
  const [statistic, word, width, ...rest] = text.trim().split(/\s+/);
  const value = Number(width);
  if (!STATISTICS.includes(statistic as PlanStatistic) || word !== 'width' || !(value > 0) || rest.length > 0)
    throw new PlanTargetError(
      `The target "${text}" should read "<statistic> width <number>" with the statistic one of ${STATISTICS.join(', ')} (e.g. "spearman width 0.2").`,
    );
  return { statistic: statistic as PlanStatistic, width: value };
}

/**
 * The design that reaches the target for every figure of its statistic (every model, dimension or bin)
 * in at least 80% of studies, with the fewest physician-hours (then fewer raters, fewer outputs); null
 * when no design of the grid does.
 */
export function smallestDesignReaching(plan: DesignPlan, target: PlanTarget): DesignResult | null {
  const reaching = plan.designs.filter((d) => {
    const figures = d.figures.filter((f) => f.label.statistic === target.statistic);
    return figures.length > 0 && figures.every((f) => f.width80 !== null && f.width80 <= target.width);
  });
  reaching.sort(
    (a, b) => a.physicianHours - b.physicianHours || a.design.raters - b.design.raters || a.outputs - b.outputs,
  );
  return reaching[0] ?? null;
}
