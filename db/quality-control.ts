/** The quality-control design stored with the plan: its options and the calibration file's entries. */
import { NO_QC, qcOptionsSchema, type QcOptions } from '../shared/qc/options';
import type { StudyDb } from './connection';

export function writePlanQcOptions(db: StudyDb, options: QcOptions): void {
  db.prepare('UPDATE assignment_plan SET qc_options = ? WHERE id = 1').run(JSON.stringify(options));
}

export function readPlanQcOptions(db: StudyDb): QcOptions {
  const text = db.prepare('SELECT qc_options FROM assignment_plan WHERE id = 1').pluck().get() as
    string | null | undefined;
  return text ? qcOptionsSchema.parse(JSON.parse(text)) : NO_QC;
}

/** A rating task showing the output (item, model) in a rating sample; the lowest id when sampled twice. */
export function findRatingTaskOfOutput(db: StudyDb, itemId: string, model: string): number | undefined {
  return db
    .prepare(
      `SELECT t.id FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
       WHERE s.task = 'rating' AND o.item_id = ? AND o.model = ? ORDER BY t.id LIMIT 1`,
    )
    .pluck()
    .get(itemId, model) as number | undefined;
}

export interface StoredCalibrationTask {
  entryId: number;
  /** The rating task whose output the calibration task shows. */
  taskId: number;
}

export function insertCalibrationEntry(
  db: StudyDb,
  taskId: number,
  expected: Record<string, number>,
  rationale: string,
): number {
  const info = db
    .prepare(
      'INSERT INTO calibration_entries (output_id, expected, rationale) SELECT output_id, ?, ? FROM tasks WHERE id = ?',
    )
    .run(JSON.stringify(expected), rationale, taskId);
  return Number(info.lastInsertRowid);
}

/** The calibration tasks in the file's order, each with a rating task of its output. */
export function readCalibrationTasks(db: StudyDb): StoredCalibrationTask[] {
  return db
    .prepare(
      `SELECT c.id AS entryId,
              (SELECT t.id FROM tasks t JOIN samples s ON s.id = t.sample_id
               WHERE t.output_id = c.output_id AND s.task = 'rating' ORDER BY t.id LIMIT 1) AS taskId
       FROM calibration_entries c ORDER BY c.id`,
    )
    .all() as StoredCalibrationTask[];
}

/** The expected ratings of every calibration entry, keyed as the tidy rows are (item, model). */
export function readCalibrationExpectations(
  db: StudyDb,
): { itemId: string; model: string; expected: Record<string, number> }[] {
  const rows = db
    .prepare(
      'SELECT o.item_id AS itemId, o.model, c.expected FROM calibration_entries c JOIN outputs o ON o.id = c.output_id ORDER BY c.id',
    )
    .all() as { itemId: string; model: string; expected: string }[];
  return rows.map((row) => ({
    itemId: row.itemId,
    model: row.model,
    expected: JSON.parse(row.expected) as Record<string, number>,
  }));
}

/**
 * Of the given rating tasks, one per item whose reference answer can be shown as a reference control
 * (the item has a non-empty reference and is not the item of any of `avoidedTaskIds`), in task id order.
 */
export function readReferenceCandidates(
  db: StudyDb,
  ratingTaskIds: readonly number[],
  avoidedTaskIds: readonly number[],
): number[] {
  const itemOf = db
    .prepare('SELECT o.item_id FROM tasks t JOIN outputs o ON o.id = t.output_id WHERE t.id = ?')
    .pluck();
  const referenceItemOf = db
    .prepare(
      `SELECT o.item_id FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
     JOIN items i ON i.item_id = o.item_id WHERE t.id = ? AND s.task = 'rating' AND trim(i.reference) <> ''`,
    )
    .pluck();
  const seen = new Set(avoidedTaskIds.map((taskId) => itemOf.get(taskId) as string));
  const candidates: number[] = [];
  for (const taskId of [...ratingTaskIds].sort((a, b) => a - b)) {
    const item = referenceItemOf.get(taskId) as string | undefined;
    if (item === undefined || seen.has(item)) continue;
    seen.add(item);
    candidates.push(taskId);
  }
  return candidates;
}

/** How many assignments have each quality-control role, over the whole plan. */
export function countQcAssignments(db: StudyDb): { repeat: number; reference_control: number; calibration: number } {
  const counts = { repeat: 0, reference_control: 0, calibration: 0 };
  const rows = db
    .prepare('SELECT qc_role, count(*) FROM assignments WHERE qc_role IS NOT NULL GROUP BY qc_role')
    .raw()
    .all() as [keyof typeof counts, number][];
  for (const [role, n] of rows) counts[role] = n;
  return counts;
}
