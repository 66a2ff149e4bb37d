/**
 * The master (schema 11) and a package (schema 4) store adjudication: the reason tags their CHECKs allow
 * are exactly shared/adjudication/reasons.ts, and a final value is a rating value or an outcome, never both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { ADJUDICATION_REASON_SLUGS } from '../../../shared/adjudication/reasons';

const folder = mkdtempSync(join(tmpdir(), 'blindrate-adjudication-schema-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const PASSPHRASE = 'schema test amber compass';

function reasonsAllowedBy(db: StudyDb, table: string): string[] {
  const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(table) as string;
  const list = /reason\s+TEXT CHECK \(reason IN \(([^)]*)\)\)/.exec(sql)![1]!;
  return list.split(',').map((s) => s.trim().replace(/'/g, ''));
}

describe('adjudication schema', () => {
  it('allows exactly the reason tags of the taxonomy, in the master and in a package', () => {
    const master = openStudyDatabase(join(folder, 'm.blindrate'), PASSPHRASE, { create: true });
    const file = openStudyDatabase(join(folder, 'p.blindrate'), PASSPHRASE, { create: true, kind: 'package' });
    expect(reasonsAllowedBy(master, 'adjudicated_values')).toEqual(ADJUDICATION_REASON_SLUGS);
    expect(reasonsAllowedBy(file, 'adjudication_marks')).toEqual(ADJUDICATION_REASON_SLUGS);
    master.close();
    file.close();
  });

  it('refuses a final value that is both a rating and an outcome, or neither', () => {
    const master = openStudyDatabase(join(folder, 'm2.blindrate'), PASSPHRASE, { create: true });
    master.pragma('foreign_keys = OFF');
    const insert = master.prepare(
      "INSERT INTO adjudicated_values (task_id, dimension, value, outcome, adjudicated_at) VALUES ('t', ?, ?, ?, 'x')",
    );
    expect(() => insert.run('a', 3, 'model')).toThrow(/CHECK constraint/);
    expect(() => insert.run('b', null, null)).toThrow(/CHECK constraint/);
    expect(() => insert.run('c', 3, null)).not.toThrow();
    master.close();
  });
});
