/** Shared set-up for the engine tests: a fresh folder and study per test, a fixed clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { createStudy } from '../../../electron/services/study';

export const PASSPHRASE = 'correct horse battery staple';
export const fixedClock = () => new Date('2025-03-01T12:00:00.000Z');
export const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

export function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'blindrate-test-'));
  folders.push(folder);
  return folder;
}

export function freshStudy(): { db: StudyDb; path: string; folder: string } {
  const folder = freshFolder();
  const path = join(folder, 'study.db');
  return { db: createStudy(path, PASSPHRASE, { rubric: MEDISUMQA_RUBRIC, clock: fixedClock }), path, folder };
}

export function count(db: StudyDb, table: string): number {
  return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}
