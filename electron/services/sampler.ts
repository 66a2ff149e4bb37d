/**
 * Draws a rating or preference sample with the MeDiSumQA protocol (shared/sampling.ts), or a pairwise
 * sample of items with pairs of models (shared/pairwise-sampling.ts), and stores it with its parameters
 * and one task row per drawn output (pairwise: per drawn pair of outputs), in one transaction.
 */
import { appendAudit } from '../../db/audit';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { countRatersDealtSample } from '../../db/assignments';
import { iterateScoresOfModels, readItemIdsWithReference, readModelNames } from '../../db/outputs';
import {
  deleteSampleWithTasks,
  insertSampleWithTasks,
  readItemIdsOfOtherTask,
  readOutputIdsOfOtherTask,
  readSamples,
  type DrawnTask,
  type StoredSample,
} from '../../db/samples';
import { isoNow, type Clock } from '../../shared/clock';
import { TASK_KINDS, type SampleParameters, type TaskKind } from '../../shared/domain';
import { TASK_KIND_SPECS } from '../../shared/kinds/task-kinds';
import { createPrng, deriveSeed, shuffled } from '../../shared/prng';
import {
  assignQuintileBins,
  averageScore,
  BinTooSmallError,
  compareCodeUnits,
  drawStratifiedSample,
  MAX_SEED,
} from '../../shared/sampling';
import { drawPairwiseSample, eligiblePairwiseItems, type ModelItemScore } from '../../shared/pairwise-sampling';
import { recordProtocolChange } from './protocol';
import { drawSecret, keyedStream } from './secret-stream';
import { COORDINATOR_ACTOR } from './study';

export type SampleRequest = SampleParameters & {
  /** Models to sample; all models in the study when absent or empty. */
  models?: string[];
  /** Draw again over an existing sample of this task, allowed only while no rater has been dealt its tasks. */
  replace?: boolean;
  /** Why the sealed protocol may change (a deviation); without it a redraw after the seal is refused. */
  deviationReason?: string;
};

export interface ModelSampleSummary {
  model: string;
  eligible: number;
  /** Outputs without any of the chosen metrics: not binned, never drawn. */
  ineligible: number;
  /** Preference samples only: outputs whose item has no reference answer to compare with (not binned). */
  withoutReference: number;
  binSizes: number[];
  drawn: number;
}

export interface SampleSummary extends SampleParameters {
  sampleId: number;
  /** An earlier sample of this task was dropped for this one (--replace). */
  replaced: boolean;
  models: string[];
  tasks: number;
  perModel: ModelSampleSummary[];
}

export function drawSample(db: StudyDb, request: SampleRequest, clock: Clock): SampleSummary {
  checkParameters(request);
  const replaced = sampleToReplace(db, request);

  const models = resolveModels(db, request.models ?? []);
  const scored = readScoredOutputs(db, models);
  const metrics = resolveMetrics(metricsOf(scored), request.metrics);
  const excluded = request.disjoint ? outputsOfOtherTask(db, request.task) : new Set<number>();

  // A task showing the reference needs one: an empty reference would be meaningless and show which side is the model's.
  const withReference = TASK_KIND_SPECS[request.task].showsReference ? new Set(readItemIdsWithReference(db)) : null;
  const outputsByModel = averageScoresByModel(scored, models, metrics, withReference);

  const { perModel, drawn } =
    request.task === 'pairwise'
      ? drawPairwise(db, request, models, scored, metrics)
      : drawPerModel(request, models, outputsByModel, excluded);

  const parameters: SampleParameters = {
    task: request.task,
    bins: request.bins,
    perBin: request.perBin,
    metrics,
    seed: request.seed,
    disjoint: request.disjoint,
    ...(request.task === 'pairwise' && request.pairsPerItem !== undefined && { pairsPerItem: request.pairsPerItem }),
  };
  const at = isoNow(clock);
  const sampleId = db.transaction(() => {
    if (replaced) deleteSampleWithTasks(db, replaced.id);
    // Drawn in model, bin and score order; stored in an order nobody can re-derive, so task ids say nothing of it.
    const unordered = shuffled(drawn, keyedStream(drawSecret(), 'task ids'));
    const id = insertSampleWithTasks(db, { ...parameters, models, createdAt: at }, unordered);
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: replaced ? 'sample.replace' : 'sample.create',
      entity: 'sample',
      entityId: String(id),
      oldValue: replaced,
      newValue: { ...parameters, models, tasks: drawn.length },
    });
    recordProtocolChange(db, { kind: replaced ? 'redraw' : 'new sample', reason: request.deviationReason, at });
    return id;
  })();
  return { sampleId, replaced: replaced !== undefined, ...parameters, models, tasks: drawn.length, perModel };
}

interface DrawnSample {
  perModel: ModelSampleSummary[];
  drawn: DrawnTask[];
}

/** Rating and preference samples: each model's outputs binned by their own average score, N per bin. */
function drawPerModel(
  request: SampleRequest,
  models: readonly string[],
  outputsByModel: Map<string, ModelOutputs>,
  excluded: ReadonlySet<number>,
): DrawnSample {
  const perModel: ModelSampleSummary[] = [];
  const drawn: DrawnTask[] = [];
  for (const model of models) {
    const { eligible, ineligible, withoutReference } = outputsByModel.get(model)!;
    const binned = assignQuintileBins(eligible, request.bins);
    let chosen;
    try {
      // One stream per model, so adding a model to a study does not change the other models' draws.
      const prng = createPrng(deriveSeed(request.seed, model));
      chosen = drawStratifiedSample(binned, {
        bins: request.bins,
        perBin: request.perBin,
        excludedOutputIds: excluded,
        prng,
      });
    } catch (error) {
      if (error instanceof BinTooSmallError) {
        throw new StudyError(
          `Model "${model}": ${error.message} (${eligible.length} eligible outputs in ${request.bins} bins).`,
        );
      }
      throw error;
    }
    drawn.push(...chosen);
    const binSizes = Array.from({ length: request.bins }, (_, b) => binned.filter((o) => o.bin === b + 1).length);
    perModel.push({ model, eligible: eligible.length, ineligible, withoutReference, binSizes, drawn: chosen.length });
  }
  return { perModel, drawn };
}

/**
 * A pairwise sample (shared/pairwise-sampling.ts): items every chosen model answered, binned by their
 * difficulty, N per bin, each with its pairs of models. Disjoint samples leave out the items of the other
 * kinds' samples. Each model's summary counts the eligible items and the tasks it is compared in.
 */
function drawPairwise(
  db: StudyDb,
  request: SampleRequest,
  models: readonly string[],
  scored: readonly ScoredOutput[],
  metrics: readonly string[],
): DrawnSample {
  const { scores, outputOf, ineligible, excludedItemIds, eligible, binSizes } = pairwiseItems(
    db,
    request,
    models,
    scored,
    metrics,
  );
  let tasks;
  try {
    tasks = drawPairwiseSample(scores, {
      models,
      bins: request.bins,
      perBin: request.perBin,
      ...(request.pairsPerItem !== undefined && { pairsPerItem: request.pairsPerItem }),
      excludedItemIds,
      prng: createPrng(deriveSeed(request.seed, 'pairwise')),
    });
  } catch (error) {
    if (error instanceof BinTooSmallError)
      throw new StudyError(
        `Pairwise: ${error.message} (${eligible.length} items answered by every chosen model, in ${request.bins} bins).`,
      );
    if (error instanceof RangeError) throw new StudyError(error.message);
    throw error;
  }
  const drawn: DrawnTask[] = tasks.map((task) => ({
    outputId: outputOf.get(JSON.stringify([task.itemId, task.first]))!,
    outputBId: outputOf.get(JSON.stringify([task.itemId, task.second]))!,
    bin: task.bin,
    avgScore: task.avgScore,
  }));
  const perModel = models.map((model) => ({
    model,
    eligible: eligible.length,
    ineligible: ineligible.get(model)!,
    withoutReference: 0,
    binSizes,
    drawn: tasks.filter((task) => task.first === model || task.second === model).length,
  }));
  return { perModel, drawn };
}

/** What a pairwise draw and its preview share: the items every chosen model answered, their bins, what is left out. */
function pairwiseItems(
  db: StudyDb,
  request: SampleRequest,
  models: readonly string[],
  scored: readonly ScoredOutput[],
  metrics: readonly string[],
) {
  if (models.length < 2)
    throw new StudyError(`A pairwise sample compares at least two models; ${models.length} chosen.`);
  const outputOf = new Map<string, number>();
  const scores: ModelItemScore[] = [];
  const ineligible = new Map(models.map((model) => [model, 0]));
  for (const { model, outputId, itemId, scores: outputScores } of scored) {
    const avgScore = averageScore(outputScores, metrics);
    if (avgScore === null) ineligible.set(model, ineligible.get(model)! + 1);
    else {
      scores.push({ itemId, model, avgScore });
      outputOf.set(JSON.stringify([itemId, model]), outputId);
    }
  }
  const excludedItemIds = request.disjoint ? new Set(readItemIdsOfOtherTask(db, 'pairwise')) : new Set<string>();
  const eligible = eligiblePairwiseItems(scores, models);
  const binned = assignQuintileBins(eligible, request.bins);
  const bins = Array.from({ length: request.bins }, (_, b) => binned.filter((o) => o.bin === b + 1));
  const binSizes = bins.map((members) => members.length);
  return { scores, outputOf, ineligible, excludedItemIds, eligible, binned, bins, binSizes };
}

/** The pairs each drawn item of a pairwise sample gets: K, or every pair of the models. */
function pairsPerDrawnItem(request: SampleRequest, models: readonly string[]): number {
  return request.pairsPerItem ?? (models.length * (models.length - 1)) / 2;
}

/**
 * A study holds one sample per task. Redrawing one (wrong seed, wrong models) is allowed until a rater
 * has been dealt its tasks: after that, replacing it would orphan their work.
 */
function sampleToReplace(db: StudyDb, request: SampleRequest): StoredSample | undefined {
  const existing = readSamples(db).find((sample) => sample.task === request.task);
  if (!existing) return undefined;
  if (!request.replace) {
    throw new StudyError(
      `This study already has a ${request.task} sample (#${existing.id}); draw it again as a replacement.`,
    );
  }
  const dealt = countRatersDealtSample(db, existing.id);
  if (dealt > 0) {
    throw new StudyError(
      `The ${request.task} sample #${existing.id} cannot be replaced: ${dealt} rater(s) already have its tasks.`,
    );
  }
  return existing;
}

function checkParameters(request: SampleRequest): void {
  if (!TASK_KINDS.includes(request.task)) {
    throw new StudyError(`The task kind must be ${TASK_KINDS.join(' or ')}, got "${String(request.task)}".`);
  }
  if (!Number.isInteger(request.bins) || request.bins < 1)
    throw new StudyError(`Bins must be a whole number of at least 1, got ${request.bins}.`);
  if (!Number.isInteger(request.perBin) || request.perBin < 1) {
    throw new StudyError(`N per bin must be a whole number of at least 1, got ${request.perBin}.`);
  }
  if (request.pairsPerItem !== undefined && request.task !== 'pairwise')
    throw new StudyError(`Pairs per item apply to pairwise samples only, not to a ${request.task} sample.`);
  if (!Number.isInteger(request.seed) || request.seed < 0 || request.seed > MAX_SEED) {
    throw new StudyError(`The seed must be a whole number from 0 to ${MAX_SEED}, got ${request.seed}.`);
  }
}

function resolveModels(db: StudyDb, requested: readonly string[]): string[] {
  const available = readModelNames(db).sort(compareCodeUnits);
  if (available.length === 0) throw new StudyError('This study has no model outputs yet; import some first.');
  if (requested.length === 0) return available;
  const unknown = requested.filter((m) => !available.includes(m));
  if (unknown.length > 0) {
    throw new StudyError(
      `Unknown model ${unknown.map((m) => `"${m}"`).join(', ')}; the study has ${available.map((m) => `"${m}"`).join(', ')}.`,
    );
  }
  return [...new Set(requested)].sort(compareCodeUnits);
}

/** Every metric that some output of the given models has, in code-unit order. */
function metricsOf(outputs: readonly ScoredOutput[]): string[] {
  const metrics = new Set<string>();
  for (const output of outputs) for (const metric in output.scores) metrics.add(metric);
  return [...metrics].sort(compareCodeUnits);
}

/** The chosen metrics, or every metric present for the sampled models; unknown names are an error. */
function resolveMetrics(available: readonly string[], requested: readonly string[]): string[] {
  if (available.length === 0)
    throw new StudyError('The outputs to sample have no automatic scores, so they cannot be binned.');
  if (requested.length === 0) return [...available];
  const unknown = requested.filter((m) => !available.includes(m));
  if (unknown.length > 0) {
    throw new StudyError(
      `Unknown metric ${unknown.map((m) => `"${m}"`).join(', ')}; the outputs have ${available.join(', ')}.`,
    );
  }
  // Code-unit order, like the default: floating-point sums depend on order, so `--metrics a,b,c` and `c,b,a`
  // must give the same averages, bins and stored parameters.
  return [...new Set(requested)].sort(compareCodeUnits);
}

interface EligibleOutput {
  outputId: number;
  itemId: string;
  avgScore: number;
}

interface ModelOutputs {
  eligible: EligibleOutput[];
  /** Outputs without any of the chosen metrics. */
  ineligible: number;
  withoutReference: number;
}

interface ScoredOutput {
  model: string;
  outputId: number;
  itemId: string;
  scores: Record<string, number>;
}

/** Every output of the given models with all its scores, from one scan; the same scan tells which metrics exist. */
function readScoredOutputs(db: StudyDb, models: readonly string[]): ScoredOutput[] {
  const outputs: ScoredOutput[] = [];
  let current: ScoredOutput | undefined;
  for (const [model, outputId, itemId, metric, value] of iterateScoresOfModels(db, models)) {
    if (current?.outputId !== outputId) {
      current = { model, outputId, itemId, scores: {} };
      outputs.push(current);
    }
    if (metric !== null && value !== null) current.scores[metric] = value;
  }
  return outputs;
}

/**
 * averageScore of the chosen metrics per output, by model. The average is taken in JavaScript because SQL's
 * sum()/avg() use compensated summation, which can differ in the last bit. With `withReference` (preference
 * samples), outputs whose item has no reference are set aside.
 */
function averageScoresByModel(
  outputs: readonly ScoredOutput[],
  models: readonly string[],
  metrics: readonly string[],
  withReference: ReadonlySet<string> | null,
): Map<string, ModelOutputs> {
  const byModel = new Map<string, ModelOutputs>(
    models.map((model) => [model, { eligible: [], ineligible: 0, withoutReference: 0 }]),
  );
  for (const { model, outputId, itemId, scores } of outputs) {
    const counts = byModel.get(model)!;
    if (withReference && !withReference.has(itemId)) {
      counts.withoutReference += 1;
      continue;
    }
    const avgScore = averageScore(scores, metrics);
    if (avgScore === null) counts.ineligible += 1;
    else counts.eligible.push({ outputId, itemId, avgScore });
  }
  return byModel;
}

function outputsOfOtherTask(db: StudyDb, task: TaskKind): Set<number> {
  return new Set(readOutputIdsOfOtherTask(db, task));
}

/** One model's bins for a draft, before anything is drawn: what the app's sample preview shows. */
export interface ModelBinsPreview {
  model: string;
  eligible: number;
  ineligible: number;
  withoutReference: number;
  /** Average scores of the eligible outputs, ascending. */
  averages: number[];
  /** The average where each bin after the first begins (bins − 1 values; fewer when there are fewer outputs than bins). */
  cutPoints: number[];
  binSizes: number[];
  /** Outputs of each bin that may be drawn (not in the other task's sample when the samples are disjoint). */
  drawable: number[];
}

export interface SampleDraftPreview {
  metrics: string[];
  perModel: ModelBinsPreview[];
  /** The stored sample of this task a draw would replace. */
  replaces: StoredSample | null;
  /** Why no redraw of this task is allowed (raters were dealt its tasks); null when allowed or nothing to replace. */
  replaceRefusal: string | null;
  /** Tasks per drawn output: 1, or for a pairwise sample (whose one preview is of items) the pairs per item. */
  tasksPerDrawn: number;
}

/**
 * The bins drawSample would use for these parameters, computed the same way and written nowhere, so
 * the preview and the draw cannot disagree. Throws the same StudyError as drawSample for parameters
 * that cannot be drawn at all (bad numbers, unknown models or metrics, no outputs).
 */
export function previewSampleBins(db: StudyDb, request: SampleRequest): SampleDraftPreview {
  checkParameters(request);
  const models = resolveModels(db, request.models ?? []);
  const scored = readScoredOutputs(db, models);
  const metrics = resolveMetrics(metricsOf(scored), request.metrics);
  const excluded = request.disjoint ? outputsOfOtherTask(db, request.task) : new Set<number>();
  const withReference = TASK_KIND_SPECS[request.task].showsReference ? new Set(readItemIdsWithReference(db)) : null;
  const outputsByModel = averageScoresByModel(scored, models, metrics, withReference);
  const perModel =
    request.task === 'pairwise'
      ? [pairwisePreview(db, request, models, scored, metrics)]
      : perModelPreviews(request, models, outputsByModel, excluded);
  const replaces = readSamples(db).find((sample) => sample.task === request.task) ?? null;
  const dealt = replaces ? countRatersDealtSample(db, replaces.id) : 0;
  const replaceRefusal =
    replaces && dealt > 0
      ? `The ${request.task} sample #${replaces.id} cannot be replaced: ${dealt} rater(s) already have its tasks.`
      : null;
  const tasksPerDrawn = request.task === 'pairwise' ? pairsPerDrawnItem(request, models) : 1;
  return { metrics, perModel, replaces, replaceRefusal, tasksPerDrawn };
}

/** A pairwise sample's one preview: its items (not one model's outputs), binned by difficulty. */
function pairwisePreview(
  db: StudyDb,
  request: SampleRequest,
  models: readonly string[],
  scored: readonly ScoredOutput[],
  metrics: readonly string[],
): ModelBinsPreview {
  const pairs = pairsPerDrawnItem(request, models);
  const all = (models.length * (models.length - 1)) / 2;
  if (!Number.isInteger(pairs) || pairs < 1 || pairs > all)
    throw new StudyError(
      `Pairs per item must be a whole number from 1 to ${all} for ${models.length} models, got ${pairs}.`,
    );
  const { ineligible, excludedItemIds, eligible, binned, bins, binSizes } = pairwiseItems(
    db,
    request,
    models,
    scored,
    metrics,
  );
  return {
    model: `Items every one of the ${models.length} models answered`,
    eligible: eligible.length,
    ineligible: [...ineligible.values()].reduce((sum, n) => sum + n, 0),
    withoutReference: 0,
    averages: binned.map((o) => o.avgScore),
    cutPoints: bins.slice(1).flatMap((members) => (members.length > 0 ? [members[0]!.avgScore] : [])),
    binSizes,
    drawable: bins.map((members) => members.filter((o) => !excludedItemIds.has(o.itemId)).length),
  };
}

function perModelPreviews(
  request: SampleRequest,
  models: readonly string[],
  outputsByModel: Map<string, ModelOutputs>,
  excluded: ReadonlySet<number>,
): ModelBinsPreview[] {
  return models.map((model): ModelBinsPreview => {
    const { eligible, ineligible, withoutReference } = outputsByModel.get(model)!;
    const binned = assignQuintileBins(eligible, request.bins);
    const bins = Array.from({ length: request.bins }, (_, b) => binned.filter((o) => o.bin === b + 1));
    return {
      model,
      eligible: eligible.length,
      ineligible,
      withoutReference,
      averages: binned.map((o) => o.avgScore),
      cutPoints: bins.slice(1).flatMap((members) => (members.length > 0 ? [members[0]!.avgScore] : [])),
      binSizes: bins.map((members) => members.length),
      drawable: bins.map((members) => members.filter((o) => !excluded.has(o.outputId)).length),
    };
  });
}
