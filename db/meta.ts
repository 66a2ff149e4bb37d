/** study_meta: small key/value facts about the study (name, creation time, BlindRate version). */
import type { StudyDb } from './connection';

export function writeMeta(db: StudyDb, key: string, value: string): void {
  db.prepare(
    'INSERT INTO study_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

export function readMeta(db: StudyDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM study_meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}
