/**
 * The coordinator's whole study through browser mode's HTTP contract, as the app's screens drive it:
 * new study in the workspace, uploads, import preview/validation/import as jobs, sample and assignment
 * previews, packages, returns, and exports compared byte for byte with what the CLI's services write.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../../electron/serve/server';
import { writeDemoFiles } from '../../../electron/services/demo';
import { exportTable } from '../../../electron/services/exporter';
import { readProtocolRecord } from '../../../electron/services/protocol';
import { openStudy } from '../../../electron/services/study';
import type { BlindRateApi } from '../../../shared/api';
import type { FileHandle, FilePurpose, JobRef, JobStatus } from '../../../shared/coordinator-api';
import {
  API_PATH_PREFIX,
  createApiClient,
  DOWNLOAD_PATH_PREFIX,
  TOKEN_HEADER,
  UPLOAD_CONTENT_TYPE,
  uploadUrl,
  type ApiResponse,
} from '../../../shared/transport';

const fixedClock = () => new Date('2025-03-01T12:00:00.000Z');
const PASSPHRASE = 'quartz lantern meadow bicycle orbit';

let root: string;
let workspace: string;
let server: BrowserServer;
let api: BlindRateApi;
let demoFiles: string[];

function base(): string {
  return `http://127.0.0.1:${server.port}`;
}

async function upload(path: string, purpose: FilePurpose, name = path.split('/').pop()!): Promise<FileHandle> {
  const response = await fetch(base() + uploadUrl(purpose, name), {
    method: 'POST',
    headers: { [TOKEN_HEADER]: server.token, 'Content-Type': UPLOAD_CONTENT_TYPE },
    body: readFileSync(path),
  });
  const reply = (await response.json()) as ApiResponse<FileHandle>;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

async function finished(ref: JobRef | null): Promise<JobStatus> {
  if (ref === null) throw new Error('no job');
  for (;;) {
    const status = await api.getJob(ref.jobId);
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function download(token: string): Promise<Buffer> {
  const response = await fetch(`${base()}${DOWNLOAD_PATH_PREFIX}${token}`, {
    headers: { [TOKEN_HEADER]: server.token },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'blindrate-coordinator-'));
  workspace = join(root, 'workspace');
  mkdirSync(workspace);
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  demoFiles = writeDemoFiles(join(root, 'data'));
  server = await startBrowserServer({
    studyPath: null,
    workspaceDir: workspace,
    port: 0,
    rendererDir,
    clock: fixedClock,
  });
  api = createApiClient(async (method, arg) => {
    const response = await fetch(`${base()}${API_PATH_PREFIX}${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: server.token },
      body: JSON.stringify(arg === undefined ? {} : { arg }),
    });
    return (await response.json()) as ApiResponse;
  });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the coordinator workspace over HTTP', () => {
  it('runs a study from a new file to every export', async () => {
    expect(await api.getCoordinatorCapabilities()).toMatchObject({ files: 'uploads', workspaceLabel: workspace });
    expect(await api.checkPassphrase({ passphrase: 'abc', context: [] })).toMatchObject({ strong: false });
    await expect(
      api.createStudy({
        fileName: '../escape',
        name: 'X',
        rubric: { preset: 'medisumqa' },
        passphrase: PASSPHRASE,
        confirmation: PASSPHRASE,
      }),
    ).rejects.toThrow(/cannot be a study file name/);
    const summary = await api.createStudy({
      fileName: 'Discharge study',
      name: 'Discharge study',
      rubric: { preset: 'medisumqa' },
      passphrase: PASSPHRASE,
      confirmation: PASSPHRASE,
    });
    expect(summary).toMatchObject({
      role: 'coordinator',
      name: 'Discharge study',
      path: join(workspace, 'Discharge study.db'),
    });
    expect((await api.listStudies()).map((s) => s.label)).toEqual(['Discharge study.db']);

    const handles = await Promise.all(demoFiles.map((f) => upload(f, 'import')));
    const request = { files: handles.map((h) => h.token), map: {}, model: '', ignoreUnknown: false, join: null };
    const previews = await api.previewImport(request);
    expect(previews.map((p) => [p.file, p.format, p.records.length, p.problems])).toEqual([
      ['demo-outputs.jsonl', 'jsonl', 5, []],
      ['demo-outputs.csv', 'csv', 5, []],
    ]);
    expect(previews[1]!.mapping).toMatchObject({ item_id: 'item_id', output: 'output', score_rouge1: 'score_rouge1' });

    const validated = await finished(await api.startImportValidation(request));
    expect(validated).toMatchObject({ state: 'done', result: { kind: 'validate', problems: { count: 0 } } });
    expect(await api.listImports()).toEqual([]);
    const imported = await finished(await api.startImport(request));
    expect(imported.state).toBe('done');
    expect((await api.listImports()).map((i) => i.file)).toEqual(['demo-outputs.jsonl', 'demo-outputs.csv']);

    const setup = await api.getSampleSetup();
    const draft = { task: 'rating' as const, bins: 5, perBin: 2, metrics: [], seed: 7, disjoint: true, models: [] };
    const preview = await api.previewSample(draft);
    expect(preview.problem).toBeNull();
    expect(preview.perModel.map((m) => m.model)).toEqual(setup.models);
    const tooMany = await api.previewSample({ ...draft, perBin: 1000 });
    expect(tooMany.perModel[0]!.impossible).toMatchObject({ largestPerBin: expect.any(Number) });
    const drawn = await api.drawSample({ ...draft, replace: false });
    expect(drawn.tasks).toBe(preview.tasks);
    await api.drawSample({ ...draft, task: 'preference', perBin: 1, replace: false });

    const assignDraft = {
      raters: ['Dr A', 'Dr B', 'Dr C'],
      overlap: 2,
      seed: 11,
      qc: { repeats: 0.1, referenceControls: 0, calibration: 0 },
      calibrationFile: null,
      replace: false,
    };
    const assignPreview = await api.previewAssignment(assignDraft);
    expect(assignPreview.ok).toBe(true);
    expect((await api.getAssignmentSetup()).plan).toBeNull();
    const plan = await api.assignRaters(assignDraft);
    if (!assignPreview.ok) throw new Error('preview');
    expect(plan).toEqual(assignPreview.plan);

    const packed = await finished(await api.startPack({ raters: assignDraft.raters }));
    if (packed.state !== 'done' || packed.result.kind !== 'pack') throw new Error(JSON.stringify(packed));
    expect(
      readdirSync(workspace)
        .filter((f) => f.endsWith('.blindrate'))
        .sort(),
    ).toEqual(['Dr A.blindrate', 'Dr B.blindrate', 'Dr C.blindrate']);
    const sheet = packed.result.packages[0]!;
    await expect(api.revealPackageSheet({ packageId: sheet.packageId, masterPassphrase: 'wrong' })).rejects.toThrow();
    expect(await api.revealPackageSheet({ packageId: sheet.packageId, masterPassphrase: PASSPHRASE })).toMatchObject({
      passphrase: sheet.passphrase,
    });

    // Sealed from the app before anyone rates; a change to the plan is then refused, in the domain's words.
    expect(await api.getProtocolSeal()).toBeNull();
    const seal = await api.sealProtocol();
    expect(seal).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), deviations: 0 });
    expect(await api.getProtocolSeal()).toEqual(seal);
    await expect(api.addRaters({ raters: ['Dr D'] })).rejects.toThrow(
      `The protocol was sealed on ${seal.sealedAt} (SHA-256 ${seal.hash.slice(0, 12)}) and adding these raters changes its assignment plan: give the reason for the deviation to record it, or leave the protocol as sealed.`,
    );

    const returns = await Promise.all(
      ['Dr A', 'Dr B'].map((r) => upload(join(workspace, `${r}.blindrate`), 'returns')),
    );
    const tampered = join(root, 'tampered.blindrate');
    const bytes = readFileSync(join(workspace, 'Dr C.blindrate'));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 0xff, bytes.length - 100);
    writeFileSync(tampered, bytes);
    const refused = await finished(
      await api.startMerge({ files: [...returns.map((r) => r.token), (await upload(tampered, 'returns')).token] }),
    );
    expect(refused, JSON.stringify(refused)).toMatchObject({ state: 'done', result: { kind: 'merge', merged: false } });
    const merged = await finished(await api.startMerge({ files: returns.map((r) => r.token) }));
    expect(merged).toMatchObject({ state: 'done', result: { kind: 'merge', merged: true } });

    const exported = await finished(await api.startExport({ what: 'ratings-wide', format: 'csv' }));
    if (exported.state !== 'done' || exported.result.kind !== 'export') throw new Error(JSON.stringify(exported));
    const body = await download(exported.result.file.downloadToken!);
    const db = openStudy(summary!.path, PASSPHRASE);
    const out = join(root, 'cli-wide.csv');
    try {
      await exportTable(db, { what: 'ratings-wide', format: 'csv', out });
    } finally {
      db.close();
    }
    expect(body.equals(readFileSync(out))).toBe(true);

    // With the reason the coordinator typed, the same change is recorded as a deviation, as the CLI's
    // --deviation-reason records it (the same service call).
    const reason = 'Dr C left the hospital; Dr D takes over the outputs not yet rated.';
    const joined = await api.addRaters({ raters: ['Dr D'], deviationReason: reason });
    expect(joined.tasksPerRater.map((r) => r.name)).toEqual(['Dr A', 'Dr B', 'Dr C', 'Dr D']);
    expect(await api.getProtocolSeal()).toEqual({ ...seal, deviations: 1 });
    const reopened = openStudy(summary!.path, PASSPHRASE);
    try {
      expect(readProtocolRecord(reopened)!.deviations).toMatchObject([
        { kind: 'raters added', reason, changes: ['assignment plan'] },
      ]);
    } finally {
      reopened.close();
    }
  }, 120_000);
});
