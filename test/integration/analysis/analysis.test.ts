import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { parse } from 'csv-parse/sync';
import { DATA_DICTIONARY, serializeAnalysisResult, type AnalysisResult } from '../../../shared/analysis';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { analyzeStudy, analyzeStudyOffThread, writeStudyReport } from '../../../electron/services/analysis';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { buildDemoStudy } from '../../../electron/services/demo';
import { exportTable } from '../../../electron/services/exporter';
import { openStudy } from '../../../electron/services/study';
import { readTidyRatingRows } from '../../../electron/services/tidy-ratings';
import { SIMULATED_RATERS, simulateRatings } from './simulate-ratings';

const PASSPHRASE = 'analysis test passphrase';
const clock = () => new Date('2026-03-05T12:00:00.000Z');
const options = { bootstrap: 200, seed: 3 };

let dir: string;
let db: StudyDb;
let written: { ratings: number; preferences: number };
let result: AnalysisResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-analysis-'));
  await buildDemoStudy(join(dir, 'demo.db'), PASSPHRASE, clock);
  db = openStudy(join(dir, 'demo.db'), PASSPHRASE);
  written = simulateRatings(db);
  result = analyzeStudy(db, options);
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tidy rows read from a study', () => {
  it('has one row per rating value and per preference choice, each with its bin and the output scores', () => {
    const rows = readTidyRatingRows(db);
    expect(rows.filter((r) => r.task === 'rating')).toHaveLength(written.ratings);
    expect(rows.filter((r) => r.task === 'preference')).toHaveLength(written.preferences);
    expect(rows.every((r) => r.bin !== null && Object.keys(r.scores).length > 0)).toBe(true);
  });

  it('records where the MODEL answer was shown, from the stored position A', () => {
    const stored = new Map(
      (
        db
          .prepare(
            `SELECT r.name || '|' || o.item_id || '|' || o.model AS k, a.presented_a FROM assignments a
        JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id
        WHERE a.presented_a IS NOT NULL`,
          )
          .all() as Array<{ k: string; presented_a: string }>
      ).map((x) => [x.k, x.presented_a]),
    );
    const preferences = readTidyRatingRows(db).filter((r) => r.task === 'preference');
    expect(preferences.length).toBeGreaterThan(0);
    for (const row of preferences) {
      const presentedA = stored.get(`${row.rater}|${row.itemId}|${row.model}`);
      expect(row.task === 'preference' && row.presentedPosition).toBe(presentedA === 'model' ? 'A' : 'B');
    }
  });
});

describe('analyzeStudy', () => {
  it('takes dimension kinds and scales from the study rubric, in rubric order', () => {
    expect(result.dimensions.map((d) => [d.key, d.kind])).toEqual([
      ...MEDISUMQA_RUBRIC.dimensions.map((d) => [d.key, d.kind]),
      ['preference', 'preference'],
    ]);
    expect(result.agreement.factuality!.level).toBe('ordinal');
    expect(result.agreement.safety!.level).toBe('nominal');
    expect(result.agreement.factuality!.weighted_kappa).toHaveLength(3);
  });

  it('covers every metric × rating dimension × (model and ALL)', () => {
    const ratingDimensions = MEDISUMQA_RUBRIC.dimensions.length;
    expect(result.correlations).toHaveLength(result.metrics.length * ratingDimensions * (result.models.length + 1));
    expect(result.counts).toEqual({
      raters: SIMULATED_RATERS.length,
      outputs: expect.any(Number),
      ratings: written.ratings,
      preferences: written.preferences,
    });
  });

  it('gives the same numbers from the exported tidy CSV alone', async () => {
    const csvPath = join(dir, 'ratings.csv');
    await exportTable(db, { what: 'ratings', format: 'csv', out: csvPath });
    const fromCsv = await analyzeRatingsFile(csvPath, options);
    // Same bootstrap seed: the JSON is byte for byte the same, dimensions in rubric order included.
    expect(serializeAnalysisResult(fromCsv)).toBe(serializeAnalysisResult(result));
  });
});

describe('analyzeStudyOffThread', () => {
  it('computes in a worker thread the same JSON as analyzeStudy, while this thread keeps running', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const offThread = await analyzeStudyOffThread(db, options);
    clearInterval(timer);
    expect(serializeAnalysisResult(offThread)).toBe(serializeAnalysisResult(result));
    expect(ticks).toBeGreaterThan(0);
  });

  it('turns a data problem found in the worker into a one-line study error', async () => {
    await expect(analyzeStudyOffThread(db, { bootstrap: -1, seed: 1 })).rejects.toThrow(
      'Bootstrap resamples must be a whole number ≥ 0',
    );
  });
});

describe('ratings exports', () => {
  it('writes the wide table: one row per rater × output × task, rubric dimensions as columns', async () => {
    const out = join(dir, 'wide.csv');
    await exportTable(db, { what: 'ratings-wide', format: 'csv', out });
    const [header, ...rows] = parse(readFileSync(out, 'utf8')) as string[][];
    expect(header!.slice(0, 12)).toEqual([
      'rater',
      'item_id',
      'model',
      'task',
      'qc',
      'bin',
      ...MEDISUMQA_RUBRIC.dimensions.map((d) => d.key),
      'preference',
    ]);
    expect(rows).toHaveLength(db.prepare('SELECT count(*) FROM responses').pluck().get() as number);
  });

  it('writes the data dictionary', async () => {
    const out = join(dir, 'dictionary.csv');
    expect(await exportTable(db, { what: 'dictionary', format: 'csv', out })).toBe(DATA_DICTIONARY.length);
    expect(readFileSync(out, 'utf8')).toContain('presented_position');
  });
});

describe('writeStudyReport', () => {
  it('writes the HTML report and the same JSON as the analysis', () => {
    const out = join(dir, 'report.html');
    const json = join(dir, 'analysis.json');
    writeStudyReport(db, { ...options, out, json, clock });
    expect(readFileSync(json, 'utf8')).toBe(serializeAnalysisResult(result));
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('BlindRate demo');
    expect(html).toContain('generated 2026-03-05T12:00:00.000Z');
    expect(html).not.toMatch(/<script|https?:|src=|href=|url\(/i);
    for (const model of result.models) expect(html).toContain(model);
  });
});
