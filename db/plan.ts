/** The assignment plan in a master: who rates which sampled output, in which order, with which A/B draw. */
import type { TaskKind } from '../shared/domain';
import type { PlannableTask } from '../shared/assignment-plan';
import type { StudyDb } from './connection';

export interface StoredPlan {
  overlap: number;
  seed: number;
  createdAt: string;
}

export function readPlan(db: StudyDb): StoredPlan | null {
  const row = db.prepare('SELECT overlap, seed, created_at FROM assignment_plan WHERE id = 1').get() as
    { overlap: number; seed: number; created_at: string } | undefined;
  return row ? { overlap: row.overlap, seed: row.seed, createdAt: row.created_at } : null;
}

export function writePlan(db: StudyDb, plan: StoredPlan): void {
  db.prepare(
    `INSERT INTO assignment_plan (id, overlap, seed, created_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET overlap = excluded.overlap, seed = excluded.seed, created_at = excluded.created_at`,
  ).run(plan.overlap, plan.seed, plan.createdAt);
}

/** Every sampled output with what the planner stratifies by. */
export function readPlannableTasks(db: StudyDb): PlannableTask[] {
  return db
    .prepare(
      `SELECT t.id AS taskId, s.task AS kind, o.model, t.bin
       FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
       ORDER BY t.id`,
    )
    .all() as PlannableTask[];
}

export function readTaskKinds(db: StudyDb, taskIds: readonly number[]): { taskId: number; kind: TaskKind }[] {
  const kindOf = db
    .prepare('SELECT s.task AS kind FROM tasks t JOIN samples s ON s.id = t.sample_id WHERE t.id = ?')
    .pluck();
  return taskIds.map((taskId) => ({ taskId, kind: kindOf.get(taskId) as TaskKind }));
}

/** Raters per sampled output, counting every output (zero included); quality-control showings do not count. */
export function countRatersPerTask(db: StudyDb): Map<number, number> {
  const rows = db
    .prepare(
      'SELECT t.id, count(a.id) AS n FROM tasks t LEFT JOIN assignments a ON a.task_id = t.id AND a.qc_role IS NULL GROUP BY t.id',
    )
    .raw()
    .all() as [number, number][];
  return new Map(rows);
}

/** Each rater's ordinary tasks (quality-control tasks are counted by role elsewhere). */
export function countAssignmentsPerRater(db: StudyDb): { name: string; tasks: number }[] {
  return db
    .prepare(
      `SELECT r.name, count(a.id) FILTER (WHERE a.qc_role IS NULL) AS tasks FROM raters r JOIN assignments a ON a.rater_id = r.id
       GROUP BY r.id ORDER BY r.name COLLATE NOCASE`,
    )
    .all() as { name: string; tasks: number }[];
}

export function countResponses(db: StudyDb): number {
  return db.prepare('SELECT count(*) FROM responses').pluck().get() as number;
}

/** Drops the plan and every assignment (only allowed while no answer exists). */
export function deletePlan(db: StudyDb): void {
  db.prepare('DELETE FROM assignments').run();
  db.prepare('DELETE FROM calibration_entries').run();
  db.prepare('DELETE FROM assignment_plan').run();
}

/** For each two raters (by name, in countAssignmentsPerRater's order), the planned tasks both rate; QC tasks aside. */
export function countSharedTasksPerRaterPair(db: StudyDb): { a: string; b: string; shared: number }[] {
  return db
    .prepare(
      `SELECT ra.name AS a, rb.name AS b, count(*) AS shared
       FROM assignments x JOIN assignments y ON y.task_id = x.task_id AND y.rater_id > x.rater_id
       JOIN raters ra ON ra.id = x.rater_id JOIN raters rb ON rb.id = y.rater_id
       WHERE x.qc_role IS NULL AND y.qc_role IS NULL
       GROUP BY x.rater_id, y.rater_id`,
    )
    .all() as { a: string; b: string; shared: number }[];
}
