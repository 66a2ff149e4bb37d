/**
 * A small study written with plain SQL, so session tests control every model name, item id, score
 * and bin and can then search payloads for them. Names and ids are deliberately distinctive strings
 * that never occur in questions or answers; scores have six decimals so a leak would be visible.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import type { Clock } from '../../../shared/clock';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { packRaterPackage } from '../../../electron/services/pack';
import { assignRaters } from '../../../electron/services/plan';
import { startPackageSession, type RaterSession } from '../../../electron/services/session';
import { createStudy } from '../../../electron/services/study';

export const PASSPHRASE = 'correct horse battery staple';
/** Dr Ada's package passphrase. */
export const PACKAGE_PASSPHRASE = 'velvet harbour quartz meadow';

/** Each rater's package has a passphrase of its own, as `pack` requires: PACKAGE_PASSPHRASE for Dr Ada. */
export function packagePassphraseOf(rater: string): string {
  return rater === 'Dr Ada' ? PACKAGE_PASSPHRASE : `${PACKAGE_PASSPHRASE} of ${rater}`;
}
export const PLAN_SEED = 9090;
/** Distinctive source-file facts: neither may reach a package. */
export const SOURCE_FILE = 'hospital-export-secret.jsonl';
export const SOURCE_DIGEST = 'f00dfacecafe0123456789abcdef0123456789abcdef0123456789abcdef9999';
export const MODELS = ['zebra-llm-alpha', 'quokka-llm-beta', 'narwhal-llm-gamma'] as const;
export const ITEM_COUNT = 5;
export const RATING_SEED = 4242;
export const PREFERENCE_SEED = 777;

export function itemId(index: number): string {
  return `itm-xq${index}-7f3`;
}

/** Distinct per output, six decimals: e.g. 0.113457. */
export function scoreOf(itemIndex: number, modelIndex: number): number {
  return Number((0.1 + itemIndex * 0.13 + modelIndex * 0.041 + 0.003457).toFixed(6));
}

export const fixedClock: Clock = () => new Date('2026-03-01T09:00:00.000Z');

export interface SeededStudy {
  path: string;
  db: StudyDb;
  /** Every string the renderer must never see. */
  secrets: string[];
  cleanup(): void;
}

/** Creates a study with MODELS × itemCount outputs, a rating sample of all of them and a preference sample of a few. */
export function createSeededStudy(rubric: Rubric = MEDISUMQA_RUBRIC, itemCount = ITEM_COUNT): SeededStudy {
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-session-'));
  const path = join(dir, 'study.db');
  const db = createStudy(path, PASSPHRASE, { rubric, name: 'Session test study', clock: fixedClock });
  const secrets: string[] = [...MODELS, SOURCE_FILE, SOURCE_DIGEST];
  db.transaction(() => {
    const at = fixedClock().toISOString();
    db.prepare(
      `INSERT INTO imports (id, file_name, sha256, format, record_count, imported_at) VALUES (1, ?, ?, 'jsonl', ?, ?)`,
    ).run(SOURCE_FILE, SOURCE_DIGEST, MODELS.length * itemCount, at);
    const insertItem = db.prepare(
      `INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES (?, ?, ?, ?, 'medication', 1, ?)`,
    );
    const insertOutput = db.prepare(
      'INSERT INTO outputs (item_id, model, text, import_id, source_line) VALUES (?, ?, ?, 1, ?)',
    );
    const insertScore = db.prepare(`INSERT INTO output_scores (output_id, metric, value) VALUES (?, 'rouge1', ?)`);
    db.prepare(
      `INSERT INTO samples (id, task, bins, per_bin, metrics_json, seed, disjoint, created_at) VALUES
        (1, 'rating', 3, 5, '["rouge1"]', ?, 1, ?), (2, 'preference', 3, 1, '["rouge1"]', ?, 1, ?)`,
    ).run(RATING_SEED, at, PREFERENCE_SEED, at);
    const insertTask = db.prepare('INSERT INTO tasks (sample_id, output_id, bin, avg_score) VALUES (?, ?, ?, ?)');
    for (let i = 0; i < itemCount; i++) {
      secrets.push(itemId(i));
      insertItem.run(
        itemId(i),
        `Patient question number ${i + 1}: when do I take my tablets?`,
        `Discharge summary ${i + 1}. Admitted with chest pain.`,
        `Reference answer ${i + 1}: take them in the morning.`,
        i + 1,
      );
      MODELS.forEach((_model, m) => {
        const { lastInsertRowid } = insertOutput.run(
          itemId(i),
          MODELS[m],
          `Generated answer ${i + 1}/${m + 1}: after breakfast.`,
          i * 10 + m,
        );
        const score = scoreOf(i, m);
        secrets.push(String(score));
        insertScore.run(lastInsertRowid, score);
        const bin = 1 + (i % 3);
        insertTask.run(1, lastInsertRowid, bin, score);
        if (i < 2) insertTask.run(2, lastInsertRowid, bin, score);
      });
    }
  })();
  return {
    path,
    db,
    secrets,
    cleanup() {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Output model of an assignment, read behind the blinding, for assertions only. */
export function modelOfAssignment(db: StudyDb, assignmentId: string): string {
  const row = db
    .prepare(
      'SELECT o.model FROM assignments a JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id WHERE a.id = ?',
    )
    .get(assignmentId) as { model: string };
  return row.model;
}

/** A full valid rating for the MeDiSumQA rubric. */
export function ratingValues(level: number): Record<string, number> {
  return { factuality: level, brevity: level, patient_friendliness: level, relevance: level, safety: 1 };
}

export interface OpenPackage {
  path: string;
  passphrase: string;
  db: StudyDb;
  session: RaterSession;
  close(): void;
}

/** Plans `raters` on the study (every rater rates every output unless `overlap`), once per study. */
export function assignStudy(study: SeededStudy, raters: string[], overlap?: number): void {
  assignRaters(study.db, { raters, overlap, seed: PLAN_SEED, clock: fixedClock });
}

/** Packs the rater's package next to the study and opens it as the app would. */
export function packFor(
  study: SeededStudy,
  rater: string,
  file = `${rater.replace(/\W+/g, '-')}.blindrate`,
  clock: Clock = fixedClock,
): OpenPackage {
  const path = join(study.path, '..', file);
  const passphrase = packagePassphraseOf(rater);
  packRaterPackage(study.db, { rater, out: path, passphrase, masterPassphrase: PASSPHRASE, clock: fixedClock });
  return openPackageFile(path, clock, passphrase);
}

/** Opens a package file as the app would; it stays locked to this connection until closed. */
export function openPackageFile(path: string, clock: Clock = fixedClock, passphrase = PACKAGE_PASSPHRASE): OpenPackage {
  const db = openStudyDatabase(path, passphrase, { kind: 'package' });
  return { path, passphrase, db, session: startPackageSession(db, clock), close: () => db.open && db.close() };
}
