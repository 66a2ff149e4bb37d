/** The assignment plan in a master: who rates which sampled output, in which order, with which A/B draw. */
import type { PlannableTask, TaskToOrder } from '../shared/assignment-plan';
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

/** The plan's secret (master only, never in a package or export); null for a plan made before secrets. */
export function readPlanSecret(db: StudyDb): Buffer | null {
  return (db.prepare('SELECT secret FROM assignment_plan WHERE id = 1').pluck().get() as Buffer | null) ?? null;
}

export function writePlanSecret(db: StudyDb, secret: Uint8Array): void {
  db.prepare('UPDATE assignment_plan SET secret = ? WHERE id = 1').run(secret);
}

/** Every sampled output with what the planner stratifies by. */
export function readPlannableTasks(db: StudyDb): PlannableTask[] {
  return db
    .prepare(
      `SELECT t.id AS taskId, s.task AS kind, o.model, t.bin, o.item_id AS itemId
       FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
       ORDER BY t.id`,
    )
    .all() as PlannableTask[];
}

/** What ordering a rater's tasks needs of each (master-side only): kind, item and models. */
export function readTasksToOrder(db: StudyDb, taskIds: readonly number[]): TaskToOrder[] {
  const taskOf = db.prepare(
    `SELECT t.id AS taskId, s.task AS kind, o.item_id AS itemId, o.model, ob.model AS modelB
     FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
     LEFT JOIN outputs ob ON ob.id = t.output_b_id WHERE t.id = ?`,
  );
  return taskIds.map((taskId) => taskOf.get(taskId) as TaskToOrder);
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

/**
 * Preference tasks beyond the first that a rater has of one item: each shows the item's reference text
 * again, which tells the rater which side is the model's.
 */
export function countPreferencesSharingItem(db: StudyDb): number {
  return db
    .prepare(
      `SELECT coalesce(sum(n - 1), 0) FROM (
         SELECT count(*) AS n FROM assignments a JOIN tasks t ON t.id = a.task_id
         JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
         WHERE s.task = 'preference' AND a.qc_role IS NULL GROUP BY a.rater_id, o.item_id)`,
    )
    .pluck()
    .get() as number;
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
