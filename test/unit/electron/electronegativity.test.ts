/** The Electronegativity lint step reports what the reviewed allow-list does not cover. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error build scripts are plain ES modules without type declarations
import { scan, unreviewed } from '../../../build/electronegativity.mjs';

interface Finding {
  check: string;
  file: string;
}

const allowList = JSON.parse(
  readFileSync(new URL('../../../build/electronegativity-allow.json', import.meta.url), 'utf8'),
).allowed as Finding[];

describe('electronegativity lint', () => {
  it('fails on a window that enables Node in the renderer, even with the allow-list applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blindrate-en-'));
    try {
      writeFileSync(
        join(dir, 'main.js'),
        "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
      );
      const findings = unreviewed((await scan(dir)) as Finding[], allowList) as Finding[];
      expect(findings.map((f) => f.check)).toEqual(
        expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('has a reason for every allowed finding', () => {
    for (const entry of allowList as Array<Finding & { reason?: string }>)
      expect(entry.reason?.length, entry.check).toBeGreaterThan(20);
  });
});
