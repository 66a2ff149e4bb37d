/** raters: one row per physician profile; names are unique case-insensitively. */
import type { StudyDb } from './connection';

export interface RaterRow {
  id: number;
  name: string;
  created_at: string;
  locked_at: string | null;
}

const RATER_COLUMNS = 'id, name, created_at, locked_at';

/** In name order, as the unlock screen lists them. */
export function listRaterRows(db: StudyDb): RaterRow[] {
  return db.prepare(`SELECT ${RATER_COLUMNS} FROM raters ORDER BY name COLLATE NOCASE, id`).all() as RaterRow[];
}

export function readRaterRow(db: StudyDb, raterId: number): RaterRow | undefined {
  return db.prepare(`SELECT ${RATER_COLUMNS} FROM raters WHERE id = ?`).get(raterId) as RaterRow | undefined;
}

export function findRaterRowByName(db: StudyDb, name: string): RaterRow | undefined {
  return db.prepare(`SELECT ${RATER_COLUMNS} FROM raters WHERE name = ? COLLATE NOCASE`).get(name) as
    RaterRow | undefined;
}

/** Returns the new rater's id. */
export function insertRater(db: StudyDb, row: Omit<RaterRow, 'id'>): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO raters (name, created_at, locked_at) VALUES (?, ?, ?)')
    .run(row.name, row.created_at, row.locked_at);
  return Number(lastInsertRowid);
}

export function setRaterLockedAt(db: StudyDb, raterId: number, lockedAt: string): void {
  db.prepare('UPDATE raters SET locked_at = ? WHERE id = ?').run(lockedAt, raterId);
}

export function countRaters(db: StudyDb): { total: number; locked: number } {
  return db.prepare('SELECT count(*) AS total, count(locked_at) AS locked FROM raters').get() as {
    total: number;
    locked: number;
  };
}
