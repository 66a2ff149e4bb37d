/** `npm run setup:electron` as CI runs it (ELECTRON_SKIP_BINARY_DOWNLOAD=1): one line, and never a failed `npm install`. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

function setup(args: string[]) {
  const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
  return spawnSync(process.execPath, ['--import', 'tsx', 'build/setup-electron.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('setup:electron with ELECTRON_SKIP_BINARY_DOWNLOAD', () => {
  it('downloads nothing, says so in one line and succeeds as postinstall', () => {
    const run = setup([]);
    expect(run.stdout).toBe(
      'setup:electron: ELECTRON_SKIP_BINARY_DOWNLOAD is set, so nothing is downloaded; `npm start` uses browser mode.\n',
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails under --strict, as npm run dist uses it, since no installer can be made without the Electron build', () => {
    expect(setup(['--strict']).status).toBe(1);
  });
});
