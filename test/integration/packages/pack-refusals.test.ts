/**
 * `pack` refuses what would let one person open another's file: a package passphrase equal to the
 * master's, or one already given to another rater's package, naming the rater who would hold the package (and
 * the other holder). Nothing is written when it refuses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packRaterPackage } from '../../../electron/services/pack';
import { assignStudy, createSeededStudy, fixedClock, PASSPHRASE, type SeededStudy } from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const SHARED = 'amber tundra lantern voyage';

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob'], 1);
});
afterEach(() => study.cleanup());

const outFor = (name: string) => join(study.path, '..', name);
const issuedPackages = () => study.db.prepare('SELECT count(*) FROM rater_packages').pluck().get();

function packWith(rater: string, passphrase: string, file: string) {
  return packRaterPackage(study.db, {
    rater,
    out: outFor(file),
    passphrase,
    masterPassphrase: PASSPHRASE,
    clock: fixedClock,
  });
}

describe('pack refuses a package passphrase', () => {
  it("equal to the master's, writing nothing", () => {
    expect(() => packWith('Dr Ada', PASSPHRASE, 'ada.blindrate')).toThrow(
      "The package passphrase is the master study's own: its rater Dr Ada could open the master. Choose another one.",
    );
    expect(existsSync(outFor('ada.blindrate'))).toBe(false);
    expect(issuedPackages()).toBe(0);
  });

  it("already given to another rater's package, naming that rater; the same rater may be issued it again", () => {
    packWith('Dr Ada', SHARED, 'ada.blindrate');
    expect(() => packWith('Dr Bob', SHARED, 'bob.blindrate')).toThrow(
      "The package passphrase was already given to rater Dr Ada's package: each holder needs their own, or rater Dr Bob could open it. Choose another one.",
    );
    expect(existsSync(outFor('bob.blindrate'))).toBe(false);
    expect(issuedPackages()).toBe(1);
    packWith('Dr Ada', SHARED, 'ada-again.blindrate');
    expect(issuedPackages()).toBe(2);
  });

  it('given to blindrate pack in BLINDRATE_PACKAGE_PASSPHRASE equal to BLINDRATE_PASSPHRASE', () => {
    study.db.close();
    let stderr = '';
    try {
      execFileSync(process.execPath, [CLI, 'pack', study.path, '--rater', 'Dr Ada', '--out', outFor('ada.blindrate')], {
        env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_PACKAGE_PASSPHRASE: PASSPHRASE },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      stderr = String((error as { stderr: string }).stderr);
    }
    expect(stderr).toBe(
      "blindrate: The package passphrase is the master study's own: its rater Dr Ada could open the master. Choose another one.\n",
    );
    expect(existsSync(outFor('ada.blindrate'))).toBe(false);
  });
});
