import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserModeFallbackLine, electronUnavailableReason } from '../../../electron/cli/electron-runtime';
import { REPO_ROOT } from '../../../electron/cli/paths';
import { appProtocolHandler } from '../../../electron/main/app-protocol';
import { startBrowserServer, type BrowserServer } from '../../../electron/serve/server';
import { contentSecurityPolicy } from '../../../electron/serve/static-files';
import type { RatingTaskPayload } from '../../../shared/api';
import { API_PATH_PREFIX, createApiClient, TOKEN_HEADER, type ApiResponse } from '../../../shared/transport';
import { spawnCli } from './cli-process';
import { assignStudy, createSeededStudy, fixedClock, packagePassphraseOf, packFor, type SeededStudy } from './fixture';

const INDEX_HTML = '<!doctype html><head><title>BlindRate test page</title></head>';
const NONCE_META = /<meta name="blindrate-style-nonce" content="([A-Za-z0-9+/]{22}==)" \/>/;
const SECRET = 'outside-the-renderer-folder';
/** The line the e2e launcher parses. */
const SERVING_LINE = /^BlindRate serving (.+) at http:\/\/127\.0\.0\.1:(\d+)\/#token=([0-9a-f]{64})$/;

let study: SeededStudy;
let packagePath: string;
let rendererDir: string;
let server: BrowserServer;

beforeAll(async () => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Http']);
  const pkg = packFor(study, 'Dr Http');
  pkg.close();
  packagePath = pkg.path;
  study.db.close();
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-serve-'));
  rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(rendererDir, '.env'), SECRET);
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  server = await startBrowserServer({ studyPath: packagePath, port: 0, rendererDir, clock: fixedClock });
});

afterAll(async () => {
  await server.close();
  rmSync(join(rendererDir, '..'), { recursive: true, force: true });
  study.cleanup();
});

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** node:http rather than fetch: fetch normalises `..` away and will not send a forged Host header. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Content-Type': 'application/json', [TOKEN_HEADER]: server.token, ...extra };
}

describe('blindrate serve', () => {
  it('prints exactly one line with the study and a tokened 127.0.0.1 URL, and serves it', async () => {
    const cli = spawnCli(['serve', study.path, '--port', '0', '--renderer', rendererDir]);
    try {
      const [line] = await cli.firstLines(1);
      const match = SERVING_LINE.exec(line!);
      expect(match?.[1]).toBe(study.path);
      const page = await fetch(`http://127.0.0.1:${match![2]}/`);
      expect((await page.text()).replace(NONCE_META, '')).toBe(INDEX_HTML);
    } finally {
      cli.stop();
    }
  });

  const unavailable = electronUnavailableReason(REPO_ROOT);
  it.skipIf(unavailable === null)(
    'start says in one line why the desktop app cannot run here, then serves like serve',
    async () => {
      const cli = spawnCli(['start', study.path, '--port', '0', '--renderer', rendererDir]);
      try {
        const [absent, serving] = await cli.firstLines(2);
        expect(absent).toBe(browserModeFallbackLine(unavailable!));
        expect(SERVING_LINE.exec(serving!)?.[1]).toBe(study.path);
      } finally {
        cli.stop();
      }
    },
  );

  it('listens on 127.0.0.1 only', async () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/#token=[0-9a-f]{64}$`));
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => a!.address);
    for (const address of ['::1', ...others]) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: address, port: server.port });
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', () => resolve(true));
      });
      expect(refused, `connection via ${address}`).toBe(true);
    }
  });

  it('requires the per-run token on API calls', async () => {
    const missing = await raw('POST', `${API_PATH_PREFIX}listStudies`, { 'Content-Type': 'application/json' }, '{}');
    expect(missing.status).toBe(401);
    const wrong = await raw(
      'POST',
      `${API_PATH_PREFIX}listStudies`,
      apiHeaders({ [TOKEN_HEADER]: 'f'.repeat(64) }),
      '{}',
    );
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toMatchObject({ ok: false, error: expect.stringContaining(TOKEN_HEADER) });
    const right = await raw('POST', `${API_PATH_PREFIX}listStudies`, apiHeaders(), '{}');
    expect(right.status).toBe(200);
    expect(JSON.parse(right.body)).toEqual({ ok: true, value: [{ path: packagePath, label: 'Dr-Http.blindrate' }] });
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, accepts localhost', async () => {
    expect((await raw('GET', '/', { Host: 'attacker.example' })).status).toBe(403);
    expect((await raw('GET', '/', { Host: `127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await raw('POST', `${API_PATH_PREFIX}listStudies`, apiHeaders({ Host: 'evil.test' }), '{}')).status).toBe(
      403,
    );
    const crossOrigin = await raw(
      'POST',
      `${API_PATH_PREFIX}listStudies`,
      apiHeaders({ Origin: 'http://evil.test' }),
      '{}',
    );
    expect(crossOrigin.status).toBe(403);
    const localhost = await raw(
      'POST',
      `${API_PATH_PREFIX}listStudies`,
      apiHeaders({ Host: `localhost:${server.port}`, Origin: `http://localhost:${server.port}` }),
      '{}',
    );
    expect(localhost.status).toBe(200);
  });

  it('refuses non-JSON, non-POST and unknown API calls', async () => {
    expect(
      (await raw('POST', `${API_PATH_PREFIX}listStudies`, apiHeaders({ 'Content-Type': 'text/plain' }), '{}')).status,
    ).toBe(415);
    expect((await raw('GET', `${API_PATH_PREFIX}listStudies`, apiHeaders())).status).toBe(405);
    expect((await raw('POST', `${API_PATH_PREFIX}listStudies`, apiHeaders(), '{oops')).status).toBe(400);
    expect((await raw('POST', `${API_PATH_PREFIX}__proto__`, apiHeaders(), '{}')).status).toBe(404);
  });

  it('accepts exactly application/json (charset utf-8 allowed) and says precisely what is wrong with a body', async () => {
    const call = (headers: Record<string, string>, body: string) =>
      raw('POST', `${API_PATH_PREFIX}listStudies`, apiHeaders(headers), body);
    for (const type of [
      'application/jsonp',
      'application/json-patch+json',
      'application/json; boundary=x',
      'application/json;charset=latin1',
      'text/application/json',
    ]) {
      expect((await call({ 'Content-Type': type }, '{}')).status, type).toBe(415);
    }
    for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/json;charset="utf-8"']) {
      expect((await call({ 'Content-Type': type }, '{}')).status, type).toBe(200);
    }
    for (const [body, got] of [
      ['null', 'null'],
      ['[1]', 'an array'],
      ['7', 'a number'],
      ['"x"', 'a string'],
    ]) {
      const reply = await call({}, body!);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toEqual({
        ok: false,
        error: `The request body must be a JSON object such as {"arg": …}, got ${got}.`,
      });
    }
    expect(JSON.parse((await call({}, '{oops')).body)).toEqual({
      ok: false,
      error: 'The request body is not valid JSON.',
    });
  });

  it('serves the renderer with the security headers and a fresh style nonce per page', async () => {
    const page = await raw('GET', '/');
    expect(page.status).toBe(200);
    const nonce = NONCE_META.exec(page.body)?.[1];
    expect(page.body.replace(NONCE_META, '')).toBe(INDEX_HTML);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = page.headers['content-security-policy'];
    expect(csp).toBe(contentSecurityPolicy(nonce));
    expect(csp).not.toMatch(/https?:|\*|unsafe-/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(NONCE_META.exec((await raw('GET', '/index.html')).body)?.[1]).not.toBe(nonce);
    const script = await raw('GET', '/assets/app.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toBe(contentSecurityPolicy());
  });

  it('sends the same headers and bytes as the app:// protocol, nonce aside', async () => {
    const viaProtocol = appProtocolHandler(rendererDir);
    for (const path of ['/index.html', '/assets/app.js']) {
      const http = await raw('GET', path);
      const app = await viaProtocol(new Request(`app://blindrate${path}`));
      const appBody = await app.text();
      const nonces = [NONCE_META.exec(http.body)?.[1] ?? '', NONCE_META.exec(appBody)?.[1] ?? ''];
      const plain = (text: string) => (nonces[0] ? text.replaceAll(nonces[0], 'N').replaceAll(nonces[1]!, 'N') : text);
      expect(plain(appBody), path).toBe(plain(http.body));
      for (const [name, value] of app.headers)
        expect(plain(String(http.headers[name])), `${path} ${name}`).toBe(plain(value));
    }
  });

  it('refuses path traversal and dot-files', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/.env',
      '/%00index.html',
    ]) {
      const reply = await raw('GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain(SECRET);
    }
  });

  it('runs the contract end to end over HTTP with the shared client', async () => {
    const api = createApiClient(async (method, arg) => {
      const reply = await fetch(`http://127.0.0.1:${server.port}${API_PATH_PREFIX}${method}`, {
        method: 'POST',
        headers: apiHeaders(),
        body: JSON.stringify({ arg }),
      });
      return (await reply.json()) as ApiResponse;
    });
    await expect(api.unlockStudy({ path: packagePath, passphrase: 'wrong', remember: false })).rejects.toThrow(
      'Wrong passphrase',
    );
    const summary = await api.unlockStudy({
      path: packagePath,
      passphrase: packagePassphraseOf('Dr Http'),
      remember: false,
    });
    expect(summary.role).toBe('rater');
    const overview = await api.startSession(summary.rater!.id);
    const first = overview.resume.rating!;
    await api.saveRating({
      assignmentId: first,
      values: { factuality: 5, brevity: 4, patient_friendliness: 3, relevance: 2, safety: 0 },
      comment: 'ok',
      durationMs: 10,
    });
    const task = (await api.getTask(first)) as RatingTaskPayload;
    expect(task.values).toEqual({ factuality: 5, brevity: 4, patient_friendliness: 3, relevance: 2, safety: 0 });
    expect((await api.getOverview()).progress[0]).toMatchObject({ kind: 'rating', done: 1 });
    await expect(api.getReport()).rejects.toThrow('This is a rater package');
    await api.closeStudy();
  });
});
