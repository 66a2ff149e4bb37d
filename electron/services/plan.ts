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
import { createRater, findRaterByName } from './raters';
import { COORDINATOR_ACTOR } from './study';

export interface AssignOptions {
  raters: string[];
  /** Raters per sampled output; default every rater. */
  overlap?: number;
  seed: number;
  /** Plan again over an existing plan, allowed while no package has come back. */
  replace?: boolean;
  clock: Clock;
}

export interface PlanSummary {
  overlap: number;
  seed: number;
  tasksPerRater: { name: string; tasks: number }[];
  /** Index k: outputs rated by k raters. */
  coverage: number[];
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

/** Stores one rater's tasks in their own order. */
function dealTasks(db: StudyDb, raterId: number, rater: string, taskIds: number[], seed: number): void {
  for (const task of orderRaterTasks(readTaskKinds(db, taskIds), rater, seed)) {
    insertAssignment(db, {
      id: randomUUID(),
      raterId,
      taskId: task.taskId,
      position: task.position,
      presentedA: task.presentedA,
    });
  }
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
    for (const { rater, taskIds } of plan)
      dealTasks(db, raterFor(db, rater, options.clock), rater, taskIds, options.seed);
    const at = isoNow(options.clock);
    writePlan(db, { overlap, seed: options.seed, createdAt: at });
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: existing ? 'plan.replace' : 'plan.create',
      entity: 'plan',
      entityId: '1',
      newValue: { raters: names, overlap, seed: options.seed },
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
      dealTasks(db, raterFor(db, name, clock), name, taskIds, plan.seed);
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
  };
}
