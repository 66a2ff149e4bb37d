import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appProtocolHandler } from '../../../electron/main/app-protocol';
import { contentSecurityPolicy } from '../../../electron/serve/static-files';

let dir: string;
let handle: (request: Request) => Promise<Response>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-protocol-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><head></head>');
  writeFileSync(join(dir, 'renderer', 'assets', 'font.woff2'), 'woff');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  handle = appProtocolHandler(join(dir, 'renderer'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('serves renderer files with the CSP and their content type', async () => {
    const page = await handle(new Request('app://blindrate/index.html'));
    expect(page.status).toBe(200);
    const nonce =
      /^<!doctype html><head><meta name="blindrate-style-nonce" content="([A-Za-z0-9+/]{22}==)" \/><\/head>$/.exec(
        await page.text(),
      )?.[1];
    expect(nonce).toBeDefined();
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy(nonce));
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await handle(new Request('app://blindrate/assets/font.woff2'))).headers.get('content-type')).toBe(
      'font/woff2',
    );
  });

  it('refuses traversal, other hosts and non-GET requests', async () => {
    for (const url of [
      'app://blindrate/%2e%2e/secret.txt',
      'app://blindrate/assets/..%2f..%2fsecret.txt',
      'app://other/index.html',
    ]) {
      const reply = await handle(new Request(url));
      expect(reply.status, url).toBe(404);
      expect(await reply.text()).not.toContain('secret');
    }
    expect((await handle(new Request('app://blindrate/index.html', { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});
