/**
 * A consistent copy of an open study, encrypted with the same key. SQLite's backup API (better-sqlite3
 * `db.backup()`) is refused by SQLite3MultipleCiphers for an unkeyed target ("incompatible source and
 * target databases"), which is what better-sqlite3 opens; `VACUUM INTO` reads one snapshot inside a read
 * transaction (saves may go on meanwhile) and writes a file keyed like the source.
 */
import type { StudyDb } from './connection';

export function writeEncryptedCopy(db: StudyDb, path: string): void {
  db.prepare('VACUUM INTO ?').run(path);
}

/** SQLite's integrity_check: "ok", or the first problem it found. */
export function integrityCheck(db: StudyDb): string {
  return String(db.pragma('integrity_check', { simple: true }));
}
