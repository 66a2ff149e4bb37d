/**
 * `plan`: how big the study must be. Reads what the study knows (scored outputs, the rating sample's
 * bins and metrics, the pilot ratings and pairwise judgements merged so far) into the plan's assumptions (shared/design), then
 * simulates the grid of designs a chunk at a time, reporting progress and stopping when asked.
 */
import { type StudyDb } from '../../db/connection';
import { readMetricNames } from '../../db/scores';
import { readModelNames, iterateScoresOfModels } from '../../db/outputs';
import { readSamples } from '../../db/samples';
import { StudyError } from '../../shared/errors';
import { sortedStrings } from '../../shared/analysis/tidy';
import {
  planAssumptions,
  PlanInputError,
  type AssumedValues,
  type PlanAssumptionsWithSources,
  type ScoredOutput,
} from '../../shared/design/assumptions';
import {
  createPlanRun,
  gridDesigns,
  smallestDesignReaching,
  type DesignPlan,
  type DesignResult,
  type PlanGrid,
  type PlanTarget,
} from '../../shared/design/plan';
import { readRubricDimensions } from './study';
import { readTidyPairwiseRows, readTidyRatingRows } from './tidy-ratings';

export interface PlanStudyOptions {
  /** Bins per model; default: the rating sample's, else 5. */
  bins?: number;
  /** Metrics averaged into the metric; default: the rating sample's, else every metric present. */
  metrics?: string[];
  models?: string[];
  assumed: AssumedValues;
}

/** The plan's assumptions from the study (read at once, so the simulation needs no open database). */
export function readPlanAssumptions(db: StudyDb, options: PlanStudyOptions): PlanAssumptionsWithSources {
  const samples = readSamples(db);
  const ratingSample = samples.find((s) => s.task === 'rating');
  const pairwiseSample = samples.find((s) => s.task === 'pairwise');
  const known = readMetricNames(db);
  const metrics = options.metrics ?? (ratingSample?.metrics.length ? ratingSample.metrics : known);
  const unknown = metrics.filter((m) => !known.includes(m));
  if (unknown.length > 0)
    throw new StudyError(
      `No scores for metric ${unknown.join(', ')} in the study (it has ${known.join(', ') || 'none'}).`,
    );
  const allModels = sortedStrings(readModelNames(db));
  const models = options.models ?? (ratingSample?.models.length ? ratingSample.models : allModels);
  const missing = models.filter((m) => !allModels.includes(m));
  if (missing.length > 0)
    throw new StudyError(`No model ${missing.join(', ')} in the study (it has ${allModels.join(', ')}).`);
  const outputs = new Map<number, ScoredOutput>();
  for (const [model, outputId, itemId, metric, value] of iterateScoresOfModels(db, models)) {
    const output = outputs.get(outputId) ?? { model, itemId, scores: {} };
    if (metric !== null && value !== null) output.scores[metric] = value;
    outputs.set(outputId, output);
  }
  try {
    return planAssumptions({
      outputs: [...outputs.values()],
      rows: readTidyRatingRows(db),
      rubric: readRubricDimensions(db),
      models,
      metrics,
      bins: options.bins ?? ratingSample?.bins ?? 5,
      preference: samples.some((s) => s.task === 'preference'),
      pairwiseSample: pairwiseSample ? { pairsPerItem: pairwiseSample.pairsPerItem } : null,
      pairwiseRows: readTidyPairwiseRows(db),
      assumed: options.assumed,
    });
  } catch (error) {
    if (error instanceof PlanInputError) throw new StudyError(error.message);
    throw error;
  }
}

export interface PlanRunOptions {
  grid: PlanGrid;
  studiesPerDesign: number;
  seed: number;
  target?: PlanTarget;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface PlanOutcome {
  plan: DesignPlan;
  /** The smallest design reaching the target (null: none of the grid does); absent without a target. */
  chosen?: DesignResult | null;
}

/** Studies simulated between two looks at progress and cancellation (about a tenth of a second). */
const STUDIES_PER_STEP = 20;

export async function runPlan(found: PlanAssumptionsWithSources, options: PlanRunOptions): Promise<PlanOutcome> {
  const designs = gridDesigns(options.grid);
  if (designs.length === 0)
    throw new StudyError('The grid has no design: raters per output must be at least 2 and at most the raters.');
  const run = createPlanRun(found.assumptions, designs, {
    studiesPerDesign: options.studiesPerDesign,
    seed: options.seed,
  });
  options.onProgress?.(0, run.totalStudies);
  while (run.advance(STUDIES_PER_STEP)) {
    options.onProgress?.(run.doneStudies, run.totalStudies);
    // Yield to the event loop so a cancellation (Ctrl-C, the app's Cancel) is seen between steps.
    await new Promise((resolve) => setImmediate(resolve));
    if (options.signal?.aborted)
      throw new StudyError(
        `The plan was cancelled after ${run.doneStudies} of ${run.totalStudies} simulated studies; nothing was written.`,
      );
  }
  options.onProgress?.(run.totalStudies, run.totalStudies);
  const plan = run.result();
  return options.target ? { plan, chosen: smallestDesignReaching(plan, options.target) } : { plan };
}
