/**
 * Master schema 10 and package schema 3 make room for pairwise tasks: a schema-9 master keeps its samples,
 * tasks, assignments and answers and then holds a task of two outputs (one output in several pairs of a
 * sample); a schema-2 package keeps its tasks and choices and then holds a pairwise task and its mark; a
 * package newer than this BlindRate is refused as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStudyDatabase, readSchemaVersion } from '../../../db/connection';
import { MIGRATIONS } from '../../../db/migrations/index';
import { PACKAGE_MIGRATIONS } from '../../../db/package-migrations';
import { readPackageAnswers, readPackageTasks, writePackageChoice } from '../../../db/package-file';
import { createOldMaster } from './old-schema';

const LATEST_PACKAGE_VERSION = PACKAGE_MIGRATIONS.at(-1)!.version;

const PASSPHRASE = 'upgrade test pairwise lantern';
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'blindrate-pairwise-upgrade-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it('keeps a schema-9 master whole and then stores pairwise samples, tasks, positions and choices', () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(
    path,
    PASSPHRASE,
    MIGRATIONS.filter((m) => m.version <= 9),
  );
  old.exec(`
    INSERT INTO imports VALUES (1, 'f.jsonl', 'x', 'jsonl', 2, '2026-01-01T00:00:00.000Z');
    INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES ('i1', 'q', '', 'r', 'c', 1, 1);
    INSERT INTO outputs VALUES (1, 'i1', 'ma', 'a', 1, 1), (2, 'i1', 'mb', 'b', 1, 2), (3, 'i1', 'mc', 'c', 1, 3);
    INSERT INTO samples (id, task, bins, per_bin, metrics_json, seed, disjoint, created_at)
      VALUES (1, 'preference', 1, 1, '[]', 3, 1, '2026-01-01T00:00:00.000Z');
    INSERT INTO tasks VALUES (1, 1, 1, 1, 0.5);
    INSERT INTO raters VALUES (1, 'Dr Ada', '2026-01-01T00:00:00.000Z', NULL);
    INSERT INTO assignments (id, rater_id, task_id, position, presented_a) VALUES ('a1', 1, 1, 1, 'reference');
    INSERT INTO responses (assignment_id, duration_ms, submitted_at, updated_at) VALUES ('a1', 5, 't', 't');
    INSERT INTO preferences VALUES ('a1', 'B', 'model');
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(readSchemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version); // and on to the latest
    expect(db.prepare('SELECT id, sample_id, output_id, output_b_id, bin, avg_score FROM tasks').all()).toEqual([
      { id: 1, sample_id: 1, output_id: 1, output_b_id: null, bin: 1, avg_score: 0.5 },
    ]);
    expect(db.prepare('SELECT presented_a FROM assignments').pluck().get()).toBe('reference');
    expect(db.prepare('SELECT outcome FROM preferences').pluck().get()).toBe('model');
    // Not a second task of the same output in one preference sample.
    expect(() =>
      db.prepare('INSERT INTO tasks (sample_id, output_id, bin, avg_score) VALUES (1, 1, 1, 0.5)').run(),
    ).toThrow(/UNIQUE/);

    db.exec(`
      INSERT INTO samples (id, task, bins, per_bin, metrics_json, seed, disjoint, created_at, pairs_per_item)
        VALUES (2, 'pairwise', 1, 1, '[]', 4, 1, 't', 2);
      INSERT INTO tasks (id, sample_id, output_id, output_b_id, bin, avg_score) VALUES (2, 2, 1, 2, 1, 0.5), (3, 2, 1, 3, 1, 0.5);
      INSERT INTO assignments (id, rater_id, task_id, position, presented_a) VALUES ('a2', 1, 2, 2, 'second');
      INSERT INTO responses (assignment_id, duration_ms, submitted_at, updated_at) VALUES ('a2', 5, 't', 't');
      INSERT INTO pairwise_choices VALUES ('a2', 'T', 1);
    `);
    expect(() =>
      db
        .prepare('INSERT INTO tasks (sample_id, output_id, output_b_id, bin, avg_score) VALUES (2, 1, 2, 1, 0.5)')
        .run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db
        .prepare('INSERT INTO tasks (sample_id, output_id, output_b_id, bin, avg_score) VALUES (2, 2, 2, 1, 0.5)')
        .run(),
    ).toThrow(/CHECK/);
    expect(() => db.prepare(`INSERT INTO pairwise_choices VALUES ('a1', 'A', 2)`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE samples SET pairs_per_item = 2 WHERE task = 'preference'`).run()).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  } finally {
    db.close();
  }
});

it('migrates a schema-2 package when opened, and refuses one newer than this BlindRate', () => {
  const path = join(folder, 'old.blindrate');
  const old = createOldMaster(
    path,
    PASSPHRASE,
    PACKAGE_MIGRATIONS.filter((m) => m.version <= 2),
  );
  old.exec(`
    INSERT INTO package_meta VALUES ('rater_name', 'Dr Ada');
    INSERT INTO tasks (id, kind, position, question, context, answer_a, answer_b) VALUES ('t1', 'preference', 1, 'q', '', 'x', 'y');
    INSERT INTO responses VALUES ('t1', '', 5, 't', 't');
    INSERT INTO preferences VALUES ('t1', 'A');
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE, { kind: 'package' });
  try {
    expect(readSchemaVersion(db)).toBe(LATEST_PACKAGE_VERSION); // and on to the latest
    expect(readPackageTasks(db).map((t) => [t.id, t.kind, t.answerA, t.answerB])).toEqual([
      ['t1', 'preference', 'x', 'y'],
    ]);
    expect(readPackageAnswers(db).map((a) => [a.taskId, a.choice, a.bothUnacceptable])).toEqual([['t1', 'A', null]]);
    db.exec(
      `INSERT INTO tasks (id, kind, position, question, context, answer_a, answer_b) VALUES ('t2', 'pairwise', 2, 'q', '', 'u', 'v')`,
    );
    db.exec(`INSERT INTO responses VALUES ('t2', '', 5, 't', 't')`);
    writePackageChoice(db, 't2', 'B', true);
    expect(readPackageAnswers(db).find((a) => a.taskId === 't2')).toMatchObject({ choice: 'B', bothUnacceptable: 1 });
    db.pragma(`user_version = ${LATEST_PACKAGE_VERSION + 1}`);
  } finally {
    db.close();
  }
  expect(() => openStudyDatabase(path, PASSPHRASE, { kind: 'package' })).toThrow(
    `This file has schema version ${LATEST_PACKAGE_VERSION + 1}; this BlindRate knows up to ${LATEST_PACKAGE_VERSION}. Update BlindRate.`,
  );
});
