/**
 * Real pipeline files go in unchanged: nothing is altered or lost without a word (issue 20).
 */
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTable } from '../../../electron/services/exporter';
import { importFiles, ImportRefused } from '../../../electron/services/importer';
import { count, fixedClock, freshStudy } from './helpers';

function refusalOf(promise: Promise<unknown>): Promise<ImportRefused> {
  return promise.then(
    () => {
      throw new Error('the import was not refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ImportRefused);
      return error as ImportRefused;
    },
  );
}

/** Node's file streams read 64 KiB at a time. */
const READ_CHUNK = 64 * 1024;

describe('re-importing an identical large file', () => {
  it('recognises a several-MB JSONL file whose records straddle every read chunk and adds nothing', async () => {
    const { db, folder } = freshStudy();
    const big = join(folder, 'big.jsonl');
    // 300 records of ~10 KB with an odd length: chunk boundaries fall inside records, never on a newline.
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ item_id: `i${i}`, model: 'm', question: `q${i}`, context: 'c'.repeat(10_001 + i), output: 'o' }),
    );
    writeFileSync(big, `${lines.join('\n')}\n`);
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(3_000_000);
    const text = `${lines.join('\n')}\n`;
    expect(text[READ_CHUNK - 1]).not.toBe('\n');

    await importFiles(db, [big], { clock: fixedClock });
    const copy = join(folder, 'copy-of-big.jsonl');
    copyFileSync(big, copy);
    const again = await importFiles(db, [copy], { clock: fixedClock });
    expect(again.files[0]).toMatchObject({ status: 'already-imported', importId: 1 });
    expect(count(db, 'outputs')).toBe(300);
    expect(count(db, 'imports')).toBe(1);
  });

  it('recognises a several-MB CSV file with a quoted multi-line cell across a chunk boundary', async () => {
    const { db, folder } = freshStudy();
    const big = join(folder, 'big.csv');
    const rows = Array.from({ length: 250 }, (_, i) => `i${i},m,"line one\nline two ${'x'.repeat(12_345)}",q${i}`);
    writeFileSync(big, `item_id,model,output,question\n${rows.join('\n')}\n`);
    expect(statSync(big).size).toBeGreaterThan(3_000_000);
    await importFiles(db, [big], { clock: fixedClock });
    const again = await importFiles(db, [big], { clock: fixedClock });
    expect(again.files[0]).toMatchObject({ status: 'already-imported', importId: 1 });
    expect(count(db, 'outputs')).toBe(250);
  });
});

describe('cells that begin with a quote', () => {
  // What pandas' to_csv writes for model outputs and references that begin so: no escaping of its own.
  const PANDAS_CELLS = ["'=x", "'+1", "'-' sign", "'@a", "'-'"];

  it("are stored exactly as written in a file BlindRate did not write (pandas' to_csv)", async () => {
    const { db, folder } = freshStudy();
    const file = join(folder, 'predictions-test.csv');
    const rows = PANDAS_CELLS.map((cell, i) => `${i},q${i},${cell},${cell}`);
    writeFileSync(file, `,question,Generated Text,Actual Text\n${rows.join('\n')}\n`);
    await importFiles(db, [file], {
      map: { item_id: '#0', output: 'Generated Text', reference: 'Actual Text' },
      model: 'bart',
      clock: fixedClock,
    });
    const stored = db
      .prepare('SELECT o.text, i.reference FROM outputs o JOIN items i USING (item_id) ORDER BY o.id')
      .all();
    expect(stored).toEqual(PANDAS_CELLS.map((cell) => ({ text: cell, reference: cell })));
  });

  it("lose BlindRate's own quote when BlindRate's outputs export is imported again", async () => {
    const { db, folder } = freshStudy();
    const source = join(folder, 'outputs.jsonl');
    const texts = ['=x', '+1', "'-' sign", '@a', 'plain'];
    writeFileSync(
      source,
      texts.map((t, i) => JSON.stringify({ item_id: `i${i}`, model: 'm', question: t, output: t })).join('\n'),
    );
    await importFiles(db, [source], { clock: fixedClock });
    const csv = join(folder, 'outputs.csv');
    await exportTable(db, { what: 'outputs', format: 'csv', out: csv });
    expect(readFileSync(csv, 'utf8')).toContain("'=x");
    const again = freshStudy();
    await importFiles(again.db, [csv], { clock: fixedClock });
    expect(again.db.prepare('SELECT text FROM outputs ORDER BY item_id').pluck().all()).toEqual(texts);
    again.db.close();
  });
});

describe('empty outputs', () => {
  function writeRun(folder: string): string {
    const file = join(folder, 'predictions.csv');
    const outputs = ['An answer.', '', 'Another.', '', '  '];
    writeFileSync(
      file,
      `item_id,model,question,output\n${outputs.map((o, i) => `q${i},m,Q${i}?,"${o}"`).join('\n')}\n`,
    );
    return file;
  }

  it('are imported as the real outputs they are, and the summary says how many and where', async () => {
    const { db, folder } = freshStudy();
    const summary = await importFiles(db, [writeRun(folder)], { clock: fixedClock });
    expect(summary.files[0]).toMatchObject({
      records: 5,
      emptyOutputs: ['row 3', 'row 5', 'row 6'],
      emptyOutputsSkipped: false,
    });
    expect(db.prepare("SELECT text FROM outputs WHERE item_id = 'q1'").pluck().get()).toBe('');
    expect(db.prepare("SELECT text FROM outputs WHERE item_id = 'q4'").pluck().get()).toBe('  ');
  });

  it('are left out when asked, and the import history records it', async () => {
    const { db, folder } = freshStudy();
    const summary = await importFiles(db, [writeRun(folder)], { clock: fixedClock, skipEmptyOutputs: true });
    expect(summary.files[0]).toMatchObject({
      records: 2,
      emptyOutputs: ['row 3', 'row 5', 'row 6'],
      emptyOutputsSkipped: true,
    });
    expect(db.prepare('SELECT item_id FROM outputs ORDER BY item_id').pluck().all()).toEqual(['q0', 'q2']);
    const audit = JSON.parse(
      db.prepare("SELECT new_value FROM audit_log WHERE action = 'import'").pluck().get() as string,
    );
    expect(audit.emptyOutputs).toEqual({ count: 3, skipped: true });
  });
});

describe('every problem in one run', () => {
  it('lists the problems of every file, each with file, record and field, and imports nothing', async () => {
    const { db, folder } = freshStudy();
    const csv = join(folder, 'alpha.csv');
    // Row 3 starts on line 3 and ends on line 5 (a quoted cell with two newlines), so row 4 is line 6.
    writeFileSync(
      csv,
      'item_id,model,question,output,score_rougeL\nq1,alpha,Q1?,fine,0.5\nq2,alpha,Q2?,"three\nline\ncell",n/a\nq3,alpha,,x,0.1\n',
    );
    const jsonl = join(folder, 'beta.jsonl');
    writeFileSync(
      jsonl,
      [
        JSON.stringify({ item_id: 'q1', model: 'beta', question: 'Q1? ', output: 'o' }),
        '{"item_id": oops}',
        JSON.stringify({ item_id: 'q9', model: 'beta', question: 'Q9?' }),
      ].join('\n'),
    );
    const refusal = await refusalOf(importFiles(db, [csv, jsonl], { clock: fixedClock }));
    expect(refusal.problems).toEqual([
      { file: 'alpha.csv', record: 'row 3', field: 'score_rougeL', message: '"score_rougeL" is not a number: "n/a"' },
      { file: 'alpha.csv', record: 'row 4 (line 6)', field: 'question', message: '"question" is empty' },
      {
        file: 'beta.jsonl',
        record: 'line 1',
        field: null,
        message:
          'item "q1" conflicts with its definition at alpha.csv:2: question differs at character 4 (there the end of the text, here U+0020 space): "Q1?" there vs "Q1? " here',
      },
      { file: 'beta.jsonl', record: 'line 2', field: null, message: expect.stringMatching(/^not valid JSON/) },
      { file: 'beta.jsonl', record: 'line 3', field: 'output', message: '"output" is missing' },
    ]);
    expect(refusal.totals).toEqual({ 'alpha.csv': 2, 'beta.jsonl': 3 });
    expect(refusal.message.split('\n')).toEqual([
      'Nothing was imported: 5 problems in 2 files.',
      'Row 3 of alpha.csv: "score_rougeL" is not a number: "n/a"',
      'Row 4 (line 6) of alpha.csv: "question" is empty',
      expect.stringMatching(/^Line 1 of beta\.jsonl: item "q1" conflicts/),
      expect.stringMatching(/^Line 2 of beta\.jsonl: not valid JSON/),
      'Line 3 of beta.jsonl: "output" is missing',
    ]);
    expect(count(db, 'outputs')).toBe(0);
    expect(count(db, 'imports')).toBe(0);
  });

  it('lists the first 100 problems of a file and counts the rest', async () => {
    const { db, folder } = freshStudy();
    const file = join(folder, 'many.jsonl');
    writeFileSync(
      file,
      Array.from({ length: 250 }, (_, i) => JSON.stringify({ item_id: `q${i}`, model: 'm', output: 'o' })).join('\n'),
    );
    const refusal = await refusalOf(importFiles(db, [file], { clock: fixedClock }));
    expect(refusal.problems).toHaveLength(100);
    expect(refusal.problems.at(-1)).toMatchObject({ record: 'line 100', field: 'question' });
    expect(refusal.totals).toEqual({ 'many.jsonl': 250 });
    expect(refusal.message.split('\n').at(-1)).toBe('many.jsonl: 150 more problems (the first 100 are listed).');
  });

  it('makes invisible differences visible: a no-break space, a Windows line ending', async () => {
    const { db, folder } = freshStudy();
    const first = join(folder, 'first.jsonl');
    const second = join(folder, 'second.jsonl');
    const record = (model: string, item_id: string, question: string) =>
      JSON.stringify({ item_id, model, question, output: 'o' });
    writeFileSync(first, [record('a', 'q', 'Take it with food?'), record('a', 'r', 'Dose?\nTwice a day.')].join('\n'));
    writeFileSync(
      second,
      [record('b', 'q', 'Take\u00a0it with food?'), record('b', 'r', 'Dose?\r\nTwice a day.')].join('\n'),
    );
    const refusal = await refusalOf(importFiles(db, [first, second], { clock: fixedClock }));
    expect(refusal.problems.map((p) => p.message)).toEqual([
      'item "q" conflicts with its definition at first.jsonl:1: question differs at character 5 (there U+0020 space, here U+00A0 no-break space): "Take it with food?" there vs "Take\\u00a0it with food?" here',
      'item "r" conflicts with its definition at first.jsonl:2: question differs at character 6 (there U+000A line feed, here U+000D carriage return): "Dose?\\nTwice a day." there vs "Dose?\\r\\nTwice a day." here',
    ]);
  });
});

describe('a column map per file', () => {
  it('imports differently named files in one call, each with its own map over the common one', async () => {
    const { db, folder } = freshStudy();
    const a = join(folder, 'a.csv');
    const b = join(folder, 'b.csv');
    writeFileSync(a, 'id,model,prompt,answer\nq1,alpha,Q1?,from a\n');
    writeFileSync(b, 'id,model,prompt,generation\nq1,beta,Q1?,from b\n');
    const summary = await importFiles(
      db,
      [
        { path: a, map: { output: 'answer' } },
        { path: b, map: { output: 'generation' } },
      ],
      { map: { item_id: 'id', question: 'prompt' }, clock: fixedClock },
    );
    expect(summary).toMatchObject({ outputs: 2, newItems: 1, models: ['alpha', 'beta'] });
    expect(db.prepare('SELECT model, text FROM outputs ORDER BY model').all()).toEqual([
      { model: 'alpha', text: 'from a' },
      { model: 'beta', text: 'from b' },
    ]);
  });
});
