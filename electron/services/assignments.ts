/**
 * Assignments: one row per rater × task, with the rater's own order. Ids are random UUIDs, so the
 * only handle the renderer ever holds says nothing about model, bin or item.
 */
import { randomUUID } from 'node:crypto';
import type { AssignmentSummary, RaterProfile, SessionOverview, TaskProgress } from '../../shared/api';
import { TASK_KINDS, type PresentedA, type TaskKind } from '../../shared/domain';
import { createPrng, deriveSeed, shuffled, type Prng } from '../../shared/prng';
import { insertAssignment, readAssignmentStates, readLastPosition, readUnassignedTaskIds } from '../../db/assignments';
import type { StudyDb } from '../../db/connection';
import { readSampleSeeds } from '../../db/samples';

/**
 * Gives the rater an assignment for every task they do not have yet, sample by sample. Each sample's
 * new tasks are shuffled with a stream seeded by (sample seed, rater name), so models and bins are
 * interleaved, every rater gets an independent order, and the order is reproducible from the study.
 * New positions go after existing ones, so a sample added later never reorders work in progress.
 * Returns how many assignments were created.
 */
export function assignOpenTasks(db: StudyDb, rater: RaterProfile): number {
  return db.transaction(() => {
    let position = readLastPosition(db, rater.id);
    let created = 0;
    for (const sample of readSampleSeeds(db)) {
      const taskIds = readUnassignedTaskIds(db, sample.id, rater.id);
      if (taskIds.length === 0) continue;
      const prng = createPrng(deriveSeed(sample.seed, rater.name));
      for (const taskId of shuffled(taskIds, prng)) {
        const presentedA = sample.task === 'preference' ? drawPresentedA(prng) : null;
        insertAssignment(db, { id: randomUUID(), raterId: rater.id, taskId, position: ++position, presentedA });
        created++;
      }
    }
    return created;
  })();
}

function drawPresentedA(prng: Prng): PresentedA {
  return prng.nextInt(2) === 0 ? 'model' : 'reference';
}

/** The rater's assignments of one kind in their order; `position` is 1-based within that kind. */
export function listAssignments(db: StudyDb, raterId: number, kind: TaskKind): AssignmentSummary[] {
  return readAssignmentStates(db, raterId, kind).map((row, index) => ({
    assignmentId: row.id,
    kind,
    position: index + 1,
    done: row.done === 1,
    flagged: row.flagged === 1,
  }));
}

/** Progress per kind and where "Resume" goes: the first unfinished assignment in the rater's order. */
export function readOverview(db: StudyDb, rater: RaterProfile): SessionOverview {
  const progress: TaskProgress[] = [];
  const resume: SessionOverview['resume'] = {};
  for (const kind of TASK_KINDS) {
    const assignments = listAssignments(db, rater.id, kind);
    progress.push({
      kind,
      done: assignments.filter((a) => a.done).length,
      total: assignments.length,
      flagged: assignments.filter((a) => a.flagged).length,
    });
    const next = assignments.find((a) => !a.done);
    if (next) resume[kind] = next.assignmentId;
  }
  return { rater, progress, resume };
}
