/** The `blindrate` executable end to end, as a coordinator runs it (a few spawns of the prebuilt bundle). */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeDemoFiles } from '../../../electron/services/demo';
import { openStudy, readActiveRubric } from '../../../electron/services/study';
import { RUBRIC_PRESETS } from '../../../shared/rubric';
import { count, fixture, freshFolder, freshStudy, PASSPHRASE } from './helpers';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function blindrate(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_NEW_PASSPHRASE: undefined, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('blindrate CLI', () => {
  it('runs init → import → sample → export on the demo files', async () => {
    const folder = freshFolder();
    const study = join(folder, 'study.db');
    writeDemoFiles(join(folder, 'data'));
    expect(await blindrate(['init', study, '--rubric', 'chq-summ'])).toMatchObject({
      code: 0,
      stdout: `Created ${study} with the rubric "CHQ-Summ human evaluation".\n`,
    });
    const imported = await blindrate([
      'import',
      study,
      join(folder, 'data', 'demo-outputs.jsonl'),
      join(folder, 'data', 'demo-outputs.csv'),
    ]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      'Imported 120 outputs, 30 new items; models: atlas-7b, borealis-13b, cygnus-70b, delphi-8b.',
    );
    const sampled = await blindrate([
      'sample',
      study,
      '--task',
      'rating',
      '--bins',
      '5',
      '--per-bin',
      '3',
      '--models',
      'atlas-7b,cygnus-70b',
      '--metrics',
      'rouge1,rougeL',
      '--seed',
      '11',
    ]);
    expect(sampled.stdout).toContain(
      'Drew rating sample #1: 30 outputs (seed 11; 5 bins × 3 per model; metrics rouge1, rougeL).',
    );
    const out = join(folder, 'sample.csv');
    expect((await blindrate(['export', study, '--what', 'sample', '--format', 'csv', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe('task,sample_id,item_id,model,avg_score,bin,seed');
  });

  it.each(['pdsqi-9', 'quest'])('creates a study on the %s preset, which the study then holds as it is', async (id) => {
    const study = join(freshFolder(), 'study.db');
    const preset = RUBRIC_PRESETS[id]!;
    expect(await blindrate(['init', study, '--rubric', id])).toMatchObject({
      code: 0,
      stdout: `Created ${study} with the rubric "${preset.name}".\n`,
    });
    const db = openStudy(study, PASSPHRASE);
    expect(readActiveRubric(db)).toEqual(preset);
    db.close();
  });

  it('refuses a wrong passphrase with exit code 2, one line, and the file untouched', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const before = sha256(study);
    const run = await blindrate(['import', study, fixture('outputs.jsonl')], { BLINDRATE_PASSPHRASE: 'wrong' });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `blindrate: Wrong passphrase for ${study} (or it is not a BlindRate study).\n`,
    });
    expect(sha256(study)).toBe(before);
    expect(existsSync(`${study}-wal`) || existsSync(`${study}-shm`)).toBe(false);
  });

  it('prints one line for a bad import, imports nothing, and rekeys with the new passphrase from the environment', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const bad = await blindrate(['import', study, fixture('bad-last-record.jsonl')]);
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr: 'blindrate: Line 3 of bad-last-record.jsonl: "model" is missing\n',
    });
    const mapped = await blindrate([
      'import',
      study,
      fixture('medisumqa-style.csv'),
      '--model',
      'Mistral-7B-Instruct-v0.1',
      '--map',
      'item_id=ID',
      '--map',
      'question=Question',
      '--map',
      'context=Discharge Summary',
      '--map',
      'output=Model Answer',
      '--map',
      'reference=Ground Truth Answer',
      '--map',
      'category=Category',
      '--map',
      'score_rouge1=ROUGE_1',
      '--map',
      'score_rougeL=ROUGE_L',
    ]);
    expect(mapped.stdout).toContain('medisumqa-style.csv: 2 outputs imported (csv), 2 new items.');
    expect((await blindrate(['rekey', study], { BLINDRATE_NEW_PASSPHRASE: 'second secret' })).code).toBe(0);
    const rekeyed = openStudy(study, 'second secret');
    expect(count(rekeyed, 'outputs')).toBe(2);
    rekeyed.close();
  });

  it('asks for the passphrase instead of taking it from argv, and fails without a terminal or env', async () => {
    const folder = freshFolder();
    const run = await blindrate(['init', join(folder, 's.db'), '--passphrase', 'x']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("unknown option '--passphrase'");
    const noEnv = await blindrate(['init', join(folder, 's.db')], { BLINDRATE_PASSPHRASE: undefined });
    expect(noEnv).toMatchObject({
      code: 1,
      stderr: 'blindrate: No passphrase: set BLINDRATE_PASSPHRASE or run in a terminal to be asked for it.\n',
    });
    expect(existsSync(join(folder, 's.db'))).toBe(false);
  });

  it('refuses a weak study passphrase at init and at rekey with its reason and a suggestion', async () => {
    const folder = freshFolder();
    const weak = await blindrate(['init', join(folder, 's.db')], { BLINDRATE_PASSPHRASE: 'a' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(
      /^blindrate: The study passphrase is too weak \(strength 0 of 4, at least 3 needed\): .+\. .+\.\n$/,
    );
    expect(existsSync(join(folder, 's.db'))).toBe(false);
    const { db, path: study } = freshStudy();
    db.close();
    const rekey = await blindrate(['rekey', study], { BLINDRATE_NEW_PASSPHRASE: 'password1' });
    expect(rekey.stderr).toMatch(/^blindrate: The new study passphrase is too weak \(strength \d of 4/);
    const unchanged = openStudy(study, PASSPHRASE);
    expect(count(unchanged, 'outputs')).toBe(0);
    unchanged.close();
  });
});

describe('blindrate import of benchmark runs (test/fixtures/benchmarks, written by make_benchmark_runs.py)', () => {
  const benchmark = (path: string) => fileURLToPath(new URL(`../../fixtures/benchmarks/${path}`, import.meta.url));
  const clue = ['--from', 'clue', '--dataset', benchmark('clue/MeDiSumQA.json'), '--model', 'llama'];

  it('refuses a wrong --few-shot and a wrong dataset version with one line each, the study file byte-identical', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const before = sha256(study);
    const fewShot = await blindrate(['import', study, benchmark('clue/predictions.json'), ...clue, '--few-shot', '2']);
    expect(fewShot.code).toBe(1);
    expect(fewShot.stderr).toMatch(
      /^blindrate: Line 1 of predictions\.json: "Ground Truth Answer" does not match .*every line fits with --few-shot 1 .*\n$/,
    );
    const otherDataset = [
      '--from',
      'clue',
      '--dataset',
      benchmark('clue/MeDiSumQA-other-version.json'),
      '--model',
      'llama',
    ];
    const dataset = await blindrate(['import', study, benchmark('clue/predictions.json'), ...otherDataset]);
    expect(dataset.code).toBe(1);
    expect(dataset.stderr).toMatch(/^blindrate: Line 1 of predictions\.json: .*the version the run used .*\n$/);
    expect(sha256(study)).toBe(before);
  });

  it('imports a CLUE run and a CHQ-Summ run, the latter scored with stemmed ROUGE (rouge-score)', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const imported = await blindrate(['import', study, benchmark('clue/predictions.json'), ...clue]);
    expect(imported).toMatchObject({
      code: 0,
      stdout:
        'predictions.json: 22 outputs imported (jsonl), 22 new items.\nImported 22 outputs, 22 new items; models: llama.\n',
    });
    const chq = await blindrate([
      'import',
      study,
      benchmark('chq-summ/predictions-test.csv'),
      '--from',
      'chq-summ',
      '--source',
      benchmark('chq-summ/test.source'),
      '--target',
      benchmark('chq-summ/test.target'),
      '--model',
      'bart-large',
      '--rouge',
      '--stem',
    ]);
    expect(chq).toMatchObject({ code: 0, stderr: '' });
    expect(chq.stdout).toContain('predictions-test.csv: 6 outputs imported (csv), 6 new items.');
    // The CLUE outputs already have rouge1/2/L from the run; only rougeLsum is added for them.
    expect(chq.stdout).toContain('Computed ROUGE (stemmed) for 28 outputs (46 values).');
  });

  it('imports the 2024 CLUE layout (JSON-lines dataset, without_discharge_summary) listing its empty answer', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const run = await blindrate([
      'import',
      study,
      benchmark('clue-2024/predictions.json'),
      '--from',
      'clue',
      '--dataset',
      benchmark('clue-2024/MeDiSumQA.jsonl'),
      '--model',
      'llama',
    ]);
    expect(run).toMatchObject({
      code: 0,
      stderr: '',
      stdout:
        'predictions.json: 13 outputs imported (jsonl), 13 new items.\npredictions.json: 1 empty output imported as empty (line 5).\nImported 13 outputs, 13 new items; models: llama.\n',
    });
  });

  it('says that CHQ-Summ runs carry no scores and which ROUGE `score --rouge --stem` computes', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    const run = await blindrate([
      'import',
      study,
      benchmark('chq-summ/predictions-test.csv'),
      '--from',
      'chq-summ',
      '--source',
      benchmark('chq-summ/test.source'),
      '--model',
      'bart-large',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "as Google's rouge-score does; the paper used py-rouge 1.1, another implementation, so the values need not be the paper's.",
    );
  });

  it('says which options belong together', async () => {
    const { db, path: study } = freshStudy();
    db.close();
    expect(
      (await blindrate(['import', study, benchmark('clue/predictions.json'), '--from', 'clue', '--model', 'x'])).stderr,
    ).toBe('blindrate: --from clue needs --dataset MeDiSumQA.json (the dataset the run used).\n');
    expect((await blindrate(['import', study, benchmark('clue/predictions.json'), '--dataset', 'x.json'])).stderr).toBe(
      'blindrate: --dataset goes with --from clue.\n',
    );
    expect((await blindrate(['import', study, benchmark('clue/predictions.json'), '--join', 'x.json'])).stderr).toBe(
      'blindrate: --join and --on go together: --join ITEMS_FILE --on position|FIELD.\n',
    );
  });
});

describe('blindrate import of three differently named files', () => {
  function writeRuns(folder: string): string[] {
    const runs = [
      ['alpha.csv', 'id,prompt,answer', 'alpha'],
      ['beta.csv', 'id,prompt,generation', 'beta'],
      ['gamma.csv', 'id,prompt,prediction', 'gamma'],
    ] as const;
    return runs.map(([name, header, model]) => {
      const path = join(folder, name);
      writeFileSync(path, `${header},model\nq1,Q1?,${model} says,${model}\nq2,Q2?,"",${model}\n`);
      return path;
    });
  }

  it('go in with one command, a --map FILE:field=column for each, empty outputs listed', async () => {
    const { db, path: study, folder } = freshStudy();
    db.close();
    const [alpha, beta, gamma] = writeRuns(folder);
    const run = await blindrate([
      'import',
      study,
      alpha!,
      beta!,
      gamma!,
      '--map',
      'item_id=id',
      '--map',
      'question=prompt',
      '--map',
      'alpha.csv:output=answer',
      '--map',
      `${beta}:output=generation`,
      '--map',
      'gamma.csv:output=prediction',
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')).toEqual([
      'alpha.csv: 2 outputs imported (csv), 2 new items.',
      'alpha.csv: 1 empty output imported as empty (row 3).',
      'beta.csv: 2 outputs imported (csv), 0 new items.',
      'beta.csv: 1 empty output imported as empty (row 3).',
      'gamma.csv: 2 outputs imported (csv), 0 new items.',
      'gamma.csv: 1 empty output imported as empty (row 3).',
      'Imported 6 outputs, 2 new items; models: alpha, beta, gamma.',
      '',
    ]);
  });

  it('lists every problem of every file on its own line, the study file byte-identical', async () => {
    const { db, path: study, folder } = freshStudy();
    db.close();
    const before = sha256(study);
    const [alpha, beta, gamma] = writeRuns(folder);
    const run = await blindrate([
      'import',
      study,
      alpha!,
      beta!,
      gamma!,
      '--map',
      'item_id=id',
      '--map',
      'question=prompt',
    ]);
    expect(run.code).toBe(1);
    const header = (column: string) => `"id", "prompt", "${column}", "model"`;
    expect(run.stderr.split('\n')).toEqual([
      'blindrate: Nothing was imported: 3 problems in 3 files.',
      `Header of alpha.csv: no column "output" (the header has ${header('answer')})`,
      `Header of beta.csv: no column "output" (the header has ${header('generation')})`,
      `Header of gamma.csv: no column "output" (the header has ${header('prediction')})`,
      '',
    ]);
    expect(sha256(study)).toBe(before);
  });
});
