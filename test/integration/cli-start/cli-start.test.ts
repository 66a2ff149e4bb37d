/**
 * What the `blindrate` bin loads to start: each command loads its packages when it runs, so asking for
 * help (or running one command) does not evaluate zxcvbn's dictionaries, zod, SQLite and the rest.
 * The packages a process resolves are recorded by a module hook (record-packages.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const RECORDER = fileURLToPath(new URL('./record-packages.mjs', import.meta.url));
const RATINGS = fileURLToPath(new URL('../../fixtures/analysis/ratings_small.csv', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'blindrate-cli-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The packages (node_modules folders, by name) a `blindrate …` process resolved, sorted. */
function packagesLoadedBy(args: string[]): string[] {
  const log = join(folder, `imports-${args.join('-').replace(/[^\w-]/g, '_')}.log`);
  const run = spawnSync(process.execPath, ['--import', RECORDER, CLI, ...args], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, BLINDRATE_RECORD_IMPORTS: log },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const names = readFileSync(log, 'utf8')
    .split('\n')
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)].sort();
}

describe('blindrate start', () => {
  it('shows the help with commander as its only package', () => {
    expect(packagesLoadedBy(['--help'])).toEqual(['commander']);
  });

  it("shows a command's help without loading what the command runs with", () => {
    for (const command of ['analyze', 'import', 'init', 'pack', 'plan', 'sample', 'export', 'backup', 'serve', 'start'])
      expect(packagesLoadedBy([command, '--help']), command).toEqual(['commander']);
  });

  it('analyses a ratings file without loading SQLite, zod or the passphrase dictionaries', () => {
    const loaded = packagesLoadedBy(['analyze', RATINGS, '--json', join(folder, 'out.json'), '--bootstrap', '20']);
    expect(loaded).toContain('csv-parse');
    for (const heavy of ['better-sqlite3-multiple-ciphers', 'zod', '@zxcvbn-ts/core', '@zxcvbn-ts/language-en'])
      expect(loaded).not.toContain(heavy);
  });
});
