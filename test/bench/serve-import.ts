/**
 * Browser mode's responsiveness during an import (issue 19). The loopback server runs on this thread
 * and nothing else does: the client (upload, then polling the job every 50 ms as the app does) runs in
 * a worker thread, and so does an idle floor that measures its own event-loop delay at the same time,
 * which tells how much of the server's delay the machine's load alone explains. The server's event-loop
 * delay (perf_hooks, 10 ms resolution) is sampled from the import's start to its end; the goal is a
 * p99 under 100 ms. Changes of the progress shown are counted per second in each phase: the worker's
 * start, reading the file, writing the transaction.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startBrowserServer } from '../../electron/serve/server';
import { API_PATH_PREFIX, TOKEN_HEADER, UPLOAD_CONTENT_TYPE, uploadUrl } from '../../shared/transport';

export const LAG_GOAL_MS = 100;

interface ClientReport {
  outputs: number;
  uploadSeconds: number;
  importSeconds: number;
  /** From the start call to the first progress reading: the worker thread's start. */
  startSeconds: number;
  readingSeconds: number;
  /** From "Saving the import" (every record read and checked) to done: the transaction written to disk. */
  savingSeconds: number;
  /** How often the progress the window shows changed in each phase, polled every 50 ms. */
  changes: { start: number; reading: number; saving: number };
}

export interface ServedImportFigures extends ClientReport {
  lag: { p50: number; p99: number; max: number };
  floorLag: { p50: number; p99: number; max: number };
}

/** The app's side, in plain JavaScript for a worker thread: upload, start, poll. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { createReadStream, statSync } = require('node:fs');
const { base, token, input, api, upload, tokenHeader, contentType } = workerData;
const headers = { 'Content-Type': 'application/json', [tokenHeader]: token };
async function call(method, arg) {
  const response = await fetch(base + api + method, { method: 'POST', headers, body: JSON.stringify(arg === undefined ? {} : { arg }) });
  const reply = await response.json();
  if (!reply.ok) throw new Error(method + ': ' + reply.error);
  return reply.value;
}
(async () => {
  const passphrase = 'quartz lantern meadow bicycle orbit';
  await call('createStudy', { fileName: 'bench', name: 'bench', rubric: { preset: 'medisumqa' }, passphrase, confirmation: passphrase });
  const uploadStarted = performance.now();
  const response = await fetch(base + upload, {
    method: 'POST',
    headers: { [tokenHeader]: token, 'Content-Type': contentType, 'Content-Length': String(statSync(input).size) },
    body: createReadStream(input),
    duplex: 'half',
  });
  const handle = await response.json();
  if (!handle.ok) throw new Error(handle.error);
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  parentPort.postMessage({ type: 'import-started' });
  const started = performance.now();
  const job = await call('startImport', { files: [handle.value.token], map: {}, model: '', ignoreUnknown: false, join: null });
  // Changes of the progress the window would show (any field: step, counts, time so far), per phase.
  let firstReading = null, lastByte = null, last = '', status;
  const changes = { start: 0, reading: 0, saving: 0 };
  for (;;) {
    status = await call('getJob', job.jobId);
    const now = performance.now();
    const p = status.progress;
    if (p.done > 0 && firstReading === null) firstReading = now;
    if (p.step === 'Saving the import' && lastByte === null) lastByte = now;
    const shown = JSON.stringify(p);
    if (status.state === 'running' && shown !== last) {
      changes[lastByte !== null ? 'saving' : firstReading !== null ? 'reading' : 'start'] += 1;
    }
    last = shown;
    if (status.state !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const done = performance.now();
  parentPort.postMessage({ type: 'import-done' });
  if (status.state !== 'done') throw new Error('The served import did not finish: ' + JSON.stringify(status));
  lastByte ??= done;
  firstReading ??= lastByte;
  parentPort.postMessage({ type: 'report', report: {
    outputs: status.result.summary.outputs,
    uploadSeconds,
    importSeconds: (done - started) / 1000,
    startSeconds: (firstReading - started) / 1000,
    readingSeconds: (lastByte - firstReading) / 1000,
    savingSeconds: (done - lastByte) / 1000,
    changes,
  } });
})().catch((error) => parentPort.postMessage({ type: 'error', message: error.message }));
`;

/** An idle thread measuring its own event-loop delay until told to stop. */
const FLOOR = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const lag = monitorEventLoopDelay({ resolution: 10 });
parentPort.on('message', (message) => {
  if (message === 'start') lag.enable();
  else { lag.disable(); parentPort.postMessage({ p50: lag.percentile(50), p99: lag.percentile(99), max: lag.max }); }
});
`;

const inMs = (h: { p50: number; p99: number; max: number }) => ({
  p50: h.p50 / 1e6,
  p99: h.p99 / 1e6,
  max: h.max / 1e6,
});
const figures = (h: IntervalHistogram) => inMs({ p50: h.percentile(50), p99: h.percentile(99), max: h.max });

export async function benchServedImport(folder: string, input: string): Promise<ServedImportFigures> {
  const workspace = join(folder, 'workspace');
  const rendererDir = join(folder, 'renderer');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
  const server = await startBrowserServer({
    studyPath: null,
    workspaceDir: workspace,
    port: 0,
    rendererDir,
    clock: () => new Date(),
  });
  const floor = new Worker(FLOOR, { eval: true });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  try {
    const client = new Worker(CLIENT, {
      eval: true,
      workerData: {
        base: `http://127.0.0.1:${server.port}`,
        token: server.token,
        input,
        api: API_PATH_PREFIX,
        upload: uploadUrl('import', 'outputs.jsonl'),
        tokenHeader: TOKEN_HEADER,
        contentType: UPLOAD_CONTENT_TYPE,
      },
    });
    const report = await new Promise<ClientReport>((resolve, reject) => {
      client.on('message', (message: { type: string; report?: ClientReport; message?: string }) => {
        if (message.type === 'import-started') {
          lag.enable();
          floor.postMessage('start');
        } else if (message.type === 'import-done') lag.disable();
        else if (message.type === 'report') resolve(message.report!);
        else reject(new Error(message.message));
      });
      client.once('error', reject);
    });
    await client.terminate();
    const floorLag = await new Promise<{ p50: number; p99: number; max: number }>((resolve) => {
      floor.once('message', resolve);
      floor.postMessage('stop');
    });
    return { ...report, lag: figures(lag), floorLag: inMs(floorLag) };
  } finally {
    await floor.terminate();
    await server.close();
  }
}

export function describeServedImport(f: ServedImportFigures): string {
  const ms = (h: { p50: number; p99: number; max: number }) =>
    `p50 ${h.p50.toFixed(1)} ms  p99 ${h.p99.toFixed(1)} ms  max ${h.max.toFixed(1)} ms`;
  const verdict = f.lag.p99 < LAG_GOAL_MS ? 'within' : 'OVER';
  return [
    `\nBrowser mode: ${f.outputs.toLocaleString('en')}-output import as a job in a worker thread (upload ${f.uploadSeconds.toFixed(1)} s; import ${f.importSeconds.toFixed(1)} s: worker start ${f.startSeconds.toFixed(1)} s, reading ${f.readingSeconds.toFixed(1)} s, saving ${f.savingSeconds.toFixed(1)} s)`,
    `  server event-loop delay during the import: ${ms(f.lag)}  (${verdict} the ${LAG_GOAL_MS} ms p99 goal)`,
    `  floor, an idle thread over the same time:  ${ms(f.floorLag)}`,
    `  progress changes per second, polled every 50 ms (goal ≥ 4): ${(
      [
        ['worker start', f.changes.start, f.startSeconds],
        ['reading', f.changes.reading, f.readingSeconds],
        ['saving', f.changes.saving, f.savingSeconds],
      ] as const
    )
      .map(([phase, n, seconds]) => `${phase} ${(n / Math.max(seconds, 1e-9)).toFixed(1)}`)
      .join(', ')}`,
  ].join('\n');
}
