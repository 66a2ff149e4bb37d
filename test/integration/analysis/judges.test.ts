/**
 * An LLM judge's ratings end to end on the demo study with simulated physicians: import (refusal lists
 * every problem and leaves the master byte-identical), the judge kept out of every physician figure, and
 * the judge comparison equal to a direct computation from the same values.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeAnalysisResult, type AnalysisResult, type TidyRatingRow } from '../../../shared/analysis';
import { intraclassCorrelations, meanWithTInterval, weightedKappa } from '../../../shared/stats';
import {
  analyzeStudy,
  analyzeStudyOffThread,
  readReportStudy,
  writeStudyReport,
} from '../../../electron/services/analysis';
import { buildDemoStudy } from '../../../electron/services/demo';
import { exportTable } from '../../../electron/services/exporter';
import { importJudgeRatings } from '../../../electron/services/judge-import';
import { openStudy } from '../../../electron/services/study';
import { readTidyRatingRows } from '../../../electron/services/tidy-ratings';
import { ImportRefused } from '../../../shared/import/problems';
import { buildReportModel } from '../../../shared/report/build';
import { modelTables } from '../../../shared/report/model';
import { simulateRatings } from './simulate-ratings';

const CLI = new URL('../../../electron/cli/blindrate.mjs', import.meta.url).pathname;
const PASSPHRASE = 'judge test passphrase';
const clock = () => new Date('2026-03-05T12:00:00.000Z');
const options = { bootstrap: 200, seed: 5 };
const LIKERT = [1, 2, 3, 4, 5];

let dir: string;
let study: string;
let physicianRows: TidyRatingRow[];
/** The analysis and the tidy export before any judge was imported. */
let before: { json: string; export: string };

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function withDb<T>(use: (db: ReturnType<typeof openStudy>) => T): T {
  const db = openStudy(study, PASSPHRASE);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** The judge's value for an output: the first physician's value, one higher on every third output (a bias). */
function judgeValue(row: TidyRatingRow, index: number): number {
  return index % 3 === 0 ? Math.min(5, (row.value as number) + 1) : (row.value as number);
}

/** One judge row per output and Likert dimension the physicians rated. */
function judgeFile(): { text: string; values: Map<string, number> } {
  const values = new Map<string, number>();
  // A column of its own (the judge's reasoning) is ignored.
  const lines = ['item_id,model,dimension,value,reasoning'];
  for (const row of physicianRows) {
    if (row.task !== 'rating' || row.dimension === 'safety') continue;
    const key = JSON.stringify([row.itemId, row.model, row.dimension]);
    if (values.has(key)) continue;
    const value = judgeValue(row, values.size);
    values.set(key, value);
    lines.push(`${row.itemId},${row.model},${row.dimension},${value},"looks fine, mostly"`);
  }
  return { text: `${lines.join('\n')}\n`, values };
}

/** The tidy ratings export of the study, as text. */
async function tidyExport(): Promise<string> {
  const db = openStudy(study, PASSPHRASE);
  try {
    await exportTable(db, { what: 'ratings', format: 'csv', out: join(dir, 'ratings.csv') });
  } finally {
    db.close();
  }
  return readFileSync(join(dir, 'ratings.csv'), 'utf8');
}

function blindrate(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-judges-'));
  study = join(dir, 'demo.db');
  await buildDemoStudy(study, PASSPHRASE, clock);
  withDb((db) => simulateRatings(db));
  physicianRows = withDb((db) => readTidyRatingRows(db)).filter((r) => r.qc === null);
  before = { json: withDb((db) => serializeAnalysisResult(analyzeStudy(db, options))), export: await tidyExport() };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import-ratings refusal', () => {
  it('lists every problem, one line each with row and column, and leaves the master byte-identical', () => {
    const [first, second] = physicianRows.filter((r) => r.task === 'rating' && r.dimension === 'factuality');
    const lines = [
      'item_id,model,dimension,value',
      `${first!.itemId},${first!.model},factuality,3`,
      `no-such-item,${first!.model},factuality,3`,
      `${first!.itemId},${first!.model},fluency,3`,
      `${second!.itemId},${second!.model},factuality,7`,
      `${second!.itemId},${second!.model},relevance,good`,
      '',
      `${first!.itemId},${first!.model},factuality,4`,
    ];
    writeFileSync(join(dir, 'bad.csv'), `${lines.join('\n')}\n`);
    const digest = sha256(study);
    let refusal: unknown;
    withDb((db) => {
      try {
        importJudgeRatings(db, join(dir, 'bad.csv'), { judge: 'gpt-judge', clock });
      } catch (error) {
        refusal = error;
      }
    });
    expect(refusal).toBeInstanceOf(ImportRefused);
    const problems = (refusal as ImportRefused).problems.map((p) => [p.record, p.field]);
    expect(problems).toEqual([
      ['row 3', 'item_id'],
      ['row 4', 'dimension'],
      ['row 5', 'value'],
      ['row 6', 'value'],
      // Row 7 is blank: a spreadsheet shows it, so the duplicate is row 8.
      ['row 8', 'dimension'],
    ]);
    expect((refusal as ImportRefused).message.split('\n')).toEqual([
      'Nothing was imported: 5 problems in 1 file.',
      `Row 3 of bad.csv: item_id: the study has no output of item "no-such-item" by model "${first!.model}".`,
      'Row 4 of bad.csv: dimension: "fluency" is not a dimension of the study\'s rubric (factuality, brevity, patient_friendliness, relevance, safety).',
      'Row 5 of bad.csv: value: 7 is not on the scale of "factuality" (1, 2, 3, 4, 5).',
      'Row 6 of bad.csv: value: "good" is not a whole number.',
      `Row 8 of bad.csv: dimension: "factuality" of item "${first!.itemId}", model "${first!.model}" is rated on row 2 already.`,
    ]);
    expect(sha256(study)).toBe(digest);
  });

  it('refuses a judge named like a physician, and a missing column, before writing anything', () => {
    writeFileSync(join(dir, 'nocolumn.csv'), 'item_id,model,value\nq,m,3\n');
    const digest = sha256(study);
    withDb((db) => {
      expect(() => importJudgeRatings(db, join(dir, 'nocolumn.csv'), { judge: 'DR.ADAMS', clock })).toThrow(
        '"DR.ADAMS" is a physician of this study; a judge needs a name of its own.',
      );
      expect(() => importJudgeRatings(db, join(dir, 'nocolumn.csv'), { judge: 'gpt-judge', clock })).toThrow(
        'Header of nocolumn.csv: the column "dimension" is missing.',
      );
    });
    expect(sha256(study)).toBe(digest);
  });
});

describe('an imported judge', () => {
  let file: ReturnType<typeof judgeFile>;
  let result: AnalysisResult;

  beforeAll(() => {
    file = judgeFile();
    writeFileSync(join(dir, 'judge.csv'), file.text);
    const run = blindrate('import-ratings', 'demo.db', 'judge.csv', '--judge', 'gpt-judge');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `Imported judge "gpt-judge": ${file.values.size} ratings of ${new Set([...file.values.keys()].map((k) => JSON.stringify(JSON.parse(k).slice(0, 2)))).size} outputs.\n`,
    );
    result = withDb((db) => analyzeStudy(db, options));
  });

  it('is audited with its file digest', () => {
    const entry = withDb(
      (db) =>
        db.prepare("SELECT actor, new_value FROM audit_log WHERE action = 'judge.import'").get() as {
          actor: string;
          new_value: string;
        },
    );
    expect(entry.actor).toBe('coordinator');
    expect(JSON.parse(entry.new_value)).toEqual({
      name: 'gpt-judge',
      file: 'judge.csv',
      sha256: sha256(join(dir, 'judge.csv')),
      ratings: file.values.size,
    });
  });

  it('changes no physician figure and no row of the tidy export', async () => {
    const { judges, ...physicians } = result;
    expect(judges).toHaveLength(1);
    expect(serializeAnalysisResult(physicians)).toBe(before.json);
    expect(await tidyExport()).toBe(before.export);
  });

  it('gives agreement and bias equal to a direct computation from the same values', () => {
    const comparison = result.judges![0]!;
    expect(comparison.judge).toBe('gpt-judge');
    expect(comparison.dimensions.map((d) => d.dimension)).toEqual([
      'brevity',
      'factuality',
      'patient_friendliness',
      'relevance',
    ]);
    for (const d of comparison.dimensions) {
      const own = physicianRows.filter((r) => r.task === 'rating' && r.dimension === d.dimension);
      const judgeOf = (r: TidyRatingRow) => file.values.get(JSON.stringify([r.itemId, r.model, d.dimension]))!;
      const physicians = [...new Set(own.map((r) => r.rater))].sort();
      // Against each physician: κ on the outputs both rated.
      const kappas = physicians.map((p) => {
        const mine = own.filter((r) => r.rater === p);
        return weightedKappa(
          mine.map(judgeOf),
          mine.map((r) => r.value as number),
          LIKERT,
          'quadratic',
        )!;
      });
      expect(d.per_physician.map((p) => [p.physician, p.n])).toEqual(
        physicians.map((p) => [p, own.filter((r) => r.rater === p).length]),
      );
      d.per_physician.forEach((p, i) => expect(p.weighted_kappa).toBeCloseTo(kappas[i]!, 12));
      expect(d.judge_physician_kappa.value).toBeCloseTo(kappas.reduce((s, k) => s + k, 0) / kappas.length, 12);
      // Physician–physician: the mean of the pairwise κ the agreement section reports.
      const pairwise = result.agreement[d.dimension]!.weighted_kappa!.map((k) => k.kappa!);
      expect(d.physician_physician_kappa.value).toBeCloseTo(pairwise.reduce((s, k) => s + k, 0) / pairwise.length, 12);
      // Against the physicians' mean, and the bias.
      const outputs = [...new Set(own.map((r) => JSON.stringify([r.itemId, r.model])))];
      const table = outputs.map((o) => {
        const rated = own.filter((r) => JSON.stringify([r.itemId, r.model]) === o);
        return [judgeOf(rated[0]!), rated.reduce((s, r) => s + (r.value as number), 0) / rated.length];
      });
      expect(d.n).toBe(outputs.length);
      const icc = intraclassCorrelations(table)!;
      expect(d.vs_physician_mean.icc_absolute_single!.value).toBeCloseTo(icc.absolute_single.value!, 12);
      const bias = meanWithTInterval(table.map(([j, m]) => j! - m!));
      expect(d.bias.mean).toBeCloseTo(bias.mean!, 12);
      expect(d.bias.ci95![0]).toBeCloseTo(bias.ci95![0], 12);
      expect(d.bias.mean!).toBeGreaterThan(0);
      // The verdict reads the judge's value against the physicians' interval.
      const [low, high] = d.physician_physician_kappa.ci95!;
      const value = d.judge_physician_kappa.value!;
      expect(d.verdict).toBe(value < low ? 'below' : value > high ? 'above' : 'within');
    }
  });

  it('is reproducible: the same seed gives the same intervals, also with the resamples in worker threads', async () => {
    expect(serializeAnalysisResult(withDb((db) => analyzeStudy(db, options)))).toBe(serializeAnalysisResult(result));
    const db = openStudy(study, PASSPHRASE);
    try {
      expect(serializeAnalysisResult(await analyzeStudyOffThread(db, options))).toBe(serializeAnalysisResult(result));
    } finally {
      db.close();
    }
  });

  it('shows in the report model (HTML and Reports screen) as its own section', () => {
    const model = withDb((db) => buildReportModel(result, readReportStudy(db, clock)));
    const section = model.sections.find((s) => s.id === 'judges');
    expect(section?.title).toBe('LLM judge against the physicians');
    const labels = modelTables({ ...model, sections: [section!] }).map((t) => t.label);
    expect(labels).toEqual(['Judge against physicians per dimension', 'Judge against each physician']);
    withDb((db) => writeStudyReport(db, { ...options, out: join(dir, 'report.html'), clock }));
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('LLM judge against the physicians');
    expect(html).toContain('gpt-judge');
  });

  it('refuses a second judge of the same name', () => {
    const run = blindrate('import-ratings', 'demo.db', 'judge.csv', '--judge', 'GPT-judge');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('blindrate: The study has a judge named "GPT-judge" already.\n');
  });
});
