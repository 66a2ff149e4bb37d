/**
 * Schema 3 rebuilds `assignments` (a repeat may show a task its rater already has): a schema-2 master's
 * assignments, answers and references survive the upgrade, and (rater, task) stays unique among ordinary tasks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { initialSchema } from '../../../db/migrations/0001_initial';
import { packagesSchema } from '../../../db/migrations/0002_packages';
import { MIGRATIONS } from '../../../db/migrations/index';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test amber compass';
const folder = mkdtempSync(join(tmpdir(), 'blindrate-qc-upgrade-'));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it('keeps a schema-2 study’s assignments and answers, and lets only QC tasks repeat a rater’s task', () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(path, PASSPHRASE, [initialSchema, packagesSchema]);
  old.exec(`
    INSERT INTO imports (id, file_name, sha256, format, record_count, imported_at) VALUES (1, 'a.jsonl', 'd1', 'jsonl', 1, '2025-01-01');
    INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES ('q1', 'Q?', '', 'Ref', '', 1, 1);
    INSERT INTO outputs (id, item_id, model, text, import_id, source_line) VALUES (1, 'q1', 'm', 'A', 1, 1);
    INSERT INTO samples (id, task, bins, per_bin, metrics_json, seed, disjoint, created_at) VALUES (1, 'rating', 1, 1, '[]', 1, 1, '2025-01-01');
    INSERT INTO tasks (id, sample_id, output_id, bin, avg_score) VALUES (1, 1, 1, 1, 0.5);
    INSERT INTO raters (id, name, created_at) VALUES (1, 'Dr Old', '2025-01-01');
    INSERT INTO assignments (id, rater_id, task_id, position) VALUES ('a1', 1, 1, 1);
    INSERT INTO responses (assignment_id, duration_ms, submitted_at, updated_at) VALUES ('a1', 1000, '2025-01-02', '2025-01-02');
    INSERT INTO ratings (assignment_id, dimension, value) VALUES ('a1', 'factuality', 4);
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT id, rater_id, task_id, position, qc_role FROM assignments').all()).toEqual([
      { id: 'a1', rater_id: 1, task_id: 1, position: 1, qc_role: null },
    ]);
    expect(
      db.prepare('SELECT value FROM ratings r JOIN responses p ON p.assignment_id = r.assignment_id').pluck().get(),
    ).toBe(4);
    const insert = db.prepare(
      'INSERT INTO assignments (id, rater_id, task_id, position, qc_role, first_showing) VALUES (?, 1, 1, ?, ?, ?)',
    );
    expect(() => insert.run('a2', 2, null, null)).toThrow(/UNIQUE/);
    expect(() => insert.run('a3', 3, 'repeat', null)).toThrow(/CHECK/);
    insert.run('a4', 4, 'repeat', 'a1');
    expect(() => insert.run('a5', 5, 'repeat', 'nope')).toThrow(/FOREIGN KEY/);
  } finally {
    db.close();
  }
});
