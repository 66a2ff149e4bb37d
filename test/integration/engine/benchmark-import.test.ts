/**
 * Benchmark runs imported exactly as the papers' pipelines write them. The files in
 * test/fixtures/benchmarks/ were written by make_benchmark_runs.py (beside them), which follows
 * CLUE's eval_MeDiSumQA.py and CHQ-Summ's generate_and_evaluate.py; expected-join.json there says,
 * from Python's own objects, which dataset entry or source line every output belongs to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { chqSummJoin, clueJoin, itemsJoin } from '../../../electron/services/benchmark-import';
import { pathSource } from '../../../electron/services/byte-source';
import { exportTable } from '../../../electron/services/exporter';
import { importFiles, ImportRefused } from '../../../electron/services/importer';
import { drawSample } from '../../../electron/services/sampler';
import { CHQ_SUMM_COLUMN_MAP } from '../../../shared/import/chq-summ';
import { CLUE_COLUMN_MAP } from '../../../shared/import/clue';
import { count, fixedClock, freshStudy } from './helpers';

const BENCHMARKS = fileURLToPath(new URL('../../fixtures/benchmarks/', import.meta.url));
const clueFile = (name: string) => join(BENCHMARKS, 'clue', name);
const chqFile = (name: string) => join(BENCHMARKS, 'chq-summ', name);
const CLUE_SCORE_HEADER = [
  'bertscore_f1',
  'bertscore_p',
  'bertscore_r',
  'rouge1',
  'rouge2',
  'rougeL',
  'umls_f1',
  'umls_p',
  'umls_r',
]
  .map((metric) => `score_${metric}`)
  .join(',');
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

interface DatasetEntry {
  discharge_summary: string;
  Question: string;
  Answer: string;
  Category: string;
}
const dataset = readJson<DatasetEntry[]>(clueFile('MeDiSumQA.json'));
const clueExpected = readJson<Record<string, number[]>>(clueFile('expected-join.json'));
const chqExpected = readJson<{ questions: string[]; references: string[]; outputs: string[] }>(
  chqFile('expected-join.json'),
);
const predictionLines = (name: string) =>
  readFileSync(clueFile(name), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, string>);

function joinedOutputs(db: StudyDb, model: string) {
  return db
    .prepare(
      `SELECT o.id, o.item_id, o.text, o.source_line, i.question, i.context, i.reference, i.category
       FROM outputs o JOIN items i USING (item_id) WHERE o.model = ? ORDER BY o.source_line`,
    )
    .all(model) as Array<{
    id: number;
    item_id: string;
    text: string;
    source_line: number;
    question: string;
    context: string;
    reference: string;
    category: string;
  }>;
}

function scoresOf(db: StudyDb, outputId: number): Record<string, number> {
  const rows = db.prepare('SELECT metric, value FROM output_scores WHERE output_id = ?').all(outputId) as Array<{
    metric: string;
    value: number;
  }>;
  return Object.fromEntries(rows.map((r) => [r.metric, r.value]));
}

async function importClue(
  db: StudyDb,
  predictions: string,
  model: string,
  options: Partial<Parameters<typeof clueJoin>[2]> = {},
  datasetName = 'MeDiSumQA.json',
) {
  const join = await clueJoin(pathSource(clueFile(datasetName)), pathSource(clueFile(predictions)), {
    joinBy: 'position',
    seed: 1,
    fewShot: 1,
    ...options,
  });
  return importFiles(db, [clueFile(predictions)], { join, map: CLUE_COLUMN_MAP, model, clock: fixedClock });
}

describe('--from clue (eval_MeDiSumQA.py predictions.json + MeDiSumQA.json)', () => {
  it('joins every line to the entry Python shuffled there, with question, context, reference, category and id', async () => {
    const { db } = freshStudy();
    const summary = await importClue(db, 'predictions.json', 'Meta-Llama-3.1-8B-Instruct');
    expect(summary).toMatchObject({ outputs: 22, newItems: 22, models: ['Meta-Llama-3.1-8B-Instruct'] });
    const lines = predictionLines('predictions.json');
    const outputs = joinedOutputs(db, 'Meta-Llama-3.1-8B-Instruct');
    expect(outputs).toHaveLength(clueExpected['predictions.json']!.length);
    outputs.forEach((output, k) => {
      const position = clueExpected['predictions.json']![k]!;
      const entry = dataset[position]!;
      expect(output).toMatchObject({
        item_id: `entry-${position + 1}`,
        source_line: k + 1,
        text: lines[k]!['Model Answer'],
        question: entry.Question,
        context: entry.discharge_summary,
        reference: entry.Answer,
        category: entry.Category,
      });
    });
    // The entry with non-ASCII text went through json.dump's \u escapes intact.
    expect(outputs.some((o) => o.reference.endsWith('Nehmen Sie Ramipril 🩺.') && o.question.includes('血压'))).toBe(
      true,
    );
  });

  it('stores the metric strings as numbers under the canonical names', async () => {
    const { db } = freshStudy();
    await importClue(db, 'predictions.json', 'm');
    const [first] = joinedOutputs(db, 'm');
    const line = predictionLines('predictions.json')[0]!;
    expect(scoresOf(db, first!.id)).toEqual({
      rouge1: Number(line.ROUGE1),
      rouge2: Number(line.ROUGE2),
      rougeL: Number(line.ROUGE_L),
      bertscore_p: Number(line.BERT_P),
      bertscore_r: Number(line.BERT_R),
      bertscore_f1: Number(line.BERT_F1),
      umls_p: Number(line.UMLS_P),
      umls_r: Number(line.UMLS_R),
      umls_f1: Number(line.UMLS_F1),
    });
  });

  it('replays another seed and few-shot count, sharing the items of the first run', async () => {
    const { db } = freshStudy();
    await importClue(db, 'predictions.json', 'first');
    const summary = await importClue(db, 'predictions-seed42-fewshot3.json', 'second', { seed: 42n, fewShot: 3 });
    // The first run's few-shot example (entry 21) is answered by the second run: its only new item.
    expect(summary).toMatchObject({ outputs: 20, newItems: 1 });
    expect(clueExpected['predictions.json']).not.toContain(20);
    expect(clueExpected['predictions-seed42-fewshot3.json']).toContain(20);
    const positions = clueExpected['predictions-seed42-fewshot3.json']!;
    joinedOutputs(db, 'second').forEach((output, k) => {
      expect(output.item_id).toBe(`entry-${positions[k]! + 1}`);
      expect(output.reference).toBe(dataset[positions[k]!]!.Answer);
    });
  });

  it('joins by reference text when the order is unknown', async () => {
    const { db } = freshStudy();
    await importClue(db, 'predictions-seed42-fewshot3.json', 'm', { joinBy: 'reference' });
    const positions = clueExpected['predictions-seed42-fewshot3.json']!;
    expect(joinedOutputs(db, 'm').map((o) => o.item_id)).toEqual(positions.map((p) => `entry-${p + 1}`));
  });

  it('names file, line and column of a metric that is not a finite number ("nan", as "{:.2f}" writes NaN)', async () => {
    const { db, folder } = freshStudy();
    const lines = readFileSync(clueFile('predictions.json'), 'utf8').split('\n');
    lines[2] = lines[2]!.replace(/"ROUGE1": "[^"]*"/, '"ROUGE1": "nan"');
    const copy = join(folder, 'predictions.json');
    writeFileSync(copy, lines.join('\n'));
    const joiner = await clueJoin(pathSource(clueFile('MeDiSumQA.json')), pathSource(copy), {
      joinBy: 'position',
      seed: 1,
      fewShot: 1,
    });
    await expect(
      importFiles(db, [copy], { join: joiner, map: CLUE_COLUMN_MAP, model: 'm', clock: fixedClock }),
    ).rejects.toThrow('Line 3 of predictions.json: "ROUGE1" is not a number: "nan"');
    expect(count(db, 'outputs')).toBe(0);
  });

  it('refuses a wrong few-shot count at line 1, saying which count fits, with nothing written', async () => {
    const { db } = freshStudy();
    await expect(importClue(db, 'predictions.json', 'm', { fewShot: 0 })).rejects.toThrow(
      /^Line 1 of predictions\.json: "Ground Truth Answer" does not match record \d+ of MeDiSumQA\.json \(random\.seed\(1\); random\.shuffle; 0 few-shot examples skipped\): .*; every line fits with 1 few-shot examples \(the run's num_few_shot_examples\)$/,
    );
    for (const table of ['imports', 'items', 'outputs', 'output_scores']) expect(count(db, table)).toBe(0);
  });

  it('refuses another version of the dataset (one entry more reshuffles everything), with nothing written', async () => {
    const { db } = freshStudy();
    await expect(importClue(db, 'predictions.json', 'm', {}, 'MeDiSumQA-other-version.json')).rejects.toThrow(
      /^Line 1 of predictions\.json: .*every answer is in MeDiSumQA-other-version\.json but not in this order: check the run's seed and that the dataset is the version the run used/,
    );
    expect(count(db, 'outputs')).toBe(0);
  });
});

describe('--from chq-summ (generate_and_evaluate.py predictions-test.csv + test.source)', () => {
  it('joins each row by its pandas index to the stripped source line; reference is Actual Text', async () => {
    const { db } = freshStudy();
    const join = chqSummJoin(pathSource(chqFile('test.source')), pathSource(chqFile('test.target')));
    await importFiles(db, [chqFile('predictions-test.csv')], {
      join,
      map: CHQ_SUMM_COLUMN_MAP,
      model: 'bart-large',
      clock: fixedClock,
    });
    const outputs = joinedOutputs(db, 'bart-large');
    expect(outputs.map((o) => o.item_id)).toEqual(chqExpected.questions.map((_, i) => `line-${i + 1}`));
    expect(outputs.map((o) => o.question)).toEqual(chqExpected.questions);
    expect(outputs.map((o) => o.reference)).toEqual(chqExpected.references);
    expect(outputs.map((o) => o.text)).toEqual(chqExpected.outputs);
    expect(outputs.map((o) => o.context)).toEqual(chqExpected.questions.map(() => ''));
  });

  it('refuses every row whose Actual Text is not its target line, with nothing written', async () => {
    const { db } = freshStudy();
    const join = chqSummJoin(pathSource(chqFile('test.source')), pathSource(chqFile('test.source')));
    await expect(
      importFiles(db, [chqFile('predictions-test.csv')], {
        join,
        map: CHQ_SUMM_COLUMN_MAP,
        model: 'bart-large',
        clock: fixedClock,
      }),
    ).rejects.toThrow(
      /^Nothing was imported: 6 problems in 1 file\.\nRow 2 of predictions-test\.csv: "Actual Text" is "What is the treatment for back pain\?" but line 1 of test\.source is/,
    );
    expect(count(db, 'outputs')).toBe(0);
  });

  it('imports the same file through the generic join: --join test.source --on "#0=index" --map item_id=#0', async () => {
    const { db } = freshStudy();
    const join = await itemsJoin(pathSource(chqFile('test.source')), '#0=index');
    const map = { item_id: '#0', question: 'text', output: 'Generated Text', reference: 'Actual Text' };
    await importFiles(db, [chqFile('predictions-test.csv')], { join, map, model: 'bart-large', clock: fixedClock });
    const outputs = joinedOutputs(db, 'bart-large');
    expect(outputs.map((o) => [o.item_id, o.question, o.reference])).toEqual(
      chqExpected.questions.map((q, i) => [String(i), q, chqExpected.references[i]]),
    );
  });
});

describe('--join ITEMS --on FIELD', () => {
  it("joins JSON-lines outputs to a CSV items file by a shared field, mapping both files' columns", async () => {
    const { db, folder } = freshStudy();
    const items = join(folder, 'items.csv');
    writeFileSync(items, 'qid,text,gold\nq1,"First, question?",Gold one.\nq2,Second question?,Gold two.\n');
    const outputs = join(folder, 'outputs.jsonl');
    writeFileSync(
      outputs,
      '{"qid": "q2", "prediction": "P2", "bleu": "0.5"}\n{"qid": "q1", "prediction": "P1", "bleu": 0.25}\n',
    );
    const joiner = await itemsJoin(pathSource(items), 'qid');
    const map = { item_id: 'qid', question: 'text', reference: 'gold', output: 'prediction', score_bleu: 'bleu' };
    await importFiles(db, [outputs], { join: joiner, map, model: 'm', clock: fixedClock });
    expect(joinedOutputs(db, 'm').map((o) => [o.item_id, o.question, o.reference, o.text, scoresOf(db, o.id)])).toEqual(
      [
        ['q2', 'Second question?', 'Gold two.', 'P2', { bleu: 0.5 }],
        ['q1', 'First, question?', 'Gold one.', 'P1', { bleu: 0.25 }],
      ],
    );
  });

  it('names the output line whose key no item has, and imports nothing', async () => {
    const { db, folder } = freshStudy();
    const items = join(folder, 'items.json');
    writeFileSync(items, '[{"qid": 1, "text": "Q1?"}]');
    const outputs = join(folder, 'outputs.jsonl');
    writeFileSync(outputs, '{"qid": 1, "prediction": "P1"}\n\n{"qid": 2, "prediction": "P2"}\n');
    const joiner = await itemsJoin(pathSource(items), 'qid');
    await expect(
      importFiles(db, [outputs], {
        join: joiner,
        map: { item_id: 'qid', question: 'text', output: 'prediction' },
        model: 'm',
        clock: fixedClock,
      }),
    ).rejects.toThrow('Line 3 of outputs.jsonl: "qid" is "2", which no item of items.json has as "qid"');
    expect(count(db, 'outputs')).toBe(0);
  });
});

describe('from a benchmark run to a sample', () => {
  it('draws the quintile sample from the imported CLUE scores', async () => {
    const { db } = freshStudy();
    await importClue(db, 'predictions.json', 'm');
    const metrics = ['rouge1', 'rouge2', 'rougeL', 'bertscore_f1', 'umls_f1'];
    const summary = drawSample(
      db,
      { task: 'rating', bins: 5, perBin: 2, metrics, seed: 3, disjoint: false },
      fixedClock,
    );
    // 22 outputs in 5 bins: boundaries floor(b·22/5) = 4, 8, 13, 17, 22.
    expect(summary.perModel).toEqual([
      { model: 'm', eligible: 22, ineligible: 0, withoutReference: 0, binSizes: [4, 4, 5, 4, 5], drawn: 10 },
    ]);
    // Each drawn output sits in the bin its rank by the average of the five imported metrics gives it
    // (ties by item_id), and carries that average.
    const ranked = joinedOutputs(db, 'm')
      .map((o) => ({
        id: o.id,
        itemId: o.item_id,
        avg: metrics.reduce((sum, m) => sum + scoresOf(db, o.id)[m]!, 0) / metrics.length,
      }))
      .sort((a, b) => a.avg - b.avg || (a.itemId < b.itemId ? -1 : 1));
    const expectedBin = (rank: number) => [4, 8, 13, 17, 22].findIndex((end) => rank < end) + 1;
    const tasks = db.prepare('SELECT output_id, bin, avg_score FROM tasks').all() as Array<{
      output_id: number;
      bin: number;
      avg_score: number;
    }>;
    expect(tasks).toHaveLength(10);
    expect(new Set(tasks.map((t) => t.output_id)).size).toBe(10);
    for (const task of tasks) {
      const rank = ranked.findIndex((o) => o.id === task.output_id);
      expect(task.avg_score).toBeCloseTo(ranked[rank]!.avg, 12);
      expect(task.bin).toBe(expectedBin(rank));
    }
    expect(tasks.filter((t) => t.bin === 3)).toHaveLength(2);
  });
});

describe('--from clue, the 2024 layout (post_process_qas.py JSON lines, eval_MeDiSumQA.py at fdb4ec7)', () => {
  const file = (name: string) => join(BENCHMARKS, 'clue-2024', name);
  interface Entry2024 {
    note_id: string;
    with_discharge_summary: string;
    without_discharge_summary: string;
    Question: string;
    Answer: string;
  }
  const entries = readFileSync(file('MeDiSumQA.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Entry2024);
  const expected = readJson<{ 'predictions.json': number[]; emptyAnswerLines: number[] }>(file('expected-join.json'));
  const lines = readFileSync(file('predictions.json'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, string | number>);

  async function import2024(
    db: StudyDb,
    options: Partial<Parameters<typeof clueJoin>[2]> = {},
    dataset = 'MeDiSumQA.jsonl',
  ) {
    const join = await clueJoin(pathSource(file(dataset)), pathSource(file('predictions.json')), {
      joinBy: 'position',
      seed: 1,
      fewShot: 1,
      ...options,
    });
    return importFiles(db, [file('predictions.json')], {
      join,
      map: CLUE_COLUMN_MAP,
      model: 'llama',
      clock: fixedClock,
    });
  }

  it('reads the JSON-lines dataset and stores every field as the run had it: the prompt context, note_id as source id', async () => {
    const { db } = freshStudy();
    const summary = await import2024(db);
    expect(summary.files[0]!.emptyOutputs).toEqual(expected.emptyAnswerLines.map((n) => `line ${n}`));
    const stored = db
      .prepare(
        `SELECT o.id, o.item_id, o.text, i.question, i.context, i.reference, i.source_id FROM outputs o
         JOIN items i USING (item_id) ORDER BY o.source_line`,
      )
      .all() as Array<Record<string, string | number>>;
    expect(stored).toHaveLength(13);
    stored.forEach((row, k) => {
      const position = expected['predictions.json'][k]!;
      const entry = entries[position]!;
      expect(row).toMatchObject({
        item_id: `entry-${position + 1}`,
        text: lines[k]!['Model Answer'],
        question: entry.Question,
        context: entry.without_discharge_summary,
        reference: entry.Answer,
        source_id: entry.note_id,
      });
      expect(scoresOf(db, row.id as number)).toMatchObject({ rougeL: lines[k]!.ROUGE_L, umls_f1: lines[k]!.UMLS_F1 });
    });
    expect(stored.filter((row) => row.text === '')).toHaveLength(1);
  });

  it('keeps the source id in the outputs export, which imports back with it', async () => {
    const { db, folder } = freshStudy();
    await import2024(db);
    const csv = join(folder, 'outputs.csv');
    await exportTable(db, { what: 'outputs', format: 'csv', out: csv });
    const [header, first] = parse(readFileSync(csv, 'utf8')) as string[][];
    expect(header!.join(',')).toBe(
      `item_id,model,output,question,context,reference,category,source_id,${CLUE_SCORE_HEADER}`,
    );
    expect(first!.slice(0, 8)).toEqual([
      'entry-1',
      'llama',
      expect.any(String),
      entries[0]!.Question,
      entries[0]!.without_discharge_summary,
      entries[0]!.Answer,
      '',
      entries[0]!.note_id,
    ]);
    const again = freshStudy();
    await importFiles(again.db, [csv], { clock: fixedClock });
    const sourceIds = (which: StudyDb) => which.prepare('SELECT item_id, source_id FROM items ORDER BY item_id').all();
    expect(sourceIds(again.db)).toEqual(sourceIds(db));
    again.db.close();
  });

  it('takes the context from a field the user names', async () => {
    const { db } = freshStudy();
    await import2024(db, { contextField: 'with_discharge_summary' });
    const stored = db.prepare('SELECT item_id, context FROM items').all() as Array<{
      item_id: string;
      context: string;
    }>;
    expect(stored).toHaveLength(13);
    for (const { item_id, context } of stored)
      expect(context).toBe(entries[Number(item_id.slice('entry-'.length)) - 1]!.with_discharge_summary);
  });

  it('refuses a dataset with no known context field instead of storing every context empty, unless told none is meant', async () => {
    const { db, folder } = freshStudy();
    const bare = join(folder, 'bare.jsonl');
    writeFileSync(
      bare,
      entries.map(({ note_id, Question, Answer }) => JSON.stringify({ note_id, Question, Answer })).join('\n'),
    );
    await expect(
      clueJoin(pathSource(bare), pathSource(file('predictions.json')), { joinBy: 'position', seed: 1, fewShot: 1 }),
    ).rejects.toThrow(
      'bare.jsonl has none of the context fields of MeDiSumQA\'s layouts (discharge_summary, without_discharge_summary); its entries have "note_id", "Question", "Answer": name the field the model was given as context, or import without context.',
    );
    const join_ = await clueJoin(pathSource(bare), pathSource(file('predictions.json')), {
      joinBy: 'position',
      seed: 1,
      fewShot: 1,
      contextField: null,
    });
    await importFiles(db, [file('predictions.json')], {
      join: join_,
      map: CLUE_COLUMN_MAP,
      model: 'llama',
      clock: fixedClock,
    });
    expect(db.prepare("SELECT count(*) FROM items WHERE context = ''").pluck().get()).toBe(13);
    expect(
      JSON.parse(db.prepare("SELECT new_value FROM audit_log WHERE action = 'import'").pluck().get() as string).join,
    ).toMatchObject({ contextField: null });
  });

  it('refuses a context field that is empty in every entry', async () => {
    const { folder } = freshStudy();
    const blank = join(folder, 'blank.jsonl');
    writeFileSync(blank, entries.map((e) => JSON.stringify({ ...e, without_discharge_summary: '' })).join('\n'));
    await expect(
      clueJoin(pathSource(blank), pathSource(file('predictions.json')), { joinBy: 'position', seed: 1, fewShot: 1 }),
    ).rejects.toThrow('"without_discharge_summary" is empty in every entry of blank.jsonl');
  });
});

describe('a dataset that is not valid JSON lines', () => {
  it('lists every bad line before anything is read from the outputs', async () => {
    const { folder } = freshStudy();
    const dataset = join(folder, 'MeDiSumQA.jsonl');
    writeFileSync(dataset, '{"Question": "Q?", "Answer": "A."}\n{"Question": oops}\n[1, 2]\n{"Question": "Q2?"\n');
    const refusal = await clueJoin(pathSource(dataset), pathSource(clueFile('predictions.json')), {
      joinBy: 'position',
      seed: 1,
      fewShot: 1,
    }).catch((error: unknown) => error as ImportRefused);
    expect(refusal).toBeInstanceOf(ImportRefused);
    expect((refusal as ImportRefused).problems).toEqual([
      { file: 'MeDiSumQA.jsonl', record: 'line 2', field: null, message: expect.stringMatching(/^not valid JSON \(/) },
      { file: 'MeDiSumQA.jsonl', record: 'line 3', field: null, message: 'is not an object with fields' },
      { file: 'MeDiSumQA.jsonl', record: 'line 4', field: null, message: expect.stringMatching(/^not valid JSON \(/) },
    ]);
  });
});
