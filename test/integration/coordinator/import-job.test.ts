/**
 * The import as the app runs it (issue 19): a job in a worker thread that reports progress, can be
 * cancelled, and when cancelled or refused leaves the study file byte-identical.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../../electron/services/api-host';
import { workspacePlacement } from '../../../electron/serve/workspace';
import type { JobStatus } from '../../../shared/coordinator-api';

const clock = () => new Date('2025-03-01T12:00:00.000Z');
const PASSPHRASE = 'quartz lantern meadow bicycle orbit';
const folders: string[] = [];
const hosts: ApiHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.closeStudy();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** `count` outputs of 4 models, each line about 1 KB, as JSON lines. */
function outputsFile(count: number, broken: number[] = []): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const record = {
      item_id: `item-${Math.floor(i / 4)}`,
      model: `model-${i % 4}`,
      question: `Question ${Math.floor(i / 4)}?`,
      context: 'Discharge summary. '.repeat(50),
      reference: 'Reference answer.',
      // An empty answer is a real output (it is imported and listed); a number where text belongs is refused.
      output: broken.includes(i + 1) ? 7 : `Answer ${i}.`,
      scores: { rouge1: (i % 97) / 97 },
    };
    lines.push(JSON.stringify(record));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function newStudyHost(): Promise<{ host: ApiHost; path: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'blindrate-import-job-'));
  folders.push(folder);
  const workspace = join(folder, 'workspace');
  mkdirSync(workspace);
  const host = createApiHost({ clock, studies: () => [], placement: workspacePlacement(workspace) });
  hosts.push(host);
  const summary = await host.createStudy({
    fileName: 'study.db',
    name: 'Import job study',
    rubric: { preset: 'medisumqa' },
    passphrase: PASSPHRASE,
    confirmation: PASSPHRASE,
  });
  return { host, path: summary!.path };
}

async function until(host: ApiHost, jobId: string, done: (s: JobStatus) => boolean): Promise<JobStatus> {
  for (;;) {
    const status = await host.getJob(jobId);
    if (done(status)) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The master as the disk holds it once closed (WAL checkpointed), for a byte comparison. */
async function closedBytes(host: ApiHost, path: string): Promise<string> {
  await host.closeStudy();
  return digest(path);
}

describe('the import job', () => {
  it('reports records and bytes as it goes, and a cancel leaves the study file byte-identical', async () => {
    const { host, path } = await newStudyHost();
    const before = await closedBytes(host, path);
    await host.unlockStudy({ path, passphrase: PASSPHRASE, remember: false });
    const file = host.acceptUpload('outputs.jsonl', 'import', outputsFile(40_000));
    const job = await host.startImport({ files: [file.token], map: {}, model: '', ignoreUnknown: false, join: null });
    const readings = new Set<string>();
    const running = await until(host, job.jobId, (s) => {
      if (s.state === 'running' && s.progress.done > 0) readings.add(`${s.progress.done}/${s.progress.bytesRead}`);
      return s.state !== 'running' || readings.size >= 3;
    });
    expect(running.state, 'the import was still running after three progress readings').toBe('running');
    expect(running.progress).toMatchObject({ totalBytes: file.bytes, step: 'Reading outputs.jsonl' });
    expect(running.progress.bytesRead).toBeGreaterThan(0);
    expect(running.progress.bytesRead).toBeLessThan(file.bytes);
    await host.cancelJob(job.jobId);
    const cancelled = await until(host, job.jobId, (s) => s.state !== 'running');
    expect(cancelled.state).toBe('cancelled');
    expect(await host.listImports()).toEqual([]);
    expect(await closedBytes(host, path)).toBe(before);
  }, 120_000);

  it('refuses a file with problems, lists them, and leaves the study file byte-identical', async () => {
    const { host, path } = await newStudyHost();
    const before = await closedBytes(host, path);
    await host.unlockStudy({ path, passphrase: PASSPHRASE, remember: false });
    const file = host.acceptUpload('outputs.jsonl', 'import', outputsFile(2_000, [1_500]));
    const job = await host.startImport({ files: [file.token], map: {}, model: '', ignoreUnknown: false, join: null });
    const refused = await until(host, job.jobId, (s) => s.state !== 'running');
    expect(refused).toMatchObject({
      state: 'failed',
      problems: { count: 1, first: [{ file: 'outputs.jsonl', record: 'line 1500', field: 'output' }] },
    });
    expect(await host.listImports()).toEqual([]);
    expect(await closedBytes(host, path)).toBe(before);
  }, 120_000);

  it('imports the corrected file, recorded in the history, naming each phase while it runs', async () => {
    const { host } = await newStudyHost();
    // The bench's size (20 MB): reading and saving each take hundreds of milliseconds, many polls.
    const file = host.acceptUpload('outputs.jsonl', 'import', outputsFile(20_000));
    const job = await host.startImport({ files: [file.token], map: {}, model: '', ignoreUnknown: false, join: null });
    const steps: string[] = [];
    const done = await until(host, job.jobId, (s) => {
      if (s.state === 'running' && steps.at(-1) !== s.progress.step) steps.push(s.progress.step);
      return s.state !== 'running';
    });
    // The worker names the phases it cannot report from (the key derivation, the commit) before it
    // enters them; the progress itself moves meanwhile (test/unit/electron/job-progress.test.ts). Polled
    // every 20 ms, a phase shorter than that can slip past: opening the study does, with the test processes'
    // two-round key derivation (test/fast-key-derivation.mjs). So: every phase seen is one of these, in this
    // order, and the ones that take real time at this size (reading the file, saving the import) are seen.
    const phases = ['Opening the study', 'Reading', 'Reading outputs.jsonl', 'Saving the import'];
    const seen = steps.filter((step) => step !== 'Starting');
    const order = seen.map((step) => phases.indexOf(step));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(seen).toEqual(expect.arrayContaining(['Reading outputs.jsonl', 'Saving the import']));
    expect(done).toMatchObject({ state: 'done', result: { kind: 'import', summary: { outputs: 20_000 } } });
    expect((await host.listImports()).map(({ file: name, records }) => [name, records])).toEqual([
      ['outputs.jsonl', 20_000],
    ]);
  }, 120_000);
});
