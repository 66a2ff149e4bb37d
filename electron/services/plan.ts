/**
 * `assign`: deciding who rates what (shared/assignment-plan) and storing it as assignments in the
 * master. Each assignment keeps an opaque UUID, the rater's order and the A/B draw; packages are cut
 * from these rows.
 */
import { randomUUID } from 'node:crypto';
import { isoNow, type Clock } from '../../shared/clock';
import {
  coverageHistogram,
  orderRaterTasks,
  planAddedRater,
  planAssignments,
  PlanError,
  checkRaterNames,
  type OrderedTask,
} from '../../shared/assignment-plan';
import { insertAssignment } from '../../db/assignments';
import { appendAudit } from '../../db/audit';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { countIssuedPackages, deleteIssuedPackages } from '../../db/packages';
import {
  countAssignmentsPerRater,
  countRatersPerTask,
  countResponses,
  deletePlan,
  readPlan,
  readPlannableTasks,
  readTaskKinds,
  writePlan,
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
import { createPrng, deriveSeed } from '../../shared/prng';
import { NO_QC, qcOptionsProblem, type QcOptions } from '../../shared/qc/options';
import { parseCalibrationFile, resolveCalibrationOutputs } from '../../shared/qc/calibration';
import { planRatingQueue, QcDesignError } from '../../shared/qc/design';
import { createRater, findRaterByName } from './raters';
import { COORDINATOR_ACTOR, readRubricDimensions } from './study';

export interface AssignOptions {
  raters: string[];
  /** Raters per sampled output; default every rater. */
  overlap?: number;
  seed: number;
  /** Plan again over an existing plan, allowed while no package has come back. */
  replace?: boolean;
  /** Quality control designed into every rater's rating queue (docs/quality-control.md); default none. */
  qc?: QcOptions;
  /** The calibration file (name for errors, text), required when qc.calibration > 0. */
  calibrationFile?: { name: string; text: string };
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
 * quality-control design placed among them (shared/qc/design.ts), then the preferences.
 */
function dealTasks(db: StudyDb, raterId: number, rater: string, taskIds: number[], seed: number, qc: QcOptions): void {
  const ordered = orderRaterTasks(readTaskKinds(db, taskIds), rater, seed);
  const ratings = ordered.filter((task) => task.presentedA === null);
  const preferences = ordered.filter((task) => task.presentedA !== null);
  const queue = designed(rater, () =>
    planRatingQueue(
      {
        tasks: ratings,
        referenceCandidates: readReferenceCandidates(
          db,
          ratings.map((t) => t.taskId),
        ),
        calibration: readCalibrationTasks(db),
      },
      qc,
      createPrng(deriveSeed(seed, `qc ${rater}`)),
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
  preferences.forEach((task, index) => {
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
  make: () => ReturnType<typeof planRatingQueue<OrderedTask, number, StoredCalibrationTask>>,
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
    throw new StudyError(`--calibration ${qc.calibration} needs --calibration-file with the expected ratings.`);
  if (qc.calibration === 0 && file)
    throw new StudyError(
      '--calibration-file is given without --calibration N (how many calibration tasks each rater gets).',
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
          ? `${packages.issued} package(s) were already issued under the current plan: add raters with --add, or plan again with --replace while none has come back.`
          : 'This study already has a plan: add raters with --add, or plan again with --replace.',
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
    for (const { rater, taskIds } of plan)
      dealTasks(db, raterFor(db, rater, options.clock), rater, taskIds, options.seed, qc);
    const at = isoNow(options.clock);
    writePlan(db, { overlap, seed: options.seed, createdAt: at });
    writePlanQcOptions(db, qc);
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: existing ? 'plan.replace' : 'plan.create',
      entity: 'plan',
      entityId: '1',
      newValue: { raters: names, overlap, seed: options.seed, qc },
    });
    return summarisePlan(db);
  })();
}

/**
 * Adds raters to the stored plan without touching anyone else's tasks: each new rater gets the mean
 * load, taken from the least-covered outputs with every stratum in proportion.
 */
export function addRaters(db: StudyDb, raters: string[], clock: Clock): PlanSummary {
  return db.transaction(() => {
    const plan = readPlan(db);
    if (!plan) throw new StudyError('This study has no plan yet: run assign with --raters first.');
    const names = raters.map((r) => r.trim());
    planned(() => checkRaterNames(names));
    const tasks = readPlannableTasks(db);
    for (const name of names) {
      const loads = countAssignmentsPerRater(db);
      if (loads.some((l) => l.name.toLowerCase() === name.toLowerCase()))
        throw new StudyError(`"${name}" already has tasks in the plan.`);
      const load = Math.round(loads.reduce((sum, l) => sum + l.tasks, 0) / Math.max(1, loads.length));
      const taskIds = planAddedRater(tasks, countRatersPerTask(db), name, load, plan.seed);
      dealTasks(db, raterFor(db, name, clock), name, taskIds, plan.seed, readPlanQcOptions(db));
      appendAudit(db, {
        at: isoNow(clock),
        actor: COORDINATOR_ACTOR,
        action: 'plan.add',
        entity: 'plan',
        entityId: '1',
        newValue: { rater: name, tasks: taskIds.length },
      });
    }
    return summarisePlan(db);
  })();
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
  };
}
