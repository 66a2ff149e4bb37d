import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../electron/services/importer';
import { count, fixedClock, fixture, freshStudy } from './helpers';

const MEDISUMQA_MAP = {
  item_id: 'ID',
  question: 'Question',
  context: 'Discharge Summary',
  output: 'Model Answer',
  reference: 'Ground Truth Answer',
  category: 'Category',
  score_rouge1: 'ROUGE_1',
  score_rougeL: 'ROUGE_L',
};

function scoresOf(db: ReturnType<typeof freshStudy>['db'], itemId: string, model: string): Record<string, number> {
  const rows = db
    .prepare(
      `SELECT s.metric, s.value FROM output_scores s JOIN outputs o ON o.id = s.output_id WHERE o.item_id = ? AND o.model = ?`,
    )
    .all(itemId, model) as Array<{ metric: string; value: number }>;
  return Object.fromEntries(rows.map((r) => [r.metric, r.value]));
}

describe('importFiles: formats', () => {
  it('imports JSONL, storing a shared item once, numeric strings as numbers and Unicode intact', async () => {
    const { db } = freshStudy();
    const summary = await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    expect(summary).toMatchObject({ outputs: 3, newItems: 2, models: ['alpha', 'beta'] });
    expect(count(db, 'items')).toBe(2);
    expect(scoresOf(db, 'q1', 'alpha')).toEqual({ rouge1: 0.25, rougeL: 0.5 });
    expect(db.prepare(`SELECT text FROM outputs WHERE model = 'beta'`).pluck().get()).toBe(
      'Für die Blutverdünnung – 血液 🩸',
    );
    expect(db.prepare(`SELECT context, reference, category FROM items WHERE item_id = 'q2'`).get()).toEqual({
      context: '',
      reference: '',
      category: '',
    });
    expect(db.prepare(`SELECT source_line FROM outputs WHERE item_id = 'q2'`).pluck().get()).toBe(4);
  });

  it('imports a JSON array, reading numeric ids as text and scores from objects and score_ keys', async () => {
    const { db } = freshStudy();
    await importFiles(db, [fixture('outputs.json')], { clock: fixedClock });
    expect(count(db, 'items')).toBe(1);
    expect(scoresOf(db, '7', 'alpha')).toEqual({ rouge1: 0.29, bertscore: 0.91 });
    expect(scoresOf(db, '7', 'gamma')).toEqual({ rouge1: 0.4 });
  });

  it('imports hostile CSV quoting with a BOM: commas, quotes and newlines inside fields', async () => {
    const { db } = freshStudy();
    await importFiles(db, [fixture('hostile.csv')], { clock: fixedClock });
    const c1 = db
      .prepare(
        `SELECT i.question, i.context, o.text, o.source_line FROM items i JOIN outputs o USING (item_id) WHERE item_id = 'c1'`,
      )
      .get();
    expect(c1).toEqual({
      question: 'Commas, "quotes" and\nnewlines?',
      context: 'Line one\nLine two, with a comma',
      text: 'He said "take two", then\nstop.',
      source_line: 2,
    });
    // The BOM must not leak into the first column name, or item_id would be "missing".
    expect(db.prepare(`SELECT item_id FROM items ORDER BY item_id`).pluck().all()).toEqual(['c1', 'c2']);
    expect(scoresOf(db, 'c1', 'alpha')).toEqual({ rouge1: 0.5 });
    expect(scoresOf(db, 'c2', 'alpha')).toEqual({ rouge1: 0.75, umls_f1: 0.125 });
    expect(db.prepare(`SELECT text, source_line FROM outputs WHERE item_id = 'c2'`).get()).toEqual({
      text: 'ünïcödé ✓',
      source_line: 6,
    });
  });

  it('maps the columns of a MeDiSumQA-style prediction file and takes the model from --model', async () => {
    const { db } = freshStudy();
    await importFiles(db, [fixture('medisumqa-style.csv')], {
      map: MEDISUMQA_MAP,
      model: 'Mistral-7B-Instruct-v0.1',
      clock: fixedClock,
    });
    expect(db.prepare(`SELECT item_id, model, text FROM outputs ORDER BY item_id`).all()).toEqual([
      { item_id: 'm1', model: 'Mistral-7B-Instruct-v0.1', text: 'You had a small heart attack.' },
      { item_id: 'm2', model: 'Mistral-7B-Instruct-v0.1', text: 'Soon.' },
    ]);
    expect(db.prepare(`SELECT reference, category FROM items WHERE item_id = 'm2'`).get()).toEqual({
      reference: 'Within 2 weeks.',
      category: 'Post-Discharge Care & Follow-Up',
    });
    expect(scoresOf(db, 'm1', 'Mistral-7B-Instruct-v0.1')).toEqual({ rouge1: 0.8, rougeL: 0.8 });
  });

  it('rejects a CSV whose header lacks a required column, at line 1, with a hint', async () => {
    const { db } = freshStudy();
    await expect(importFiles(db, [fixture('medisumqa-style.csv')], { clock: fixedClock })).rejects.toThrow(
      'Line 1 of medisumqa-style.csv: no column "item_id", "model", "output", "question" (give the model name for a file of one model).',
    );
  });

  it('reports progress with bytes and records, ending at the file size', async () => {
    const { db } = freshStudy();
    const seen: Array<{ bytesRead: number; totalBytes: number; records: number }> = [];
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock, onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toMatchObject({ file: 'outputs.jsonl', records: 3, bytesRead: seen.at(-1)!.totalBytes });
  });
});

describe('importFiles: all or nothing', () => {
  it('imports nothing when the last record is invalid, naming file, line and field', async () => {
    const { db } = freshStudy();
    await expect(importFiles(db, [fixture('bad-last-record.jsonl')], { clock: fixedClock })).rejects.toThrow(
      'Line 3 of bad-last-record.jsonl: "model" is missing',
    );
    for (const table of ['imports', 'items', 'outputs', 'output_scores']) expect(count(db, table)).toBe(0);
    expect(count(db, 'audit_log')).toBe(1); // only study.create
  });

  it('rolls back earlier files of the same call when a later file fails', async () => {
    const { db } = freshStudy();
    await expect(
      importFiles(db, [fixture('outputs.jsonl'), fixture('bad-score.csv')], { clock: fixedClock }),
    ).rejects.toThrow('Line 3 of bad-score.csv: "score_rouge1" is not a number: "n/a"');
    expect(count(db, 'outputs')).toBe(0);
    expect(count(db, 'imports')).toBe(0);
  });

  it('names both lines when an item is defined differently', async () => {
    const { db } = freshStudy();
    await expect(importFiles(db, [fixture('conflicting-item.jsonl')], { clock: fixedClock })).rejects.toThrow(
      'Line 3 of conflicting-item.jsonl: item "x1" conflicts with its definition at conflicting-item.jsonl:1 (question differs).',
    );
    expect(count(db, 'items')).toBe(0);
  });

  it('names the earlier import when a new file redefines a stored item', async () => {
    const { db, folder } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    const other = join(folder, 'more.jsonl');
    writeFileSync(other, '{"item_id":"q1","model":"gamma","question":"Different?","output":"x"}\n');
    await expect(importFiles(db, [other], { clock: fixedClock })).rejects.toThrow(
      'Line 1 of more.jsonl: item "q1" conflicts with its definition at outputs.jsonl:1 (question, context, reference, category differ).',
    );
  });

  it('refuses a second output of the same model for an item, naming the first', async () => {
    const { db, folder } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    const other = join(folder, 'again.jsonl');
    writeFileSync(other, '{"item_id":"q2","model":"alpha","question":"When is my follow-up?","output":"Tomorrow."}\n');
    await expect(importFiles(db, [other], { clock: fixedClock })).rejects.toThrow(
      'Line 1 of again.jsonl: model "alpha" already has an output for item "q2" at outputs.jsonl:4.',
    );
  });

  it('reports syntax errors with their line', async () => {
    const { db, folder } = freshStudy();
    const broken = join(folder, 'broken.jsonl');
    writeFileSync(broken, '{"item_id":"a","model":"m","question":"q","output":"o"}\n{"item_id": oops}\n');
    await expect(importFiles(db, [broken], { clock: fixedClock })).rejects.toThrow(
      /^Line 2 of broken\.jsonl: not valid JSON/,
    );
    const array = join(folder, 'broken.json');
    writeFileSync(array, '[{"item_id":"a","model":"m","question":"q","output":"o"}, {"item_id": ]');
    await expect(importFiles(db, [array], { clock: fixedClock })).rejects.toThrow(
      /^broken\.json: not a valid JSON array of records/,
    );
    const csv = join(folder, 'broken.csv');
    writeFileSync(csv, 'item_id,model,question,output\na,m,q,o\nb,m,q\n');
    await expect(importFiles(db, [csv], { clock: fixedClock })).rejects.toThrow(
      'Line 3 of broken.csv: has 3 fields but the header has 4 (check the quoting)',
    );
    expect(count(db, 'outputs')).toBe(0);
  });
});

describe('importFiles: re-import', () => {
  it('detects the same bytes imported again, even under another name, and adds nothing', async () => {
    const { db, folder } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    const copy = join(folder, 'renamed.jsonl');
    copyFileSync(fixture('outputs.jsonl'), copy);
    const again = await importFiles(db, [copy], { clock: fixedClock });
    expect(again.files[0]).toMatchObject({
      status: 'already-imported',
      importId: 1,
      importedAt: '2025-03-01T12:00:00.000Z',
    });
    expect(again.outputs).toBe(0);
    expect(count(db, 'outputs')).toBe(3);
    expect(count(db, 'imports')).toBe(1);
  });

  it("hashes the file while parsing it: the stored SHA-256 is the whole file's, over many read chunks", async () => {
    const { db, folder } = freshStudy();
    const big = join(folder, 'big.jsonl');
    const context = 'x'.repeat(20_000); // 30 records of 20 KB: several 64 KB read chunks
    writeFileSync(
      big,
      Array.from({ length: 30 }, (_, i) =>
        JSON.stringify({ item_id: `i${i}`, model: 'm', question: 'q', context, output: 'o' }),
      ).join('\n') + '\n',
    );
    const summary = await importFiles(db, [big], { clock: fixedClock });
    const expected = createHash('sha256').update(readFileSync(big)).digest('hex');
    expect(summary.files[0]).toMatchObject({ status: 'imported', sha256: expected, records: 30 });
    expect(db.prepare('SELECT sha256 FROM imports').pluck().all()).toEqual([expected]);
  });

  it('recognises the same bytes twice in one call: the second copy adds nothing', async () => {
    const { db, folder } = freshStudy();
    const copy = join(folder, 'copy.jsonl');
    copyFileSync(fixture('outputs.jsonl'), copy);
    const summary = await importFiles(db, [fixture('outputs.jsonl'), copy], { clock: fixedClock });
    expect(summary.files.map((f) => f.status)).toEqual(['imported', 'already-imported']);
    expect(summary.files[1]).toMatchObject({ importId: summary.files[0]!.importId, sha256: summary.files[0]!.sha256 });
    expect(summary.outputs).toBe(3);
    expect(count(db, 'imports')).toBe(1);
  });

  it('recognises a re-import even when its options would now reject the records', async () => {
    const { db } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    const again = await importFiles(db, [fixture('outputs.jsonl')], {
      clock: fixedClock,
      map: { question: 'no_such_column' },
    });
    expect(again.files[0]).toMatchObject({ status: 'already-imported', importId: 1 });
    expect(count(db, 'imports')).toBe(1);
  });

  it('writes one audit row per imported file', async () => {
    const { db } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl'), fixture('outputs.json')], { clock: fixedClock });
    const rows = db
      .prepare(`SELECT action, entity_id, new_value FROM audit_log WHERE action = 'import' ORDER BY id`)
      .all() as Array<{
      new_value: string;
    }>;
    expect(rows.map((r) => JSON.parse(r.new_value))).toMatchObject([
      { file: 'outputs.jsonl', format: 'jsonl', records: 3, newItems: 2 },
      { file: 'outputs.json', format: 'json', records: 2, newItems: 1 },
    ]);
  });
});
