/** `blindrate merge`, `status` and `export --what ratings` as a coordinator runs them (three spawns). */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ADA_CLOCK, masterAndRatedLaptops, PASSPHRASE } from './laptops';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));

function blindrate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_COPY_PASSPHRASE: undefined };
    execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('blindrate merge and status', () => {
  it('merges two laptops, then shows both raters in status and in the ratings export', { timeout: 30_000 }, async () => {
    const { master, ada, bob } = masterAndRatedLaptops();

    const merged = await blindrate(['merge', master, ada, bob]);
    expect(merged).toEqual({
      code: 0,
      stderr: '',
      stdout:
        `${ada}: 0 raters added, 4 ratings added, 2 preferences added, 0 skipped as identical, 0 conflicts resolved (21 assignments, 0 flags, 1 lock, 8 audit rows taken).\n` +
        `${bob}: 1 rater added, 3 ratings added, 1 preference added, 0 skipped as identical, 0 conflicts resolved (21 assignments, 0 flags, 0 locks, 5 audit rows taken).\n`,
    });

    const status = await blindrate(['status', master]);
    expect(status.code).toBe(0);
    expect(status.stdout.split('\n').slice(1)).toEqual([
      'Raters:',
      `  Dr Ada  rating 4/15  preference 2/6  flagged 1  locked ${ADA_CLOCK().toISOString()}`,
      '  Dr Bob  rating 3/15  preference 1/6  flagged 0  not locked',
      'Samples:',
      '  #1 rating: 3 bins × 5 per bin; models all; 15 tasks, 7 answers',
      '  #2 preference: 3 bins × 1 per bin; models all; 6 tasks, 3 answers',
      '',
    ]);
    expect(status.stdout).toMatch(/^Study "Session test study" \(id [0-9a-f-]{36}\)\n/);

    const out = join(dirname(master), 'ratings.csv');
    expect((await blindrate(['export', master, '--what', 'ratings', '--out', out])).code).toBe(0);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as { rater: string; task: string }[];
    const perRater = (rater: string, task: string) => rows.filter((r) => r.rater === rater && r.task === task).length;
    // Five rubric dimensions per rated output, one row per preference.
    expect([perRater('Dr Ada', 'rating'), perRater('Dr Ada', 'preference'), perRater('Dr Bob', 'rating'), perRater('Dr Bob', 'preference')]).toEqual([20, 2, 15, 1]);
  });
});
