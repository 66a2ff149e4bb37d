import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  newStyleNonce,
  readStaticFile,
  withStyleNonceMeta,
} from '../../../electron/serve/static-files';

/** The directives of a policy by name, e.g. { 'style-src-elem': ["'self'", "'nonce-…'"] }. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
}

const PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body></body>\n</html>';
const NONCE_META = /<meta name="blindrate-style-nonce" content="([^"]*)" \/>/;

describe('content security policy', () => {
  it('allows style elements only from the app or with the page nonce, and no style attributes from markup', () => {
    const policy = directives(contentSecurityPolicy('AAAAAAAAAAAAAAAAAAAAAA=='));
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['style-src-elem']).toEqual(["'self'", "'nonce-AAAAAAAAAAAAAAAAAAAAAA=='"]);
    expect(policy['style-src-attr']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('has no unsafe-inline, unsafe-eval, wildcard or remote source anywhere', () => {
    for (const policy of [contentSecurityPolicy(newStyleNonce()), contentSecurityPolicy()]) {
      expect(policy).not.toMatch(/unsafe-|\*|https?:/);
    }
  });

  it('without a nonce (non-HTML responses) allows no inline style element at all', () => {
    expect(directives(contentSecurityPolicy())['style-src-elem']).toEqual(["'self'"]);
  });
});

describe('style nonce', () => {
  it('is 128 random bits in base64, fresh every time', () => {
    const nonces = Array.from({ length: 200 }, newStyleNonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('is handed to the page as the first element of its head, the rest unchanged', () => {
    const page = withStyleNonceMeta(PAGE, 'abc+/==');
    expect(page).toContain(
      '<head><meta name="blindrate-style-nonce" content="abc+/==" />\n    <meta charset="UTF-8" />',
    );
    expect(page.replace(NONCE_META, '')).toBe(PAGE);
  });

  it('goes where the head is implied when a page has no <head> tag (and never into a <header>)', () => {
    const meta = '<meta name="blindrate-style-nonce" content="n" />';
    expect(withStyleNonceMeta('<!doctype html><title>x</title>', 'n')).toBe(`<!doctype html>${meta}<title>x</title>`);
    expect(withStyleNonceMeta('<!doctype html><body><header>x</header></body>', 'n')).toBe(
      `<!doctype html>${meta}<body><header>x</header></body>`,
    );
    expect(withStyleNonceMeta('<div id="root"></div>', 'n')).toBe(`${meta}<div id="root"></div>`);
  });
});

describe('readStaticFile', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'blindrate-static-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, 'app.js'), 'console.log(1);');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each HTML response its own nonce, the same in the CSP header and in the page', async () => {
    const first = await readStaticFile(join(dir, 'index.html'));
    const second = await readStaticFile(join(dir, 'index.html'));
    const nonces = [first, second].map(({ body, headers }) => {
      const inPage = NONCE_META.exec(body.toString('utf8'))![1]!;
      expect(directives(headers['Content-Security-Policy']!)['style-src-elem']).toEqual([
        "'self'",
        `'nonce-${inPage}'`,
      ]);
      expect(headers['Content-Type']).toBe('text/html; charset=utf-8');
      return inPage;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends other files unchanged, under the policy without a nonce', async () => {
    const script = await readStaticFile(join(dir, 'app.js'));
    expect(script.body.toString('utf8')).toBe('console.log(1);');
    expect(script.headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
    expect(script.headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
