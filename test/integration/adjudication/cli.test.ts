/** `blindrate adjudicate` as a coordinator types it: the summary line, a generated passphrase, and one-line refusals. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { readPackageMeta } from '../../../db/package-file';
import { PASSPHRASE, type SeededStudy } from '../session/fixture';
import { ratedThreeRaterStudy } from './fixture';

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
  it('packs the round, prints what it holds and a generated passphrase that opens it', async () => {
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
      /^Packed \d+ disputed ratings over \d+ outputs for Dr E into .*e\.blindrate \(\d+ KB, round [0-9a-f-]{36}\)\.\npassphrase: (?:[a-z-]+ ){5}[a-z-]+\n$/,
    );
    const passphrase = /^passphrase: (.*)$/m.exec(run.stdout)![1]!;
    const file = openStudyDatabase(out, passphrase, { kind: 'package' });
    expect(readPackageMeta(file, 'package_kind')).toBe('adjudication');
    file.close();
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
