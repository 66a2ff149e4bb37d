/**
 * `assign`: deciding who rates what (shared/assignment-plan) and storing it as assignments in the
 * master. Each assignment keeps an opaque UUID, the rater's order and the A/B draw; packages are cut
 * from these rows. Who rates what follows the plan's public seed; everything a package shows of the plan
 * (order, A/B positions, quality-control placement) is drawn from the plan's secret (secret-stream.ts),
 * kept in the master alone.
 */
import { randomUUID } from 'node:crypto';
import { isoNow, type Clock } from '../../shared/clock';
import { assertNever } from '../../shared/kinds/assert-never';
import {
  coverageHistogram,
  orderRaterTasks,
  planAddedRater,
  planAssignments,
  PlanError,
  checkRaterNames,
  type OrderedPairwiseTask,
  type OrderedPreferenceTask,
  type OrderedRatingTask,
} from '../../shared/assignment-plan';
import { insertAssignment } from '../../db/assignments';
import { appendAudit } from '../../db/audit';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { countIssuedPackages, deleteIssuedPackages } from '../../db/packages';
import {
  countAssignmentsPerRater,
  countPreferencesSharingItem,
  countRatersPerTask,
  countResponses,
  deletePlan,
  readPlan,
  readPlannableTasks,
  readPlanSecret,
  readTasksToOrder,
  writePlan,
  writePlanSecret,
} from '../../db/plan';
import {
  countQcAssignments,
  findRatingTaskOfOutput,
  insertCalibrationEntry,
  readCalibrationTasks,
  readPlanQcOptions,
  readReferenceCandidates,
  writePlanQcOptions,
  type StoredCalibrationTask,
} from '../../db/quality-control';
import { NO_QC, qcOptionsProblem, type QcOptions } from '../../shared/qc/options';
import { parseCalibrationFile, resolveCalibrationOutputs } from '../../shared/qc/calibration';
import { planRatingQueue, QcDesignError } from '../../shared/qc/design';
import { createRater, findRaterByName } from './raters';
import { drawSecret, keyedStream } from './secret-stream';
import { recordProtocolChange } from './protocol';
import { COORDINATOR_ACTOR, readRubricDimensions } from './study';

export interface AssignOptions {
  raters: string[];
  /** Raters per sampled output; default every rater. */
  overlap?: number;
  seed: number;
  /** Plan again over an existing plan, allowed while no package has come back. */
  replace?: boolean;
  /** The plan's 32-byte secret; drawn from the OS CSPRNG when absent (tests fix it to reproduce a plan). */
  secret?: Uint8Array;
  /** Quality control designed into every rater's rating queue (docs/quality-control.md); default none. */
  qc?: QcOptions;
  /** The calibration file (name for errors, text), required when qc.calibration > 0. */
  calibrationFile?: { name: string; text: string };
  /** Why the sealed protocol may change (a deviation); without it a re-plan after the seal is refused. */
  deviationReason?: string;
  clock: Clock;
}

export interface PlanSummary {
  overlap: number;
  seed: number;
  tasksPerRater: { name: string; tasks: number }[];
  /** Index k: outputs rated by k raters. */
  coverage: number[];
  qc: QcOptions;
  /** Quality-control tasks over all raters, by role. */
  qcTasks: { repeat: number; reference_control: number; calibration: number };
  /** What the plan could not avoid that weakens the blinding, one line each. */
  warnings: string[];
}

function planned<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw error instanceof PlanError ? new StudyError(error.message) : error;
  }
}

function raterFor(db: StudyDb, name: string, clock: Clock): number {
  return (findRaterByName(db, name) ?? createRater(db, name, clock, COORDINATOR_ACTOR)).id;
}

/**
 * Stores one rater's tasks in their own order: calibration tasks, then the rating tasks with the
 * quality-control design placed among them (shared/qc/design.ts), then the preferences, then the pairwise
 * tasks. Reference
 * controls avoid the items of the rater's preference pairs, whose reference text they would repeat.
 */
function dealTasks(
  db: StudyDb,
  raterId: number,
  rater: string,
  taskIds: number[],
  secret: Uint8Array,
  qc: QcOptions,
): void {
  const ordered = orderRaterTasks(readTasksToOrder(db, taskIds), keyedStream(secret, 'order', rater));
  const ratings: OrderedRatingTask[] = [];
  const preferences: OrderedPreferenceTask[] = [];
  const pairs: OrderedPairwiseTask[] = [];
  for (const task of ordered) {
    switch (task.kind) {
      case 'rating':
        ratings.push(task);
        break;
      case 'preference':
        preferences.push(task);
        break;
      case 'pairwise':
        pairs.push(task);
        break;
      default:
        assertNever(task, 'task kind');
    }
  }
  const queue = designed(rater, () =>
    planRatingQueue(
      {
        tasks: ratings,
        referenceCandidates: readReferenceCandidates(
          db,
          ratings.map((t) => t.taskId),
          preferences.map((t) => t.taskId),
        ),
        calibration: readCalibrationTasks(db),
      },
      qc,
      keyedStream(secret, 'quality control', rater),
    ),
  );
  const ids = queue.map(() => randomUUID());
  queue.forEach((entry, index) => {
    const base = { id: ids[index]!, raterId, position: index + 1, presentedA: null };
    if (entry.qc === null) insertAssignment(db, { ...base, taskId: entry.task.taskId });
    else if (entry.qc === 'repeat')
      insertAssignment(db, {
        ...base,
        taskId: entry.task.taskId,
        qcRole: 'repeat',
        firstShowing: ids[entry.firstShowing]!,
      });
    else if (entry.qc === 'reference_control')
      insertAssignment(db, { ...base, taskId: entry.reference, qcRole: 'reference_control' });
    else
      insertAssignment(db, {
        ...base,
        taskId: entry.calibration.taskId,
        qcRole: 'calibration',
        calibrationEntry: entry.calibration.entryId,
      });
  });
  // Preferences, then pairwise tasks, each with its drawn A position, after the rating queue.
  [...preferences, ...pairs].forEach((task, index) => {
    insertAssignment(db, {
      id: randomUUID(),
      raterId,
      taskId: task.taskId,
      position: queue.length + index + 1,
      presentedA: task.presentedA,
    });
  });
}

function designed(
  rater: string,
  make: () => ReturnType<typeof planRatingQueue<OrderedRatingTask, number, StoredCalibrationTask>>,
) {
  try {
    return make();
  } catch (error) {
    throw error instanceof QcDesignError ? new StudyError(`${rater}: ${error.message}.`) : error;
  }
}

/** Checks the options and stores the calibration file's entries, each tied to a sampled rating task of its output. */
function storeCalibration(db: StudyDb, qc: QcOptions, file: AssignOptions['calibrationFile']): void {
  const problem = qcOptionsProblem(qc);
  if (problem !== null) throw new StudyError(`${problem}.`);
  if (qc.calibration > 0 && !file)
    throw new StudyError(`${qc.calibration} calibration tasks need a calibration file with the expected ratings.`);
  if (qc.calibration === 0 && file)
    throw new StudyError(
      'A calibration file is given without a number of calibration tasks (how many calibration tasks each rater gets).',
    );
  if (!file) return;
  const parsed = parseCalibrationFile(file.name, file.text, readRubricDimensions(db));
  if (!parsed.ok) throw new StudyError(firstOf(parsed.errors));
  const resolved = resolveCalibrationOutputs(parsed.entries, (itemId, model) =>
    findRatingTaskOfOutput(db, itemId, model),
  );
  if (!resolved.ok)
    throw new StudyError(`${firstOf(resolved.errors)} (calibration outputs must be in a rating sample)`);
  for (const { entry, output } of resolved.resolved)
    insertCalibrationEntry(db, output, entry.expected, entry.rationale);
}

function firstOf(errors: string[]): string {
  const more = errors.length - 1;
  return more > 0 ? `${errors[0]} (and ${more} more problem${more === 1 ? '' : 's'})` : errors[0]!;
}

export function assignRaters(db: StudyDb, options: AssignOptions): PlanSummary {
  return db.transaction(() => {
    const tasks = readPlannableTasks(db);
    if (tasks.length === 0) throw new StudyError('Nothing to assign: draw a sample first (blindrate sample).');
    const existing = readPlan(db);
    const packages = countIssuedPackages(db);
    if (existing && !options.replace) {
      throw new StudyError(
        packages.issued > 0
          ? `${packages.issued} package(s) were already issued under the current plan: add raters to the plan, or plan again as a replacement while none has come back.`
          : 'This study already has a plan: add raters to the plan, or plan again as a replacement.',
      );
    }
    if (packages.returned > 0 || countResponses(db) > 0) {
      throw new StudyError('Answers have already come back under the current plan, so it can no longer be replaced.');
    }
    deletePlan(db);
    deleteIssuedPackages(db);
    const names = options.raters.map((r) => r.trim());
    const overlap = options.overlap ?? names.length;
    const plan = planned(() => planAssignments(tasks, names, overlap, options.seed));
    const qc = options.qc ?? NO_QC;
    storeCalibration(db, qc, options.calibrationFile);
    const secret = options.secret ?? drawSecret();
    for (const { rater, taskIds } of plan)
      dealTasks(db, raterFor(db, rater, options.clock), rater, taskIds, secret, qc);
    const at = isoNow(options.clock);
    writePlan(db, { overlap, seed: options.seed, createdAt: at });
    writePlanSecret(db, secret);
    writePlanQcOptions(db, qc);
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: existing ? 'plan.replace' : 'plan.create',
      entity: 'plan',
      entityId: '1',
      newValue: { raters: names, overlap, seed: options.seed, qc },
    });
    recordProtocolChange(db, { kind: 're-plan', reason: options.deviationReason, at });
    return summarisePlan(db);
  })();
}

/**
 * Adds raters to the stored plan without touching anyone else's tasks: each new rater gets the mean
 * load, taken from the least-covered outputs with every stratum in proportion.
 */
export function addRaters(db: StudyDb, raters: string[], clock: Clock, deviationReason?: string): PlanSummary {
  return db.transaction(() => {
    const plan = readPlan(db);
    if (!plan) throw new StudyError('This study has no plan yet: assign raters first.');
    const names = raters.map((r) => r.trim());
    planned(() => checkRaterNames(names));
    const tasks = readPlannableTasks(db);
    const secret = planSecretOf(db);
    for (const name of names) {
      const loads = countAssignmentsPerRater(db);
      if (loads.some((l) => l.name.toLowerCase() === name.toLowerCase()))
        throw new StudyError(`"${name}" already has tasks in the plan.`);
      const load = Math.round(loads.reduce((sum, l) => sum + l.tasks, 0) / Math.max(1, loads.length));
      const taskIds = planAddedRater(tasks, countRatersPerTask(db), name, load, plan.seed);
      dealTasks(db, raterFor(db, name, clock), name, taskIds, secret, readPlanQcOptions(db));
      appendAudit(db, {
        at: isoNow(clock),
        actor: COORDINATOR_ACTOR,
        action: 'plan.add',
        entity: 'plan',
        entityId: '1',
        newValue: { rater: name, tasks: taskIds.length },
      });
    }
    recordProtocolChange(db, { kind: 'raters added', reason: deviationReason, at: isoNow(clock) });
    return summarisePlan(db);
  })();
}

/** A plan made before plans had secrets gets one now, so raters added to it are ordered unpredictably too. */
function planSecretOf(db: StudyDb): Uint8Array {
  const stored = readPlanSecret(db);
  if (stored) return stored;
  const secret = drawSecret();
  writePlanSecret(db, secret);
  return secret;
}

function blindingWarnings(db: StudyDb): string[] {
  const shared = countPreferencesSharingItem(db);
  return shared === 0
    ? []
    : [
        `${shared} preference task${shared === 1 ? ' shows its rater an item' : 's show their rater an item'} already compared in another: ` +
          "the repeated reference text tells which answer is the model's. No swap with another rater keeps every output's raters " +
          "and each rater's share of every stratum; a lower overlap, or fewer models per item in the preference sample, avoids it.",
      ];
}

export function summarisePlan(db: StudyDb): PlanSummary {
  const plan = readPlan(db);
  return {
    overlap: plan?.overlap ?? 0,
    seed: plan?.seed ?? 0,
    tasksPerRater: countAssignmentsPerRater(db),
    coverage: coverageHistogram(countRatersPerTask(db).values()),
    qc: plan ? readPlanQcOptions(db) : NO_QC,
    qcTasks: countQcAssignments(db),
    warnings: blindingWarnings(db),
  };
}
