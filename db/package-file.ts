/** Every SQL statement on a rater package's own schema (db/package-migrations.ts). */
import type { PreferenceKey, TaskKind } from '../shared/domain';
import { MAX_TASK_DURATION_MS } from '../shared/duration';
import type { PackagedTask } from '../shared/package-contents';
import type { CalibrationFeedback } from '../shared/qc/calibration';
import { readSchemaVersion, type StudyDb } from './connection';

/** `package_kind`: absent in a rater's package, `adjudication` in an adjudication package (rater_name is the adjudicator). */
export type PackageMetaKey =
  'study_id' | 'study_name' | 'package_id' | 'rater_name' | 'rubric' | 'issued_at' | 'locked_at' | 'package_kind';

export function writePackageMeta(db: StudyDb, key: PackageMetaKey, value: string): void {
  db.prepare(
    'INSERT INTO package_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

export function readPackageMeta(db: StudyDb, key: PackageMetaKey): string | undefined {
  return db.prepare('SELECT value FROM package_meta WHERE key = ?').pluck().get(key) as string | undefined;
}

export type PackageTask = PackagedTask;

export function insertPackageTask(db: StudyDb, task: PackageTask): void {
  db.prepare(
    'INSERT INTO tasks (id, kind, position, question, context, answer_a, answer_b, feedback) VALUES (@id, @kind, @position, @question, @context, @answerA, @answerB, @feedback)',
  ).run({ ...task, feedback: task.feedback ? JSON.stringify(task.feedback) : null });
}

/** A package of schema 1 (no feedback column) may still be read, e.g. by a read-only merge. */
function taskColumns(db: StudyDb): string {
  const hasFeedback = readSchemaVersion(db) >= 2;
  return `id, kind, position, question, context, answer_a AS answerA, answer_b AS answerB, ${hasFeedback ? 'feedback' : 'NULL AS feedback'}`;
}

type PackageTaskRow = Omit<PackageTask, 'feedback'> & { feedback: string | null };

function toPackageTask({ feedback, ...row }: PackageTaskRow): PackageTask {
  return { ...row, feedback: feedback === null ? null : (JSON.parse(feedback) as CalibrationFeedback) };
}

/** Every task in the rater's order (used for the task-list digest and for merging). */
export function readPackageTasks(db: StudyDb): PackageTask[] {
  return (db.prepare(`SELECT ${taskColumns(db)} FROM tasks ORDER BY position`).all() as PackageTaskRow[]).map(
    toPackageTask,
  );
}

export function readPackageTask(db: StudyDb, id: string): (PackageTask & { flagged: boolean }) | undefined {
  const row = db.prepare(`SELECT ${taskColumns(db)}, flagged FROM tasks WHERE id = ?`).get(id) as
    (PackageTaskRow & { flagged: number }) | undefined;
  return row && { ...toPackageTask({ ...row }), flagged: row.flagged === 1 };
}

export interface PackageTaskSummary {
  id: string;
  done: boolean;
  flagged: boolean;
}

export function listPackageTasks(db: StudyDb, kind: TaskKind): PackageTaskSummary[] {
  const rows = db
    .prepare(
      `SELECT t.id, (r.task_id IS NOT NULL) AS done, t.flagged FROM tasks t
       LEFT JOIN responses r ON r.task_id = t.id WHERE t.kind = ? ORDER BY t.position`,
    )
    .all(kind) as { id: string; done: number; flagged: number }[];
  return rows.map((r) => ({ id: r.id, done: r.done === 1, flagged: r.flagged === 1 }));
}

export interface PackageResponse {
  comment: string;
  durationMs: number;
  submittedAt: string;
  updatedAt: string;
}

export function readPackageResponse(db: StudyDb, taskId: string): PackageResponse | undefined {
  return db
    .prepare(
      'SELECT comment, duration_ms AS durationMs, submitted_at AS submittedAt, updated_at AS updatedAt FROM responses WHERE task_id = ?',
    )
    .get(taskId) as PackageResponse | undefined;
}

/** Durations add up across edits (time spent re-reading counts too), up to the 24 h a task can take. */
export function upsertPackageResponse(
  db: StudyDb,
  taskId: string,
  comment: string,
  durationMs: number,
  at: string,
): void {
  db.prepare(
    `INSERT INTO responses (task_id, comment, duration_ms, submitted_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (task_id) DO UPDATE SET comment = excluded.comment,
       duration_ms = min(responses.duration_ms + excluded.duration_ms, ?), updated_at = excluded.updated_at`,
  ).run(taskId, comment, durationMs, at, at, MAX_TASK_DURATION_MS);
}

export function readPackageRatingValues(db: StudyDb, taskId: string): Record<string, number> {
  const rows = db.prepare('SELECT dimension, value FROM ratings WHERE task_id = ?').raw().all(taskId) as [
    string,
    number,
  ][];
  return Object.fromEntries(rows);
}

/** Replaces a task's rating values: a dimension its conditions now hide loses the value it had. Call inside a transaction. */
export function writePackageRatingValues(db: StudyDb, taskId: string, values: Record<string, number>): void {
  db.prepare('DELETE FROM ratings WHERE task_id = ?').run(taskId);
  const write = db.prepare(
    'INSERT INTO ratings (task_id, dimension, value) VALUES (?, ?, ?) ON CONFLICT (task_id, dimension) DO UPDATE SET value = excluded.value',
  );
  for (const [dimension, value] of Object.entries(values)) write.run(taskId, dimension, value);
}

export function readPackageChoice(db: StudyDb, taskId: string): PreferenceKey | null {
  return (
    (db.prepare('SELECT choice FROM preferences WHERE task_id = ?').pluck().get(taskId) as PreferenceKey | undefined) ??
    null
  );
}

/**
 * Writes a choice; a pairwise task's carries its "both unacceptable" mark, a preference's none (null). An
 * adjudication package's pairwise task may hold no overall choice (null: not disputed) and never the mark.
 */
export function writePackageChoice(
  db: StudyDb,
  taskId: string,
  choice: PreferenceKey | null,
  bothUnacceptable: boolean | null = null,
): void {
  db.prepare(
    `INSERT INTO preferences (task_id, choice, both_unacceptable) VALUES (?, ?, ?)
     ON CONFLICT (task_id) DO UPDATE SET choice = excluded.choice, both_unacceptable = excluded.both_unacceptable`,
  ).run(taskId, choice, bothUnacceptable === null ? null : bothUnacceptable ? 1 : 0);
}

/** A pairwise task's saved choices on the rubric's aspects, by dimension key; empty when none is saved. */
export function readPackageAspectChoices(db: StudyDb, taskId: string): Record<string, PreferenceKey> {
  const rows = db.prepare('SELECT dimension, choice FROM pairwise_aspect_choices WHERE task_id = ?').raw().all(taskId);
  return Object.fromEntries(rows as [string, PreferenceKey][]);
}

/** Replaces a pairwise task's aspect choices; its overall choice must be written first. Call inside a transaction. */
export function writePackageAspectChoices(db: StudyDb, taskId: string, choices: Record<string, PreferenceKey>): void {
  db.prepare('DELETE FROM pairwise_aspect_choices WHERE task_id = ?').run(taskId);
  const write = db.prepare('INSERT INTO pairwise_aspect_choices (task_id, dimension, choice) VALUES (?, ?, ?)');
  for (const [dimension, choice] of Object.entries(choices)) write.run(taskId, dimension, choice);
}

/** A pairwise task's saved "both unacceptable" mark; false when nothing is saved. */
export function readPackageBothUnacceptable(db: StudyDb, taskId: string): boolean {
  return db.prepare('SELECT both_unacceptable FROM preferences WHERE task_id = ?').pluck().get(taskId) === 1;
}

export function setPackageTaskFlag(db: StudyDb, taskId: string, flagged: boolean): void {
  db.prepare('UPDATE tasks SET flagged = ? WHERE id = ?').run(flagged ? 1 : 0, taskId);
}

/** The neighbouring task of the same kind in the rater's order. */
export function neighbourPackageTaskId(
  db: StudyDb,
  kind: TaskKind,
  position: number,
  direction: 'previous' | 'next',
): string | null {
  const [comparison, order] = direction === 'previous' ? ['<', 'DESC'] : ['>', 'ASC'];
  return (
    (db
      .prepare(`SELECT id FROM tasks WHERE kind = ? AND position ${comparison} ? ORDER BY position ${order} LIMIT 1`)
      .pluck()
      .get(kind, position) as string | undefined) ?? null
  );
}

/** Every stored answer, for merge: task id → response with its values or choice. */
export interface StoredPackageAnswer extends PackageResponse {
  taskId: string;
  values: Record<string, number>;
  choice: PreferenceKey | null;
  /** The stored "both unacceptable" cell of the choice (pairwise tasks: 0 or 1), null when none. */
  bothUnacceptable: number | null;
  /** The stored choices on pairwise aspects, by dimension (as stored: the merge checks them); empty when none. */
  aspects: Record<string, string>;
}

export function readPackageAnswers(db: StudyDb): StoredPackageAnswer[] {
  const responses = db
    .prepare(
      'SELECT task_id AS taskId, comment, duration_ms AS durationMs, submitted_at AS submittedAt, updated_at AS updatedAt FROM responses',
    )
    .all() as (PackageResponse & { taskId: string })[];
  const values = new Map<string, Record<string, number>>();
  for (const [taskId, dimension, value] of db.prepare('SELECT task_id, dimension, value FROM ratings').raw().all() as [
    string,
    string,
    number,
  ][]) {
    values.set(taskId, { ...values.get(taskId), [dimension]: value });
  }
  // A package of schema 2 or less (read, not migrated, by a merge) has no mark column.
  const mark = readSchemaVersion(db) >= 3 ? 'both_unacceptable' : 'NULL';
  const choiceRows = db.prepare(`SELECT task_id, choice, ${mark} FROM preferences`).raw().all() as [
    string,
    PreferenceKey,
    number | null,
  ][];
  const choices = new Map(choiceRows.map(([taskId, choice]) => [taskId, choice]));
  const marks = new Map(choiceRows.map(([taskId, , both]) => [taskId, both]));
  const aspects = new Map<string, Record<string, string>>();
  // A package of schema 4 or less (read, not migrated, by a merge) has no aspect choices.
  const aspectRows =
    readSchemaVersion(db) >= 5
      ? db.prepare('SELECT task_id, dimension, choice FROM pairwise_aspect_choices').raw().all()
      : [];
  for (const [taskId, dimension, choice] of aspectRows as [string, string, string][]) {
    aspects.set(taskId, { ...aspects.get(taskId), [dimension]: choice });
  }
  const answered = new Set(responses.map((r) => r.taskId));
  // Values without a response row exist only in an edited file; they are returned so the merge can name them.
  for (const orphan of new Set([...values.keys(), ...choices.keys(), ...aspects.keys()])) {
    if (!answered.has(orphan))
      responses.push({ taskId: orphan, comment: '', durationMs: 0, submittedAt: '', updatedAt: '' });
  }
  return responses.map((r) => ({
    ...r,
    values: values.get(r.taskId) ?? {},
    choice: choices.get(r.taskId) ?? null,
    bothUnacceptable: marks.get(r.taskId) ?? null,
    aspects: aspects.get(r.taskId) ?? {},
  }));
}

export function readFlaggedPackageTaskIds(db: StudyDb): Set<string> {
  return new Set(db.prepare('SELECT id FROM tasks WHERE flagged = 1').pluck().all() as string[]);
}
