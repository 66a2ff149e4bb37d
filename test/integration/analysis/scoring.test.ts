import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { rougeScores } from '../../../shared/rouge';
import { buildDemoStudy } from '../../../electron/services/demo';
import { ROUGE_METRICS, scoreMissingRouge } from '../../../electron/services/scoring';
import { openStudy } from '../../../electron/services/study';

const clock = () => new Date('2026-03-05T12:00:00.000Z');
let dir: string;
let db: StudyDb;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-score-'));
  await buildDemoStudy(join(dir, 'demo.db'), 'pw', clock);
  db = openStudy(join(dir, 'demo.db'), 'pw');
  // An output whose scores were never imported, and one whose item has no reference.
  db.exec(`
    INSERT INTO items (item_id, question, context, reference, category, import_id, source_line)
      VALUES ('x-ref', 'Q?', '', 'Take two tablets daily.
Stop if dizzy.', '', 1, 0), ('x-noref', 'Q?', '', '', '', 1, 0);
    INSERT INTO outputs (item_id, model, text, import_id, source_line)
      VALUES ('x-ref', 'new-model', 'Taking two tablets every day.
Stop when dizzy.', 1, 0), ('x-noref', 'new-model', 'Anything.', 1, 0);`);
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const scoresOf = (itemId: string) =>
  Object.fromEntries(
    (
      db
        .prepare(
          `SELECT s.metric, s.value FROM output_scores s JOIN outputs o ON o.id = s.output_id WHERE o.item_id = ? AND o.model = 'new-model'`,
        )
        .all(itemId) as Array<{ metric: string; value: number }>
    ).map((r) => [r.metric, r.value]),
  );

describe('scoreMissingRouge', () => {
  it('fills only the missing ROUGE scores, with F1 as shared/rouge computes it, in one audited transaction', () => {
    const importedScores = db.prepare(
      `SELECT output_id, metric, value FROM output_scores WHERE metric IN ('rouge1','rouge2','rougeL') ORDER BY 1, 2`,
    );
    const imported = importedScores.all();
    const outputs = db.prepare('SELECT count(*) FROM outputs').pluck().get() as number;
    const auditBefore = db.prepare('SELECT count(*) FROM audit_log').pluck().get() as number;

    const summary = scoreMissingRouge(db, { stem: true, clock });

    expect(summary.withoutReference).toBe(1);
    expect(summary.outputsScored).toBe(outputs - 1);
    // Demo outputs were imported with rouge1/2/L, so they only gain rougeLsum; the new output gains all four.
    expect(summary.valuesWritten).toBe(outputs - 2 + ROUGE_METRICS.length);
    const newOutput = db.prepare(`SELECT id FROM outputs WHERE item_id = 'x-ref'`).pluck().get();
    expect(importedScores.all().filter((row) => (row as { output_id: number }).output_id !== newOutput)).toEqual(
      imported,
    );
    const expected = rougeScores(
      'Take two tablets daily.\nStop if dizzy.',
      'Taking two tablets every day.\nStop when dizzy.',
      { stem: true },
    );
    expect(scoresOf('x-ref')).toEqual({
      rouge1: expected.rouge1.f1,
      rouge2: expected.rouge2.f1,
      rougeL: expected.rougeL.f1,
      rougeLsum: expected.rougeLsum.f1,
    });
    expect(scoresOf('x-noref')).toEqual({});
    const audit = db.prepare('SELECT action, new_value FROM audit_log ORDER BY id DESC LIMIT 1').get() as {
      action: string;
      new_value: string;
    };
    expect(db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(auditBefore + 1);
    expect(audit.action).toBe('score.rouge');
    expect(JSON.parse(audit.new_value)).toEqual({ stem: true, outputs: outputs - 1, values: summary.valuesWritten });
  });

  it('writes nothing, not even an audit row, the second time', () => {
    const auditBefore = db.prepare('SELECT count(*) FROM audit_log').pluck().get();
    expect(scoreMissingRouge(db, { stem: false, clock })).toEqual({
      outputsScored: 0,
      valuesWritten: 0,
      withoutReference: 1,
    });
    expect(db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(auditBefore);
  });
});
