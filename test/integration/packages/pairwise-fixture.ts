/**
 * A study of seven models' answers to 60 items for the pairwise tests: distinctive model names and item ids
 * (which must never reach a package), answer texts that name neither, and a distinct score per output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudyDb } from '../../../db/connection';
import { drawSample } from '../../../electron/services/sampler';
import { createStudy } from '../../../electron/services/study';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { fixedClock, PASSPHRASE, type SeededStudy } from '../session/fixture';

export const MODELS = ['m-alpaca', 'm-bison', 'm-caracal', 'm-dingo', 'm-eland', 'm-fossa', 'm-gecko'];
const ITEMS = 60;
export const RATERS = ['Dr Ada', 'Dr Bob'];
export const itemIdOf = (i: number) => `pw-item-${String(i).padStart(3, '0')}`;
/** The text of model m's answer to item i: distinct, and naming neither model nor item. */
export const answerOf = (i: number, m: number) => `Answer text ${i * 7 + m}: rest, fluids and a check-up.`;

/** A study of seven models' answers to ITEMS items, each output with a distinct rouge1 score. */
export function sevenModelStudy(rubric: Rubric = MEDISUMQA_RUBRIC): SeededStudy {
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-pairwise-'));
  const path = join(dir, 'study.db');
  const db = createStudy(path, PASSPHRASE, { rubric, name: 'Pairwise study', clock: fixedClock });
  db.transaction(() => {
    db.prepare(
      `INSERT INTO imports (id, file_name, sha256, format, record_count, imported_at) VALUES (1, 'in.jsonl', 'x', 'jsonl', ?, ?)`,
    ).run(ITEMS * MODELS.length, fixedClock().toISOString());
    const item = db.prepare(
      `INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES (?, ?, '', ?, 'c', 1, ?)`,
    );
    const output = db.prepare(
      'INSERT INTO outputs (item_id, model, text, import_id, source_line) VALUES (?, ?, ?, 1, ?)',
    );
    const score = db.prepare(`INSERT INTO output_scores (output_id, metric, value) VALUES (?, 'rouge1', ?)`);
    for (let i = 0; i < ITEMS; i++) {
      item.run(itemIdOf(i), `Question ${i}: what should I do?`, `Reference ${i}.`, i);
      MODELS.forEach((model, m) => {
        const { lastInsertRowid } = output.run(itemIdOf(i), model, answerOf(i, m), i * 10 + m);
        score.run(lastInsertRowid, ((i * 37 + m * 11) % 101) / 101);
      });
    }
  })();
  return {
    path,
    db,
    secrets: [...MODELS, ...Array.from({ length: ITEMS }, (_, i) => itemIdOf(i))],
    cleanup() {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pairwise sample of the tests: 5 difficulty bins of 4 items. */
export const samplePairwise = (db: StudyDb, extra: { pairsPerItem?: number; models?: string[] } = {}) =>
  drawSample(
    db,
    { task: 'pairwise', bins: 5, perBin: 4, metrics: [], seed: 31, disjoint: true, models: MODELS, ...extra },
    fixedClock,
  );

export /** Master-side truth of a rater's pairwise assignments, in their order. */
function plannedPairs(db: StudyDb, rater: string) {
  return db
    .prepare(
      `SELECT a.id, o.item_id AS itemId, o.model AS first, ob.model AS second, a.presented_a AS presentedA
       FROM assignments a JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id
       JOIN outputs o ON o.id = t.output_id JOIN outputs ob ON ob.id = t.output_b_id
       WHERE r.name = ? ORDER BY a.position`,
    )
    .all(rater) as { id: string; itemId: string; first: string; second: string; presentedA: 'first' | 'second' }[];
}

/** Every cell of every table of an opened package as one text: all that its passphrase lets a rater read. */
export function everyCellOf(db: StudyDb): string {
  return JSON.stringify(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all()
      .map((table) => db.prepare(`SELECT * FROM "${String(table)}"`).all()),
  );
}
