/**
 * What raters answered: responses (comment, time spent; one per answered assignment), ratings (one value
 * per rubric dimension) and preferences (the letter chosen and what it meant once unblinded).
 */
import { MAX_TASK_DURATION_MS } from '../shared/duration';
import type { PreferenceKey, PreferenceOutcome } from '../shared/domain';
import type { StudyDb } from './connection';

export interface ResponseRow {
  comment: string;
  duration_ms: number;
  submitted_at: string;
  updated_at: string;
}

/** A whole answer, as a merge compares and copies it. */
export interface StoredResponse extends ResponseRow {
  /** Rating tasks: dimension → value. */
  values: Record<string, number>;
  /** Preference tasks. */
  choice: PreferenceKey | null;
  outcome: PreferenceOutcome | null;
}

export function readResponse(db: StudyDb, assignmentId: string): ResponseRow | undefined {
  return db.prepare('SELECT comment, duration_ms, submitted_at, updated_at FROM responses WHERE assignment_id = ?').get(assignmentId) as
    | ResponseRow
    | undefined;
}

/** A rater's save: durations add up across edits (time spent re-reading counts too), up to the 24 h a task can take. */
export function saveResponse(db: StudyDb, assignmentId: string, comment: string, durationMs: number, at: string): void {
  db.prepare(
    `INSERT INTO responses (assignment_id, comment, duration_ms, submitted_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (assignment_id) DO UPDATE SET comment = excluded.comment,
       duration_ms = min(responses.duration_ms + excluded.duration_ms, ?), updated_at = excluded.updated_at`,
  ).run(assignmentId, comment, durationMs, at, at, MAX_TASK_DURATION_MS);
}

/** Dimension → value, in dimension-name order. */
export function readRatingValues(db: StudyDb, assignmentId: string): Record<string, number> {
  const rows = db.prepare('SELECT dimension, value FROM ratings WHERE assignment_id = ? ORDER BY dimension').all(assignmentId) as {
    dimension: string;
    value: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.dimension, r.value]));
}

export function saveRatingValues(db: StudyDb, assignmentId: string, values: Record<string, number>): void {
  const write = db.prepare(
    `INSERT INTO ratings (assignment_id, dimension, value) VALUES (?, ?, ?)
     ON CONFLICT (assignment_id, dimension) DO UPDATE SET value = excluded.value`,
  );
  for (const [dimension, value] of Object.entries(values)) write.run(assignmentId, dimension, value);
}

export function readPreferenceChoice(db: StudyDb, assignmentId: string): PreferenceKey | null {
  const choice = db.prepare('SELECT choice FROM preferences WHERE assignment_id = ?').pluck().get(assignmentId) as PreferenceKey | undefined;
  return choice ?? null;
}

export function savePreferenceChoice(db: StudyDb, assignmentId: string, choice: PreferenceKey, outcome: PreferenceOutcome | null): void {
  db.prepare(
    `INSERT INTO preferences (assignment_id, choice, outcome) VALUES (?, ?, ?)
     ON CONFLICT (assignment_id) DO UPDATE SET choice = excluded.choice, outcome = excluded.outcome`,
  ).run(assignmentId, choice, outcome);
}

export function readStoredResponse(db: StudyDb, assignmentId: string): StoredResponse | undefined {
  const row = db
    .prepare(
      `SELECT r.comment, r.duration_ms, r.submitted_at, r.updated_at, p.choice, p.outcome
       FROM responses r LEFT JOIN preferences p ON p.assignment_id = r.assignment_id WHERE r.assignment_id = ?`,
    )
    .get(assignmentId) as Omit<StoredResponse, 'values'> | undefined;
  if (!row) return undefined;
  return { ...row, values: readRatingValues(db, assignmentId) };
}

/** Puts a whole answer on the assignment verbatim (times included), replacing any answer there. */
export function replaceStoredResponse(db: StudyDb, assignmentId: string, response: StoredResponse): void {
  db.prepare(
    `INSERT INTO responses (assignment_id, comment, duration_ms, submitted_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (assignment_id) DO UPDATE SET comment = excluded.comment, duration_ms = excluded.duration_ms,
       submitted_at = excluded.submitted_at, updated_at = excluded.updated_at`,
  ).run(assignmentId, response.comment, response.duration_ms, response.submitted_at, response.updated_at);
  db.prepare('DELETE FROM ratings WHERE assignment_id = ?').run(assignmentId);
  saveRatingValues(db, assignmentId, response.values);
  if (response.choice !== null) savePreferenceChoice(db, assignmentId, response.choice, response.outcome);
}
