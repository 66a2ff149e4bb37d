/**
 * The two benchmark formats of docs/benchmark-import.md, and any items file, imported from the app
 * (issue 19): the GUI form of `--from clue`, `--from chq-summ` and `--join … --on …`, with the
 * preview showing the joined records, the whole import all or nothing, and a wrong dataset refused
 * with the study file byte-identical. Which entry each output belongs to comes from Python's own
 * objects (test/fixtures/benchmarks/expected-join.json, written by make_benchmark_runs.py).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../../electron/services/api-host';
import { workspacePlacement } from '../../../electron/serve/workspace';
import type { FilePurpose, ImportRequest, JobStatus } from '../../../shared/coordinator-api';

const FIXTURES = fileURLToPath(new URL('../../fixtures/benchmarks/', import.meta.url));
const fixture = (path: string) => readFileSync(join(FIXTURES, path));
const readJson = <T>(path: string) => JSON.parse(fixture(path).toString('utf8')) as T;
const clock = () => new Date('2025-03-01T12:00:00.000Z');
const PASSPHRASE = 'quartz lantern meadow bicycle orbit';
/** One study for the file (creating one costs seconds of key derivation); each test imports other files or models. */
let folder: string;
let host: ApiHost;
let path: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'blindrate-benchmark-join-'));
  const workspace = join(folder, 'workspace');
  mkdirSync(workspace);
  host = createApiHost({ clock, studies: () => [], placement: workspacePlacement(workspace) });
  const summary = await host.createStudy({
    fileName: 'study.db',
    name: 'Benchmark study',
    rubric: { preset: 'medisumqa' },
    passphrase: PASSPHRASE,
    confirmation: PASSPHRASE,
  });
  path = summary!.path;
}, 60_000);

afterAll(async () => {
  await host.closeStudy();
  rmSync(folder, { recursive: true, force: true });
});

function upload(file: string, purpose: FilePurpose): string {
  return host.acceptUpload(file.split('/').pop()!, purpose, fixture(file)).token;
}

async function finished(jobId: string): Promise<JobStatus> {
  for (;;) {
    const status = await host.getJob(jobId);
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

interface DatasetEntry {
  Question: string;
  Answer: string;
  discharge_summary: string;
}

describe('benchmark runs imported in the app', () => {
  it('CLUE with another version of the dataset: refused, the problem listed, the study file byte-identical', async () => {
    await host.closeStudy();
    const before = digest(path);
    await host.unlockStudy({ path, passphrase: PASSPHRASE, remember: false });
    const request: ImportRequest = {
      files: [upload('clue/predictions.json', 'import')],
      map: {},
      model: 'Mistral-7B',
      ignoreUnknown: false,
      join: { kind: 'clue', dataset: upload('clue/MeDiSumQA-other-version.json', 'items') },
    };
    const refused = await finished((await host.startImport(request)).jobId);
    expect(refused.state).toBe('failed');
    if (refused.state !== 'failed') return;
    expect(refused.problems!.first[0]).toMatchObject({ file: 'predictions.json', record: 'line 1' });
    expect(refused.error).toMatch(/MeDiSumQA-other-version\.json/);
    expect(await host.listImports()).toEqual([]);
    await host.closeStudy();
    expect(digest(path)).toBe(before);
    await host.unlockStudy({ path, passphrase: PASSPHRASE, remember: false });
  }, 60_000);

  it('CLUE MeDiSumQA: the preview shows each line joined to its dataset entry; the import takes every line', async () => {
    const dataset = readJson<DatasetEntry[]>('clue/MeDiSumQA.json');
    const expected = readJson<Record<string, number[]>>('clue/expected-join.json')['predictions.json']!;
    const request: ImportRequest = {
      files: [upload('clue/predictions.json', 'import')],
      map: {},
      model: 'Mistral-7B',
      ignoreUnknown: false,
      join: { kind: 'clue', dataset: upload('clue/MeDiSumQA.json', 'items') },
    };
    const [preview] = await host.previewImport(request);
    expect(preview!.problems).toEqual([]);
    expect(preview!.records.map((r) => [r.question, r.reference, r.context, r.model])).toEqual(
      expected
        .slice(0, preview!.records.length)
        .map((entry) => [
          dataset[entry]!.Question,
          dataset[entry]!.Answer,
          dataset[entry]!.discharge_summary,
          'Mistral-7B',
        ]),
    );
    expect(preview!.records[0]!.scores).toMatchObject({ rouge1: 0.16, rougeL: 0.17, bertscore_f1: 0.12 });

    const done = await finished((await host.startImport(request)).jobId);
    expect(done).toMatchObject({ state: 'done', result: { kind: 'import', summary: { outputs: expected.length } } });
    expect((await host.listImports()).map((h) => [h.file, h.records])).toEqual([['predictions.json', expected.length]]);
  }, 60_000);

  it('CLUE run with its own seed and few-shot count; a benchmark run needs the model name', async () => {
    const dataset = readJson<DatasetEntry[]>('clue/MeDiSumQA.json');
    const expected = readJson<Record<string, number[]>>('clue/expected-join.json')['predictions-seed42-fewshot3.json']!;
    const request: ImportRequest = {
      files: [upload('clue/predictions-seed42-fewshot3.json', 'import')],
      map: {},
      model: '',
      ignoreUnknown: false,
      join: { kind: 'clue', dataset: upload('clue/MeDiSumQA.json', 'items'), seed: '42', fewShot: 3 },
    };
    await expect(host.previewImport(request)).rejects.toThrow(
      "A benchmark run's file does not say which model wrote it: give the model name.",
    );
    const [preview] = await host.previewImport({ ...request, model: 'm' });
    expect(preview!.records.map((r) => r.question)).toEqual(
      expected.slice(0, preview!.records.length).map((entry) => dataset[entry]!.Question),
    );
    const done = await finished((await host.startImport({ ...request, model: 'm' })).jobId);
    expect(done).toMatchObject({ state: 'done', result: { summary: { outputs: expected.length } } });
  }, 60_000);

  it('any items file joined on a key, its columns mapped as for any import', async () => {
    const chq = readJson<{ questions: string[]; references: string[]; outputs: string[] }>(
      'chq-summ/expected-join.json',
    );
    const request: ImportRequest = {
      files: [upload('chq-summ/predictions-test.csv', 'import')],
      map: { item_id: '#0', question: 'text', output: 'Generated Text', reference: 'Actual Text' },
      model: 'bart-large',
      ignoreUnknown: false,
      join: { kind: 'items', items: upload('chq-summ/test.source', 'items'), on: '#0=index' },
    };
    const [preview] = await host.previewImport(request);
    expect(preview!.columns).toEqual(expect.arrayContaining(['#0', 'Generated Text', 'Actual Text', 'index', 'text']));
    expect(preview!.records.map((r) => [r.question, r.output])).toEqual(
      chq.questions.slice(0, preview!.records.length).map((q, i) => [q, chq.outputs[i]]),
    );
    // Checked, every record, without writing: the CHQ-Summ test below imports the same file.
    const checked = await finished((await host.startImportValidation(request)).jobId);
    expect(checked).toMatchObject({
      state: 'done',
      result: { kind: 'validate', problems: { count: 0 }, records: chq.outputs.length },
    });
  }, 60_000);
  it('CHQ-Summ: questions from test.source, references checked against test.target', async () => {
    const chq = readJson<{ questions: string[]; references: string[]; outputs: string[] }>(
      'chq-summ/expected-join.json',
    );
    const request: ImportRequest = {
      files: [upload('chq-summ/predictions-test.csv', 'import')],
      map: {},
      model: 'bart-large',
      ignoreUnknown: false,
      join: {
        kind: 'chq-summ',
        source: upload('chq-summ/test.source', 'items'),
        target: upload('chq-summ/test.target', 'items'),
      },
    };
    const [preview] = await host.previewImport(request);
    const shown = preview!.records.length;
    expect(preview!.records.map((r) => [r.itemId, r.question, r.reference, r.output])).toEqual(
      chq.questions.slice(0, shown).map((q, i) => [`line-${i + 1}`, q, chq.references[i], chq.outputs[i]]),
    );
    const done = await finished((await host.startImport(request)).jobId);
    expect(done).toMatchObject({ state: 'done', result: { summary: { outputs: chq.outputs.length } } });
  }, 60_000);
});
