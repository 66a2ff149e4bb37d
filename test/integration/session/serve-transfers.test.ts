/**
 * Browser mode's file transfers (issue 19): uploads into memory and export downloads sit behind the
 * same token, Host and Origin checks as the API; uploads have their own cap per purpose with a clear
 * refusal, while every JSON call keeps the 1 MB body limit.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../../electron/serve/server';
import { UPLOAD_LIMITS } from '../../../electron/services/file-handles';
import {
  API_PATH_PREFIX,
  DOWNLOAD_PATH_PREFIX,
  TOKEN_HEADER,
  UPLOAD_CONTENT_TYPE,
  uploadUrl,
} from '../../../shared/transport';
import { createSeededStudy, fixedClock, PASSPHRASE, type SeededStudy } from './fixture';

let study: SeededStudy;
let dir: string;
let workspace: string;
let server: BrowserServer;

beforeAll(async () => {
  study = createSeededStudy();
  study.db.close();
  dir = mkdtempSync(join(tmpdir(), 'blindrate-transfers-'));
  workspace = join(dir, 'workspace');
  const rendererDir = join(dir, 'renderer');
  mkdirSync(workspace);
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  server = await startBrowserServer({
    studyPath: study.path,
    workspaceDir: workspace,
    port: 0,
    rendererDir,
    clock: fixedClock,
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  study.cleanup();
});

interface Reply {
  status: number;
  body: string;
}

function raw(method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(body);
  });
}

const uploadHeaders = (extra: Record<string, string> = {}) => ({
  [TOKEN_HEADER]: server.token,
  'Content-Type': UPLOAD_CONTENT_TYPE,
  ...extra,
});

const call = (method: string, arg?: unknown) =>
  raw(
    'POST',
    `${API_PATH_PREFIX}${method}`,
    { 'Content-Type': 'application/json', [TOKEN_HEADER]: server.token },
    JSON.stringify(arg === undefined ? {} : { arg }),
  );

describe('browser-mode uploads and downloads', () => {
  it('refuses an upload before a study is open, then holds one once the master is unlocked', async () => {
    const before = await raw('POST', uploadUrl('rubric', 'r.json'), uploadHeaders(), '{}');
    expect(JSON.parse(before.body)).toEqual({ ok: false, error: 'No study is open: unlock a study first.' });
    const unlocked = await call('unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    expect(JSON.parse(unlocked.body)).toMatchObject({ ok: true, value: { role: 'coordinator' } });
    const held = await raw('POST', uploadUrl('rubric', 'r.json'), uploadHeaders(), '{"x":1}');
    expect(JSON.parse(held.body)).toMatchObject({ ok: true, value: { name: 'r.json', bytes: 7, purpose: 'rubric' } });
  });

  it('requires the token, this Host and no foreign Origin on uploads and downloads', async () => {
    const upload = uploadUrl('import', 'a.jsonl');
    const { [TOKEN_HEADER]: _token, ...noToken } = uploadHeaders();
    expect((await raw('POST', upload, noToken, '{}')).status).toBe(401);
    expect((await raw('POST', upload, uploadHeaders({ [TOKEN_HEADER]: 'f'.repeat(64) }), '{}')).status).toBe(401);
    expect((await raw('POST', upload, uploadHeaders({ Host: 'evil.test' }), '{}')).status).toBe(403);
    expect((await raw('POST', upload, uploadHeaders({ Origin: 'http://evil.test' }), '{}')).status).toBe(403);
    const download = `${DOWNLOAD_PATH_PREFIX}${'a'.repeat(32)}`;
    expect((await raw('GET', download, {})).status).toBe(401);
    expect((await raw('GET', download, { [TOKEN_HEADER]: server.token, Host: 'evil.test' })).status).toBe(403);
    expect((await raw('GET', download, { [TOKEN_HEADER]: server.token, Origin: 'http://evil.test' })).status).toBe(403);
    expect((await raw('GET', download, { [TOKEN_HEADER]: server.token })).status).toBe(404);
  });

  it('refuses a wrong method, content type or purpose, and an upload past its cap with one line', async () => {
    expect((await raw('GET', uploadUrl('import', 'a.jsonl'), uploadHeaders())).status).toBe(405);
    expect(
      (await raw('POST', uploadUrl('import', 'a.jsonl'), uploadHeaders({ 'Content-Type': 'text/plain' }), 'x')).status,
    ).toBe(415);
    expect((await raw('POST', '/upload?purpose=secrets&name=a', uploadHeaders(), 'x')).status).toBe(400);
    const oversized = Buffer.alloc(UPLOAD_LIMITS.rubric + 1, 0x20);
    const refused = await raw('POST', uploadUrl('rubric', 'big.json'), uploadHeaders(), oversized);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({
      ok: false,
      error: 'big.json is larger than the 1 MB BlindRate accepts for a rubric file.',
    });
    expect(readdirSync(workspace)).toEqual([]);
  });

  it('keeps the 1 MB limit for JSON calls, uploads aside', async () => {
    const big = await call('checkRaterNames', ['x'.repeat(1024 * 1024)]);
    expect(big.status).toBe(413);
  });
});
