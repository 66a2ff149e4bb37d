/**
 * The app's merge (the job the Returns screen starts) takes what the CLI's merge options take, per file: the
 * lock receipt the rater read out, the passphrase to adopt a package a restored master forgot, and the
 * acceptance of a diverged history. A refusal the coordinator can act on carries its remedy, and its detail
 * is the problem alone (the table names the file).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backUpStudy, restoreBackup } from '../../../electron/services/backups';
import { runWork, type ReturnFile, type WorkContext } from '../../../electron/services/coordinator-work';
import { sha256 } from '../../../db/audit';
import { openStudy } from '../../../electron/services/study';
import type { Clock } from '../../../shared/clock';
import type { ReturnChoices, ReturnVerdict } from '../../../shared/coordinator-api';
import { lockReceipt } from '../../../shared/lock-receipt';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  openPackageFile,
  packFor,
  PASSPHRASE,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

const MONDAY: Clock = () => new Date('2026-03-02T09:00:00.000Z');
const TUESDAY: Clock = () => new Date('2026-03-03T09:00:00.000Z');
const WEDNESDAY: Clock = () => new Date('2026-03-04T09:00:00.000Z');
/** After every save below: a merge refuses times in its future. */
const MERGED_AT: Clock = () => new Date('2026-03-10T09:00:00.000Z');

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob'], 1);
});
afterEach(() => {
  if (study.db.open) study.db.close();
  study.cleanup();
});

/** The merge job of the Returns screen on these files, with the coordinator's choices; its verdicts. */
async function mergeJob(files: Array<{ path: string; choices?: ReturnChoices }>) {
  const context: WorkContext = {
    db: study.db,
    studyPath: study.path,
    masterPassphrase: PASSPHRASE,
    clock: MERGED_AT,
    report: () => {},
    cancelled: () => false,
  };
  const task: ReturnFile[] = files.map(({ path, choices = {} }) => ({
    name: path.split('/').pop()!,
    path,
    choices,
  }));
  const { result } = await runWork({ kind: 'merge', files: task }, context);
  if (result.kind !== 'merge') throw new Error(`not a merge: ${result.kind}`);
  return result as { files: ReturnVerdict[]; merged: boolean };
}

const count = (sql: string) => study.db.prepare(sql).pluck().get() as number;

/** Opens the package as the app would, rates its first `tasks` rating tasks at `level`, runs `then`, closes it. */
function rateIn<T>(
  { path, passphrase }: { path: string; passphrase: string },
  clock: Clock,
  tasks: number,
  level: number,
  then?: (p: OpenPackage) => T,
): T | undefined {
  const p = openPackageFile(path, clock, passphrase);
  try {
    for (const task of p.session.listAssignments('rating').slice(0, tasks))
      p.session.saveRating({
        assignmentId: task.assignmentId,
        values: ratingValues(level),
        comment: '',
        durationMs: 9,
      });
    return then?.(p);
  } finally {
    p.close();
  }
}

describe('the lock receipt given in the app', () => {
  it('confirms the history up to the lock, and refuses a receipt that does not match, naming it', async () => {
    const ada = packFor(study, 'Dr Ada');
    ada.close();
    const receipt = rateIn(ada, MONDAY, 3, 4, (p) => p.session.lock().lockReceipt!)!;
    const mistyped = receipt.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const ofAnotherPackage = lockReceipt('another-package', 'a'.repeat(64), sha256);

    const refused = await mergeJob([{ path: ada.path, choices: { receipt: mistyped } }]);
    expect(refused.merged).toBe(false);
    expect(refused.files[0]).toMatchObject({
      file: 'Dr-Ada.blindrate',
      accepted: false,
      detail: `the receipt "${mistyped}" cannot be right: it is mistyped (its check character does not match).`,
    });
    expect(refused.files[0]!.remedy).toBeUndefined();
    expect((await mergeJob([{ path: ada.path, choices: { receipt: ofAnotherPackage } }])).files[0]).toMatchObject({
      accepted: false,
      detail: `its history up to the lock does not match the lock receipt ${ofAnotherPackage}: it was changed after the receipt was read out, or the receipt belongs to another package.`,
    });
    expect(count('SELECT count(*) FROM ratings')).toBe(0);

    const merged = await mergeJob([{ path: ada.path, choices: { receipt: receipt.toLowerCase() } }]);
    expect(merged.merged).toBe(true);
    expect(merged.files[0]!.detail).toMatch(/lock receipt confirmed\.$/);
    expect(count('SELECT lock_receipt IS NOT NULL FROM rater_packages')).toBe(1);
  });
});

describe('a package a restored master forgot', () => {
  it('is refused with the adopt remedy, and merged once its passphrase is given', async () => {
    const backup = backUpStudy(study.db, study.path, fixedClock);
    const ada = packFor(study, 'Dr Ada');
    const passphrase = ada.passphrase;
    ada.close();
    rateIn(ada, MONDAY, 3, 4);
    study.db.close();
    restoreBackup(study.path, backup, PASSPHRASE, { force: true, clock: () => new Date('2026-03-05T08:00:00.000Z') });
    study.db = openStudy(study.path, PASSPHRASE);

    const refused = await mergeJob([{ path: ada.path }]);
    expect(refused.files[0]).toMatchObject({ accepted: false, remedy: 'adopt' });
    expect(refused.files[0]!.detail).toMatch(
      /^is not known to this study as it is now: it was restored on .*, adopt it with its passphrase\.$/,
    );

    const wrong = await mergeJob([{ path: ada.path, choices: { adoptPassphrase: `${passphrase}x` } }]);
    expect(wrong.files[0]).toMatchObject({
      accepted: false,
      detail: 'does not open with the passphrase given to adopt it.',
    });
    expect(count('SELECT count(*) FROM ratings')).toBe(0);

    const adopted = await mergeJob([{ path: ada.path, choices: { adoptPassphrase: passphrase } }]);
    expect(adopted.merged).toBe(true);
    expect(count('SELECT count(*) FROM ratings')).toBeGreaterThan(0);
  });
});

/**
 * Dr Ada's package copied on Monday, rated further and merged on Wednesday; the Monday copy then rated on
 * Tuesday: its history departs from the merged one. Returns the copy's path.
 */
async function divergedCopyOfAda(): Promise<string> {
  const ada = packFor(study, 'Dr Ada');
  ada.close();
  rateIn(ada, MONDAY, 2, 3);
  const older = join(study.path, '..', 'dr-ada-older.blindrate');
  copyFileSync(ada.path, older);
  rateIn(ada, WEDNESDAY, 4, 4);
  expect((await mergeJob([{ path: ada.path }])).merged).toBe(true);
  rateIn({ path: older, passphrase: ada.passphrase }, TUESDAY, 3, 5);
  return older;
}

describe('a package whose history departs from the version merged before', () => {
  it('is refused with the accept-diverged remedy; accepted for that file only, it is merged', async () => {
    const older = await divergedCopyOfAda();
    const bob = packFor(study, 'Dr Bob');
    bob.close();
    rateIn(bob, TUESDAY, 2, 2);

    const refused = await mergeJob([{ path: older }, { path: bob.path }]);
    expect(refused.merged).toBe(false);
    expect(refused.files[0]).toMatchObject({
      file: 'dr-ada-older.blindrate',
      accepted: false,
      remedy: 'accept-diverged',
    });
    expect(refused.files[0]!.detail).toMatch(
      /^its audit history departs from the version merged on .* changed them later\.$/,
    );
    expect(refused.files[1]).toMatchObject({ file: 'Dr-Bob.blindrate', accepted: true });

    const accepted = await mergeJob([{ path: older, choices: { acceptDivergedHistory: true } }, { path: bob.path }]);
    expect(accepted.merged).toBe(true);
    expect(accepted.files.map((f) => f.rater)).toEqual(['Dr Ada', 'Dr Bob']);
  });

  it('stays refused when the acceptance was given for another file', async () => {
    const older = await divergedCopyOfAda();
    const bob = packFor(study, 'Dr Bob');
    bob.close();

    const refused = await mergeJob([{ path: older }, { path: bob.path, choices: { acceptDivergedHistory: true } }]);
    expect(refused.files[0]).toMatchObject({ accepted: false, remedy: 'accept-diverged' });
  });
});
