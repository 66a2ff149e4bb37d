import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeAnalysisResult } from '../../../shared/analysis';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { buildDemoStudy } from '../../../electron/services/demo';
import { openStudy } from '../../../electron/services/study';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { simulateRatings } from './simulate-ratings';

const CLI = new URL('../../../electron/cli/blindrate.mjs', import.meta.url).pathname;
const FIXTURE = new URL('../../fixtures/analysis/ratings_small.csv', import.meta.url).pathname;
const PASSPHRASE = 'cli analysis passphrase';
let dir: string;

function blindrate(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-cli-analysis-'));
  await buildDemoStudy(join(dir, 'demo.db'), PASSPHRASE, () => new Date('2026-03-05T12:00:00.000Z'));
  const db = openStudy(join(dir, 'demo.db'), PASSPHRASE);
  simulateRatings(db);
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('blindrate analyze', () => {
  it('writes the same JSON as the analysis service, reproducibly', async () => {
    const run = blindrate('analyze', FIXTURE, '--json', 'out.json', '--bootstrap', '50', '--seed', '2');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'Analysed 77 rating values and 13 preference choices from 3 raters on 12 outputs; wrote out.json.\n',
    );
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe(
      serializeAnalysisResult(await analyzeRatingsFile(FIXTURE, { bootstrap: 50, seed: 2, threads: 1 })),
    );
  });

  it("analyses a pairwise study's export and counts its judgements", async () => {
    const pairs = new URL('../../fixtures/analysis/pairwise_small.csv', import.meta.url).pathname;
    const run = blindrate('analyze', pairs, '--json', 'pairs.json', '--bootstrap', '20');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      'Analysed 0 rating values and 0 preference choices from 0 raters on 0 outputs, and 576 pairwise judgements; wrote pairs.json.\n',
    );
    expect(readFileSync(join(dir, 'pairs.json'), 'utf8')).toBe(
      serializeAnalysisResult(await analyzeRatingsFile(pairs, { bootstrap: 20, seed: 1, threads: 1 })),
    );
  });

  it('refuses a broken file with one line naming the line and column', () => {
    writeFileSync(join(dir, 'bad.csv'), 'rater,item_id,model,dimension,value\na,q1,m,factuality,good\n');
    const run = blindrate('analyze', 'bad.csv');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'blindrate: Line 2 of bad.csv: "value" of dimension "factuality" must be a whole number, got "good"\n',
    );
  });
});

describe('blindrate report, export and score', () => {
  it('writes report.html and the JSON from a study', () => {
    const run = blindrate('report', 'demo.db', '--out', 'report.html', '--json', 'report.json', '--bootstrap', '100');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).parameters).toMatchObject({
      bootstrap: 100,
      seed: 1,
    });
  });

  it('analyses the exported tidy ratings to the same JSON as the report, byte for byte (dimensions in rubric order)', () => {
    expect(blindrate('export', 'demo.db', '--what', 'ratings', '--out', 'ratings.csv').code).toBe(0);
    expect(blindrate('analyze', 'ratings.csv', '--json', 'from-csv.json', '--bootstrap', '100').code).toBe(0);
    const fromCsv = readFileSync(join(dir, 'from-csv.json'), 'utf8');
    expect(fromCsv).toBe(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(JSON.parse(fromCsv).dimensions.map((d: { key: string }) => d.key)).toEqual([
      ...MEDISUMQA_RUBRIC.dimensions.map((d) => d.key),
      'preference',
    ]);
  });

  it("gives the study's numbers from its export when the ratings do not span the scale (AC2 over 1–5, not 2–4)", async () => {
    await buildDemoStudy(join(dir, 'narrow.db'), PASSPHRASE, () => new Date('2026-03-05T12:00:00.000Z'));
    const db = openStudy(join(dir, 'narrow.db'), PASSPHRASE);
    simulateRatings(db, 7, [2, 4]);
    db.close();
    expect(blindrate('report', 'narrow.db', '--out', 'narrow.html', '--json', 'narrow.json').code).toBe(0);
    expect(blindrate('export', 'narrow.db', '--what', 'ratings', '--out', 'narrow.csv').code).toBe(0);
    expect(blindrate('analyze', 'narrow.csv', '--json', 'narrow-from-csv.json').code).toBe(0);
    const report = readFileSync(join(dir, 'narrow.json'), 'utf8');
    expect(JSON.parse(report).dimensions[0]).toMatchObject({ kind: 'likert', categories: [1, 2, 3, 4, 5] });
    expect(readFileSync(join(dir, 'narrow-from-csv.json'), 'utf8')).toBe(report);
  });

  it('computes missing ROUGE scores with score --rouge', () => {
    expect(blindrate('score', 'demo.db').stderr).toBe(
      'blindrate: Say what to compute: --rouge (the only metric BlindRate computes itself).\n',
    );
    const scored = blindrate('score', 'demo.db', '--rouge', '--stem');
    expect(scored.code).toBe(0);
    expect(scored.stdout).toMatch(/^Computed ROUGE \(stemmed\) for \d+ outputs \(\d+ values\)\.\n$/);
  });

  it('computes missing ROUGE scores right after an import with import --rouge', () => {
    expect(blindrate('demo', '--out', 'data').code).toBe(0);
    expect(blindrate('init', 'fresh.db').code).toBe(0);
    const imported = blindrate('import', 'fresh.db', join('data', 'demo-outputs.jsonl'), '--rouge');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/\nComputed ROUGE for \d+ outputs \(\d+ values\)\.\n$/);
  });

  it('reports after import --rouge --stem, in the words of score, the outputs left without a reference', () => {
    expect(blindrate('init', 'no-reference.db').code).toBe(0);
    writeFileSync(
      join(dir, 'two.jsonl'),
      '{"item_id":"r1","model":"m","question":"q","output":"fevers and chills","reference":"chills and fever"}\n' +
        '{"item_id":"r2","model":"m","question":"q","output":"no reference here"}\n',
    );
    const imported = blindrate('import', 'no-reference.db', 'two.jsonl', '--rouge', '--stem');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /\nComputed ROUGE \(stemmed\) for 1 outputs \(4 values\); 1 outputs have no reference and stay unscored\.\n$/,
    );
  });
});
