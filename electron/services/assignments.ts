/**
 * Assignments: one row per rater × task, with the rater's own order. Ids are random UUIDs, so the
 * only handle the renderer ever holds says nothing about model, bin or item.
 */
import { randomUUID } from 'node:crypto';
import type { AssignmentSummary, RaterProfile, SessionOverview, TaskProgress } from '../../shared/api';
import type { PresentedA, TaskKind } from '../../shared/domain';
import { createPrng, deriveSeed, shuffled, type Prng } from '../../shared/prng';
import type { StudyDb } from '../../db/connection';

export const TASK_KINDS: readonly TaskKind[] = ['rating', 'preference'];

interface SampleRow {
  id: number;
  task: TaskKind;
  seed: number;
}

/**
 * Gives the rater an assignment for every task they do not have yet, sample by sample. Each sample's
 * new tasks are shuffled with a stream seeded by (sample seed, rater name), so models and bins are
 * interleaved, every rater gets an independent order, and the order is reproducible from the study.
 * New positions go after existing ones, so a sample added later never reorders work in progress.
 * Returns how many assignments were created.
 */
export function assignOpenTasks(db: StudyDb, rater: RaterProfile): number {
  return db.transaction(() => {
    const samples = db.prepare('SELECT id, task, seed FROM samples ORDER BY id').all() as SampleRow[];
    const unassigned = db.prepare(
      `SELECT t.id FROM tasks t
       WHERE t.sample_id = ? AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.task_id = t.id AND a.rater_id = ?)
       ORDER BY t.id`,
    );
    const insert = db.prepare(
      'INSERT INTO assignments (id, rater_id, task_id, position, presented_a) VALUES (?, ?, ?, ?, ?)',
    );
    let position = (db.prepare('SELECT coalesce(max(position), 0) AS last FROM assignments WHERE rater_id = ?').get(rater.id) as { last: number }).last;
    let created = 0;
    for (const sample of samples) {
      const taskIds = (unassigned.all(sample.id, rater.id) as { id: number }[]).map((row) => row.id);
      if (taskIds.length === 0) continue;
      const prng = createPrng(deriveSeed(sample.seed, rater.name));
      for (const taskId of shuffled(taskIds, prng)) {
        const presentedA = sample.task === 'preference' ? drawPresentedA(prng) : null;
        insert.run(randomUUID(), rater.id, taskId, ++position, presentedA);
        created++;
      }
    }
    return created;
  })();
}

function drawPresentedA(prng: Prng): PresentedA {
  return prng.nextInt(2) === 0 ? 'model' : 'reference';
}

interface AssignmentListRow {
  id: string;
  flagged: number;
  done: number;
}

/** The rater's assignments of one kind in their order; `position` is 1-based within that kind. */
export function listAssignments(db: StudyDb, raterId: number, kind: TaskKind): AssignmentSummary[] {
  const rows = db
    .prepare(
      `SELECT a.id, a.flagged, (r.assignment_id IS NOT NULL) AS done
       FROM assignments a
       JOIN tasks t ON t.id = a.task_id
       JOIN samples s ON s.id = t.sample_id
       LEFT JOIN responses r ON r.assignment_id = a.id
       WHERE a.rater_id = ? AND s.task = ?
       ORDER BY a.position`,
    )
    .all(raterId, kind) as AssignmentListRow[];
  return rows.map((row, index) => ({
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
