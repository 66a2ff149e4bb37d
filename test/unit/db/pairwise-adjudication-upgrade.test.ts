/**
 * Master schema 13 and package schema 6 make room for pairwise adjudication: a schema-12 master keeps its
 * adjudication rounds, tasks, disputes and final values and then holds a task of a pair with a first/second
 * A and a pairwise final choice; a schema-5 package keeps its choices and aspect choices and then holds a
 * pairwise answer without an overall choice. A new file starts without free pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStudyDatabase, readSchemaVersion } from '../../../db/connection';
import { MIGRATIONS } from '../../../db/migrations/index';
import { PACKAGE_MIGRATIONS } from '../../../db/package-migrations';
import { readPackageAnswers, writePackageAspectChoices, writePackageChoice } from '../../../db/package-file';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test pairwise adjudication lantern';
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'blindrate-pairwise-adjudication-upgrade-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it("keeps a schema-12 master's rounds whole and then stores a pair's adjudication task and final choice", () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(
    path,
    PASSPHRASE,
    MIGRATIONS.filter((m) => m.version <= 12),
  );
  old.exec(`
    INSERT INTO imports VALUES (1, 'f.jsonl', 'x', 'jsonl', 2, '2026-01-01T00:00:00.000Z');
    INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES ('i1', 'q', '', 'r', 'c', 1, 1);
    INSERT INTO outputs VALUES (1, 'i1', 'ma', 'a', 1, 1), (2, 'i1', 'mb', 'b', 1, 2);
    INSERT INTO adjudication_rounds (id, adjudicator, shows_ratings, thresholds_json, passphrase, file_salt, task_digest,
      task_count, issued_at, anchor_hash) VALUES ('r1', 'Dr E', 1, '{}', 'p', 's', 'd', 1, 't', 'h');
    INSERT INTO adjudication_tasks VALUES ('t1', 'r1', 1, 1, 'preference', 'reference');
    INSERT INTO adjudication_disputes VALUES ('t1', 'preference', 0, '[]');
    INSERT INTO adjudicated_values VALUES ('t1', 'preference', NULL, 'model', 'error', 1, 't');
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(readSchemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT * FROM adjudication_tasks').all()).toEqual([
      {
        id: 't1',
        round_id: 'r1',
        position: 1,
        output_id: 1,
        output_b_id: null,
        task_kind: 'preference',
        presented_a: 'reference',
      },
    ]);
    expect(db.prepare('SELECT outcome, reason, guideline_gap FROM adjudicated_values').get()).toEqual({
      outcome: 'model',
      reason: 'error',
      guideline_gap: 1,
    });
    db.exec(`
      INSERT INTO adjudication_tasks (id, round_id, position, output_id, output_b_id, task_kind, presented_a)
        VALUES ('t2', 'r1', 2, 1, 2, 'pairwise', 'second');
      INSERT INTO adjudication_disputes VALUES ('t2', 'pairwise', 0, '[]');
      INSERT INTO adjudicated_values VALUES ('t2', 'pairwise', NULL, 'first', NULL, 0, 't');
    `);
    // One task per pair and kind in a round; a pair is two different outputs; an outcome is one of the kinds'.
    expect(() =>
      db.exec(`INSERT INTO adjudication_tasks (id, round_id, position, output_id, output_b_id, task_kind)
        VALUES ('t3', 'r1', 3, 1, 2, 'pairwise')`),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.exec(`INSERT INTO adjudication_tasks (id, round_id, position, output_id, output_b_id, task_kind)
        VALUES ('t4', 'r1', 4, 2, 2, 'pairwise')`),
    ).toThrow(/CHECK/);
    expect(() => db.exec(`UPDATE adjudicated_values SET outcome = 'elsewhere' WHERE task_id = 't2'`)).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  } finally {
    db.close();
  }
});

it('migrates a schema-5 package when opened: its choices kept, then a pairwise answer without an overall choice', () => {
  const path = join(folder, 'old.blindrate');
  const old = createOldMaster(
    path,
    PASSPHRASE,
    PACKAGE_MIGRATIONS.filter((m) => m.version <= 5),
  );
  old.exec(`
    INSERT INTO package_meta VALUES ('rater_name', 'Dr Ada');
    INSERT INTO tasks (id, kind, position, question, context, answer_a, answer_b) VALUES ('t1', 'pairwise', 1, 'q', '', 'x', 'y');
    INSERT INTO responses VALUES ('t1', '', 5, 't', 't');
    INSERT INTO preferences VALUES ('t1', 'A', 1);
    INSERT INTO pairwise_aspect_choices VALUES ('t1', 'factuality', 'B');
  `);
  // Before: a choice is required.
  expect(() => old.prepare(`INSERT INTO preferences VALUES ('t0', NULL, NULL)`).run()).toThrow(/NOT NULL/);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE, { kind: 'package' });
  try {
    expect(readSchemaVersion(db)).toBe(PACKAGE_MIGRATIONS.at(-1)!.version);
    const answers = () =>
      readPackageAnswers(db).map((a) => [a.taskId, a.choice, a.bothUnacceptable, a.aspects] as const);
    expect(answers()).toEqual([['t1', 'A', 1, { factuality: 'B' }]]);
    db.exec(
      `INSERT INTO tasks (id, kind, position, question, context, answer_a, answer_b) VALUES ('t2', 'pairwise', 2, 'q', '', 'u', 'v')`,
    );
    db.exec(`INSERT INTO responses VALUES ('t2', '', 5, 't', 't')`);
    writePackageChoice(db, 't2', null, null);
    writePackageAspectChoices(db, 't2', { factuality: 'T' });
    expect(answers()).toContainEqual(['t2', null, null, { factuality: 'T' }]);
    expect(() => db.exec(`UPDATE preferences SET choice = 'Q' WHERE task_id = 't2'`)).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  } finally {
    db.close();
  }
});

it('creates a package and a master without free pages, though their migrations rebuild tables', () => {
  for (const kind of ['package', 'master'] as const) {
    const db = openStudyDatabase(join(folder, `new-${kind}`), PASSPHRASE, { create: true, kind });
    try {
      expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  }
});
