/** `blindrate adjudicate` and `merge` of its package as a coordinator types them: summary lines, a generated passphrase, one-line refusals. */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { readPackageMeta } from '../../../db/package-file';
import type { AnalysisResult } from '../../../shared/analysis';
import { PASSPHRASE, type SeededStudy } from '../session/fixture';
import { adjudicateAll, ratedThreeRaterStudy } from './fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));

function blindrate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_PACKAGE_PASSPHRASE: undefined } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

let study: SeededStudy;
beforeAll(() => {
  study = ratedThreeRaterStudy();
  study.db.close();
}, 120_000);
afterAll(() => study.cleanup());

describe('blindrate adjudicate', () => {
  it('packs the round with a generated passphrase, and merge takes it back alone, not with a rater package', async () => {
    const out = join(study.path, '..', 'e.blindrate');
    const run = await blindrate([
      'adjudicate',
      study.path,
      '--adjudicator',
      'Dr E',
      '--out',
      out,
      '--threshold',
      'likert=3',
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^Packed \d+ disputes in \d+ tasks for Dr E into .*e\.blindrate \(\d+ KB, round [0-9a-f-]{36}\)\.\npassphrase: (?:[a-z-]+ ){5}[a-z-]+\n$/,
    );
    const passphrase = /^passphrase: (.*)$/m.exec(run.stdout)![1]!;
    const file = openStudyDatabase(out, passphrase, { kind: 'package' });
    expect(readPackageMeta(file, 'package_kind')).toBe('adjudication');
    file.close();

    // Saved after the CLI packed it, on the system clock: merge refuses answers older than their package.
    adjudicateAll(out, passphrase, () => new Date());
    const disputes = Number(/^Packed (\d+) disputes/.exec(run.stdout)![1]);
    const merged = await blindrate(['merge', study.path, out]);
    expect(merged).toEqual({
      code: 0,
      stderr: '',
      stdout: `Merged e.blindrate: Dr E settled ${disputes} of ${disputes} disputes (locked).\n`,
    });
    const mixed = await blindrate(['merge', study.path, out, join(study.path, '..', 'Dr-Ada.blindrate')]);
    expect(mixed).toMatchObject({
      code: 1,
      stderr: 'blindrate: e.blindrate is an adjudication package: merge it on its own, one per merge.\n',
    });
  });

  it('refuses a threshold it cannot read, or on a kind without steps, in one line and without a file', async () => {
    const out = join(study.path, '..', 'refused.blindrate');
    const unread = await blindrate([
      'adjudicate',
      study.path,
      '--adjudicator',
      'Dr E',
      '--out',
      out,
      '--threshold',
      'likert:3',
    ]);
    expect(unread).toMatchObject({
      code: 1,
      stderr:
        'blindrate: --threshold likert:3: write KIND=STEPS, e.g. likert=3, with KIND one of likert, binary, ordinal, nominal.\n',
    });
    const binary = await blindrate([
      'adjudicate',
      study.path,
      '--adjudicator',
      'Dr E',
      '--out',
      out,
      '--threshold',
      'binary=1',
    ]);
    expect(binary).toMatchObject({
      code: 1,
      stderr:
        'blindrate: The disagreement threshold is refused: binary dimensions dispute on any difference and take no threshold.\n',
    });
    expect(existsSync(out)).toBe(false);
  });
});

describe('blindrate report --adjudicated', () => {
  it("reports the study with the adjudicated values after the round merged above, agreement on the raters' own", async () => {
    const dir = join(study.path, '..');
    const mean = await blindrate([
      'report',
      study.path,
      '--out',
      join(dir, 'mean.html'),
      '--json',
      join(dir, 'mean.json'),
    ]);
    const adjudicated = await blindrate([
      'report',
      study.path,
      '--adjudicated',
      '--out',
      join(dir, 'adjudicated.html'),
      '--json',
      join(dir, 'adjudicated.json'),
    ]);
    expect([mean.code, mean.stderr, adjudicated.code, adjudicated.stderr]).toEqual([0, '', 0, '']);
    const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as AnalysisResult;
    const [byMean, byFinal] = [read('mean.json'), read('adjudicated.json')];
    expect(byMean.adjudication?.final_values).toBe('raters_mean');
    expect(byFinal.adjudication).toEqual({ ...byMean.adjudication, final_values: 'adjudicated' });
    expect(byFinal.adjudication!.adjudicated_units).toBeGreaterThan(0);
    expect(byFinal.bins).not.toEqual(byMean.bins);
    expect(byFinal.agreement).toEqual(byMean.agreement);
    expect(byFinal.per_rater).toEqual(byMean.per_rater);
    expect(readFileSync(join(dir, 'adjudicated.html'), 'utf8')).toContain(
      "take the adjudicator's final value in place of every rater's value",
    );
    expect(readFileSync(join(dir, 'mean.html'), 'utf8')).toContain('not the adjudicated ones');
  });
});
