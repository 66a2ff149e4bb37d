import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { exportTable } from '../../../electron/services/exporter';
import { importFiles } from '../../../electron/services/importer';
import { assignRaters } from '../../../electron/services/plan';
import { drawSample, type SampleRequest } from '../../../electron/services/sampler';
import { fixedClock, fixture, freshStudy } from './helpers';

/**
 * Two models × 10 items. m1: rouge1 = i/10, rougeL = 1 − i/10 (so the two-metric average is 0.5 for
 * every output). m2: rouge1 = (9 − i)/10, and it09 has no score at all.
 */
function writeTwoModelFile(folder: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 10; i++) {
    const item = {
      item_id: `it${String(i).padStart(2, '0')}`,
      question: `Question ${i}?`,
      reference: `Reference ${i}.`,
    };
    lines.push(
      JSON.stringify({ ...item, model: 'm1', output: `a${i}`, scores: { rouge1: i / 10, rougeL: 1 - i / 10 } }),
    );
    lines.push(
      JSON.stringify({ ...item, model: 'm2', output: `b${i}`, scores: i === 9 ? {} : { rouge1: (9 - i) / 10 } }),
    );
  }
  const path = join(folder, 'two-models.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function twoModelStudy() {
  const study = freshStudy();
  await importFiles(study.db, [writeTwoModelFile(study.folder)], { clock: fixedClock });
  return study;
}

const rating: SampleRequest = { task: 'rating', bins: 5, perBin: 1, metrics: ['rouge1'], seed: 7, disjoint: true };

function sampled(db: StudyDb, task: string) {
  return db
    .prepare(
      `SELECT o.id, o.model, o.item_id, t.bin, t.avg_score FROM tasks t JOIN samples s ON s.id = t.sample_id
       JOIN outputs o ON o.id = t.output_id WHERE s.task = ? ORDER BY o.model, t.bin, o.item_id`,
    )
    .all(task) as Array<{ id: number; model: string; item_id: string; bin: number; avg_score: number }>;
}

describe('drawSample', () => {
  it('bins each model by the chosen metric, reports ineligible outputs, and stores parameters and audit', async () => {
    const { db } = await twoModelStudy();
    const summary = drawSample(db, rating, fixedClock);
    // m2 has 9 eligible outputs: bin boundaries floor(b·9/5) = 1, 3, 5, 7, 9 → sizes 1, 2, 2, 2, 2.
    expect(summary.perModel).toEqual([
      { model: 'm1', eligible: 10, ineligible: 0, withoutReference: 0, binSizes: [2, 2, 2, 2, 2], drawn: 5 },
      { model: 'm2', eligible: 9, ineligible: 1, withoutReference: 0, binSizes: [1, 2, 2, 2, 2], drawn: 5 },
    ]);
    const rows = sampled(db, 'rating');
    for (const row of rows.filter((r) => r.model === 'm1')) {
      const i = Number(row.item_id.slice(2));
      expect(row.bin).toBe(Math.floor(i / 2) + 1);
      expect(row.avg_score).toBe(i / 10);
    }
    // m2's lowest score (0.1) belongs to it08, alone in bin 1.
    expect(rows.find((r) => r.model === 'm2' && r.bin === 1)).toMatchObject({ item_id: 'it08', avg_score: 0.1 });
    expect(
      db.prepare('SELECT task, bins, per_bin, metrics_json, seed, disjoint, models_json FROM samples').get(),
    ).toEqual({
      task: 'rating',
      bins: 5,
      per_bin: 1,
      metrics_json: '["rouge1"]',
      seed: 7,
      disjoint: 1,
      models_json: '["m1","m2"]',
    });
    expect(db.prepare(`SELECT count(*) FROM audit_log WHERE action = 'sample.create'`).pluck().get()).toBe(1);
  });

  it('averages every metric present by default (m1: all 0.5, ties ordered by item_id)', async () => {
    const { db } = await twoModelStudy();
    const summary = drawSample(db, { ...rating, metrics: [], models: ['m1'] }, fixedClock);
    expect(summary.metrics).toEqual(['rouge1', 'rougeL']);
    for (const row of sampled(db, 'rating')) {
      expect(row.avg_score).toBe(0.5);
      expect(row.bin).toBe(Math.floor(Number(row.item_id.slice(2)) / 2) + 1);
    }
  });

  it('draws a preference sample disjoint from the rating sample: with bins of 2 it is exactly the complement', async () => {
    const { db } = await twoModelStudy();
    drawSample(db, { ...rating, models: ['m1'] }, fixedClock);
    drawSample(db, { ...rating, task: 'preference', seed: 99, models: ['m1'] }, fixedClock);
    const ratingItems = sampled(db, 'rating').map((r) => r.item_id);
    const preferenceItems = sampled(db, 'preference').map((r) => r.item_id);
    expect([...ratingItems, ...preferenceItems].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `it0${i}`));
  });

  it('lets an overlapping preference sample reuse rated outputs when asked', async () => {
    const { db } = await twoModelStudy();
    drawSample(db, { ...rating, perBin: 2, models: ['m1'] }, fixedClock);
    expect(() => drawSample(db, { ...rating, task: 'preference', models: ['m1'] }, fixedClock)).toThrow(
      'Model "m1": bin 1 has 0 outputs left after excluding 2 already sampled, fewer than the 1 requested per bin',
    );
    const overlap = drawSample(db, { ...rating, task: 'preference', models: ['m1'], disjoint: false }, fixedClock);
    expect(overlap.tasks).toBe(5);
  });

  it('is the same for the same seed in two separate studies', async () => {
    const a = await twoModelStudy();
    const b = await twoModelStudy();
    drawSample(a.db, { ...rating, seed: 123 }, fixedClock);
    drawSample(b.db, { ...rating, seed: 123 }, fixedClock);
    const key = (db: StudyDb) => sampled(db, 'rating').map((r) => `${r.model}/${r.item_id}/${r.bin}`);
    expect(key(a.db)).toEqual(key(b.db));
  });

  it('fails clearly, storing nothing, when per-bin exceeds a bin or a name is unknown', async () => {
    const { db } = await twoModelStudy();
    expect(() => drawSample(db, { ...rating, perBin: 2 }, fixedClock)).toThrow(
      'Model "m2": bin 1 has 1 outputs, fewer than the 2 requested per bin (9 eligible outputs in 5 bins).',
    );
    expect(() => drawSample(db, { ...rating, models: ['m3'] }, fixedClock)).toThrow(
      'Unknown model "m3"; the study has "m1", "m2".',
    );
    expect(() => drawSample(db, { ...rating, metrics: ['bleu'] }, fixedClock)).toThrow(
      'Unknown metric "bleu"; the outputs have rouge1, rougeL.',
    );
    expect(() => drawSample(db, { ...rating, seed: -1 }, fixedClock)).toThrow('The seed must be a whole number');
    expect(db.prepare('SELECT count(*) FROM samples').pluck().get()).toBe(0);
    drawSample(db, rating, fixedClock);
    expect(() => drawSample(db, rating, fixedClock)).toThrow(
      'This study already has a rating sample (#1); draw it again as a replacement.',
    );
  });

  it('replaces a sample drawn by mistake, until a rater has been dealt its tasks', async () => {
    const { db } = await twoModelStudy();
    drawSample(db, rating, fixedClock);
    const summary = drawSample(db, { ...rating, seed: 8, metrics: ['rouge1', 'rougeL'], replace: true }, fixedClock);
    expect(summary.replaced).toBe(true);
    const samples = db.prepare('SELECT id, seed FROM samples').all();
    expect(samples).toEqual([{ id: summary.sampleId, seed: 8 }]);
    expect(db.prepare('SELECT DISTINCT sample_id FROM tasks').pluck().all()).toEqual([summary.sampleId]);
    const audit = db.prepare("SELECT old_value, new_value FROM audit_log WHERE action = 'sample.replace'").get() as {
      old_value: string;
      new_value: string;
    };
    expect(JSON.parse(audit.old_value)).toMatchObject({ id: 1, seed: 7 });
    expect(JSON.parse(audit.new_value)).toMatchObject({ seed: 8, tasks: 10 });

    assignRaters(db, { raters: ['Dr Early'], seed: 1, clock: fixedClock });
    expect(() => drawSample(db, { ...rating, replace: true }, fixedClock)).toThrow(
      `The rating sample #${summary.sampleId} cannot be replaced: 1 rater(s) already have its tasks.`,
    );
    expect(db.prepare('SELECT seed FROM samples').pluck().all()).toEqual([8]);
  });

  it('sums the chosen metrics in code-unit order whatever order they are given in', async () => {
    const study = freshStudy();
    const path = join(study.folder, 'three-metrics.jsonl');
    const scores = { rouge1: 0.1, rouge2: 0.2, rougeL: 0.3 };
    writeFileSync(path, `${JSON.stringify({ item_id: 'q1', model: 'm', question: 'Q?', output: 'a', scores })}\n`);
    await importFiles(study.db, [path], { clock: fixedClock });
    const summary = drawSample(study.db, { ...rating, bins: 1, metrics: ['rougeL', 'rouge2', 'rouge1'] }, fixedClock);
    // Floating-point addition is not associative: (0.3 + 0.2) + 0.1 and (0.1 + 0.2) + 0.3 differ in the last bit,
    // so a typed order would change averages, tie-breaks and bins.
    expect((0.3 + 0.2 + 0.1) / 3).not.toBe((0.1 + 0.2 + 0.3) / 3);
    expect(summary.metrics).toEqual(['rouge1', 'rouge2', 'rougeL']);
    expect(sampled(study.db, 'rating')[0]!.avg_score).toBe((0.1 + 0.2 + 0.3) / 3);
  });

  it('leaves outputs whose item has no reference out of a preference sample, and says how many', async () => {
    const study = freshStudy();
    const path = join(study.folder, 'references.jsonl');
    const lines = [0, 1, 2, 3].map((i) =>
      JSON.stringify({
        item_id: `q${i}`,
        model: 'm',
        question: 'Q?',
        output: `a${i}`,
        reference: i === 0 ? '' : `r${i}`,
        scores: { rouge1: i / 10 },
      }),
    );
    writeFileSync(path, `${lines.join('\n')}\n`);
    await importFiles(study.db, [path], { clock: fixedClock });
    const summary = drawSample(study.db, { ...rating, task: 'preference', bins: 3, perBin: 1 }, fixedClock);
    expect(summary.perModel[0]).toMatchObject({ eligible: 3, withoutReference: 1, binSizes: [1, 1, 1] });
    expect(sampled(study.db, 'preference').map((r) => r.item_id)).toEqual(['q1', 'q2', 'q3']);
    // The rating sample needs no reference: all four outputs are eligible.
    expect(
      drawSample(study.db, { ...rating, bins: 1, perBin: 4, disjoint: false }, fixedClock).perModel[0],
    ).toMatchObject({ eligible: 4 });
  });
});

describe('exportTable', () => {
  async function importedStudy() {
    const study = freshStudy();
    await importFiles(study.db, [fixture('hostile.csv'), fixture('outputs.jsonl'), fixture('outputs.json')], {
      clock: fixedClock,
    });
    return study;
  }

  it('writes outputs as CSV with the import columns, which imports again to the same export', async () => {
    const first = await importedStudy();
    const firstCsv = join(first.folder, 'outputs.csv');
    expect(await exportTable(first.db, { what: 'outputs', format: 'csv', out: firstCsv })).toBe(7);
    const text = readFileSync(firstCsv, 'utf8');
    expect(text.split('\n')[0]).toBe(
      'item_id,model,output,question,context,reference,category,source_id,score_bertscore,score_rouge1,score_rougeL,score_umls_f1',
    );
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(records.find((r) => r.item_id === 'c1')).toMatchObject({
      question: 'Commas, "quotes" and\nnewlines?',
      score_rouge1: '0.5',
      score_umls_f1: '',
    });

    const second = freshStudy();
    await importFiles(second.db, [firstCsv], { clock: fixedClock });
    const secondCsv = join(second.folder, 'again.csv');
    await exportTable(second.db, { what: 'outputs', format: 'csv', out: secondCsv });
    expect(readFileSync(secondCsv, 'utf8')).toBe(text);
  });

  it('writes outputs as JSON Lines that import again to the same export', async () => {
    const first = await importedStudy();
    const out = join(first.folder, 'outputs.jsonl');
    await exportTable(first.db, { what: 'outputs', format: 'jsonl', out });
    const text = readFileSync(out, 'utf8');
    const rows = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.find((r) => r.item_id === 'c1')).toMatchObject({
      item_id: 'c1',
      model: 'alpha',
      score_rouge1: 0.5,
      score_umls_f1: null,
    });
    const second = freshStudy();
    await importFiles(second.db, [out], { clock: fixedClock });
    const again = join(second.folder, 'again.jsonl');
    await exportTable(second.db, { what: 'outputs', format: 'jsonl', out: again });
    expect(readFileSync(again, 'utf8')).toBe(text);
  });

  it('writes the sample with task, item_id, model, avg_score and bin, and the audit log', async () => {
    const { db, folder } = await twoModelStudy();
    drawSample(db, rating, fixedClock);
    const out = join(folder, 'sample.csv');
    expect(await exportTable(db, { what: 'sample', format: 'csv', out })).toBe(10);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toEqual({
      task: 'rating',
      sample_id: '1',
      item_id: expect.any(String),
      model: 'm1',
      avg_score: expect.any(String),
      bin: '1',
      seed: '7',
    });
    const audit = join(folder, 'audit.jsonl');
    expect(await exportTable(db, { what: 'audit', format: 'jsonl', out: audit })).toBe(3);
    expect(
      readFileSync(audit, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).action),
    ).toEqual(['study.create', 'import', 'sample.create']);
  });

  it('writes the tidy ratings header when nothing is rated yet', async () => {
    const { db, folder } = await twoModelStudy();
    const out = join(folder, 'ratings.csv');
    expect(await exportTable(db, { what: 'ratings', format: 'csv', out })).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(
      'rater,item_id,model,task,qc,dimension,value,dimension_kind,scale,dimension_role,bin,presented_position,duration_ms,rated_at,package_id,flagged,comment,model_a,model_b,both_unacceptable,provenance,adjudicated_value\n',
    );
  });

  it('leaves neither the target nor a temporary file behind when writing fails', async () => {
    const { db, folder } = await importedStudy();
    const before = readdirSync(folder).sort();
    await expect(
      exportTable(db, { what: 'outputs', format: 'csv', out: join(folder, 'missing-dir', 'x.csv') }),
    ).rejects.toThrow('ENOENT');
    expect(readdirSync(folder).sort()).toEqual(before);
  });
});
