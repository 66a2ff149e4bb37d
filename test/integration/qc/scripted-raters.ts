/**
 * A small rating study run by scripted raters, for the quality-control tests: 30 items × 2 models,
 * each rater's queue designed by planRatingQueue with all three QC options, rated by a careful rater
 * (values near each answer's true quality, 20–90 s per task) or by one who answers everything with 3 in
 * one second. Everything is seeded, so the tidy rows are reproducible (test/fixtures/qc/ratings_qc.csv
 * is this simulation's output, written by make_ratings_qc.ts).
 */
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import type { KnownDimension, RaterQc, TidyRatingRow } from '../../../shared/analysis';
import { createPrng, deriveSeed, shuffled, type Prng } from '../../../shared/prng';
import {
  REFERENCE_CONTROL_MODEL,
  parseCalibrationFile,
  planRatingQueue,
  type CalibrationEntry,
  type PlannedTask,
  type QcOptions,
} from '../../../shared/qc';

export const SIMULATION_SEED = 2026;
export const SIMULATION_QC: QcOptions = { repeats: 0.2, referenceControls: 3, calibration: 2 };
export const SIMULATION_RUBRIC: KnownDimension[] = MEDISUMQA_RUBRIC.dimensions.map((d) => ({
  key: d.key,
  kind: d.kind,
  scale: d.scale.map((p) => p.value),
}));

/** What the simulated world knows about an answer: the value a perfectly careful rater would give. */
export interface SimulatedOutput {
  itemId: string;
  model: string;
  bin: number;
  quality: Record<string, number>;
}

export type SimulatedQueue = PlannedTask<SimulatedOutput, SimulatedOutput, CalibrationEntry>[];

/** A rater's answer to one shown answer. */
export type RaterBehaviour = (
  shown: Record<string, number>,
  prng: Prng,
) => { values: Record<string, number>; durationMs: number };

/** Rates each dimension at the answer's quality, one point off in one case of four, in 20–90 s. */
export const carefulRater: RaterBehaviour = (quality, prng) => {
  const values: Record<string, number> = {};
  for (const dimension of SIMULATION_RUBRIC) {
    const scale = dimension.scale;
    const slip = dimension.kind === 'likert' ? [-1, 0, 0, 1][prng.nextInt(4)]! : 0;
    values[dimension.key] = Math.min(scale.at(-1)!, Math.max(scale[0]!, quality[dimension.key]! + slip));
  }
  return { values, durationMs: 20_000 + prng.nextInt(70_000) };
};

/** Answers 3 on every Likert dimension and "safe" on the binary one, one second per task. */
export const threeInOneSecondRater: RaterBehaviour = () => ({
  values: Object.fromEntries(SIMULATION_RUBRIC.map((d) => [d.key, d.kind === 'likert' ? 3 : 1])),
  durationMs: 1000,
});

const ITEMS = Array.from({ length: 30 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);
const MODELS = ['model-a', 'model-b'];

function drawQuality(prng: Prng, centre: number): Record<string, number> {
  return Object.fromEntries(
    SIMULATION_RUBRIC.map((d) => [
      d.key,
      d.kind === 'likert' ? Math.min(5, Math.max(1, centre + prng.nextInt(3) - 1)) : prng.nextInt(10) < 8 ? 1 : 0,
    ]),
  );
}

export function simulatedOutputs(seed = SIMULATION_SEED): {
  outputs: SimulatedOutput[];
  references: SimulatedOutput[];
} {
  const prng = createPrng(seed);
  const outputs = ITEMS.flatMap((itemId, i) =>
    MODELS.map((model, m) => ({
      itemId,
      model,
      bin: (i % 5) + 1,
      quality: drawQuality(prng, 1 + (i % 5) - m + (i % 2)),
    })),
  );
  const references = ITEMS.map((itemId) => ({
    itemId,
    model: REFERENCE_CONTROL_MODEL,
    bin: 0,
    quality: drawQuality(prng, 5),
  }));
  return { outputs, references };
}

/** The coordinator's calibration file: the first two outputs with their true quality as expected values. */
export function calibrationCsv(outputs: ReadonlyArray<SimulatedOutput>): string {
  const keys = SIMULATION_RUBRIC.map((d) => d.key);
  const lines = outputs
    .slice(0, 2)
    .map((o) => [o.itemId, o.model, ...keys.map((k) => String(o.quality[k])), 'Judged by the study team'].join(','));
  return [['item_id', 'model', ...keys, 'rationale'].join(','), ...lines].join('\n');
}

/** One rater's queue: every output in a seeded order, QC designed in. */
export function plannedQueue(rater: string, seed = SIMULATION_SEED): SimulatedQueue {
  const { outputs, references } = simulatedOutputs(seed);
  const calibration = parseCalibrationFile('calibration.csv', calibrationCsv(outputs), SIMULATION_RUBRIC);
  if (!calibration.ok) throw new Error(calibration.errors.join('\n'));
  const prng = createPrng(deriveSeed(seed, rater));
  return planRatingQueue(
    { tasks: shuffled(outputs, prng), referenceCandidates: references, calibration: calibration.entries },
    SIMULATION_QC,
    prng,
  );
}

/** The tidy rows a rater's work produces, rated in queue order from 09:00 UTC with 2 s between tasks. */
export function scriptedRatings(
  rater: string,
  queue: SimulatedQueue,
  behaviour: RaterBehaviour,
  seed = SIMULATION_SEED,
): TidyRatingRow[] {
  const { outputs } = simulatedOutputs(seed);
  const prng = createPrng(deriveSeed(seed, `${rater} ratings`));
  let clock = Date.parse('2026-03-02T09:00:00.000Z');
  return queue.flatMap((planned) => {
    const shown =
      planned.qc === 'reference_control'
        ? planned.reference
        : planned.qc === 'calibration'
          ? outputs.find((o) => o.itemId === planned.calibration.itemId && o.model === planned.calibration.model)!
          : planned.task;
    const { values, durationMs } = behaviour(shown.quality, prng);
    clock += durationMs + 2000;
    const ratedAt = new Date(clock).toISOString();
    return SIMULATION_RUBRIC.map((d) => ({
      rater,
      itemId: shown.itemId,
      model: shown.model,
      task: 'rating' as const,
      dimension: d.key,
      value: values[d.key]!,
      bin: planned.qc === 'reference_control' ? null : shown.bin,
      durationMs,
      ratedAt,
      scores: {},
      qc: planned.qc,
    }));
  });
}

export const CAREFUL = 'dr.careful';
export const FAST = 'dr.fast';

/** Both scripted raters' rows, careful first. */
export function simulatedStudyRows(seed = SIMULATION_SEED): TidyRatingRow[] {
  return [
    ...scriptedRatings(CAREFUL, plannedQueue(CAREFUL, seed), carefulRater, seed),
    ...scriptedRatings(FAST, plannedQueue(FAST, seed), threeInOneSecondRater, seed),
  ];
}

/** The per-rater QC figures the numpy reference (make_qc_reference.py) also computes. */
export function referenceCheckedRaterFigures(raters: ReadonlyArray<RaterQc>) {
  return raters.map((r) => ({
    rater: r.rater,
    tasks: r.tasks,
    fast_tasks: r.fast_tasks,
    median_ms: r.median_ms,
    q1_ms: r.q1_ms,
    q3_ms: r.q3_ms,
    longest_straight_run: r.longest_straight_run,
  }));
}
