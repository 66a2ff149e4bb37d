/**
 * A master restored from a backup older than a `pack` no longer knows that package. The restore lists
 * what it forgets, a merge of such a package says what happened, and adopting it with its passphrase
 * merges it once it proves to be of this study and of this master's plan for its rater.
 */
import { execFile } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { backUpStudy, restoreBackup } from '../../../electron/services/backups';
import { mergePackages } from '../../../electron/services/merge';
import { openStudy } from '../../../electron/services/study';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  packFor,
  PASSPHRASE,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const restoredAt = () => new Date('2026-03-05T08:00:00.000Z');

let study: SeededStudy;
let master: StudyDb;
let backup: string;
let ada: OpenPackage;

/** Backs the master up, then packs Dr Ada (after the backup), rates 3 tasks, and restores the backup. */
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob'], 1);
  backup = backUpStudy(study.db, study.path, fixedClock);
  ada = packFor(study, 'Dr Ada');
  for (const task of ada.session.listAssignments('rating').slice(0, 3))
    ada.session.saveRating({ assignmentId: task.assignmentId, values: ratingValues(4), comment: '', durationMs: 9 });
  ada.close();
  study.db.close();
});
afterEach(() => {
  if (master?.open) master.close();
  study.cleanup();
});

function restore() {
  const summary = restoreBackup(study.path, backup, PASSPHRASE, { force: true, clock: restoredAt });
  master = openStudy(study.path, PASSPHRASE);
  return summary;
}

const count = (sql: string) => master.prepare(sql).pluck().get() as number;

function refusal(adopt?: { file: string; passphrase: string }): string {
  const before = [count('SELECT count(*) FROM responses'), count('SELECT count(*) FROM audit_log')];
  try {
    mergePackages(master, [ada.path], fixedClock, { adopt: adopt ? [adopt] : [] });
  } catch (error) {
    expect([count('SELECT count(*) FROM responses'), count('SELECT count(*) FROM audit_log')]).toEqual(before);
    return (error as Error).message;
  }
  throw new Error('the merge was accepted');
}

describe('restoring a master from a backup older than a pack', () => {
  it('lists the packages issued after the backup, which the restored master forgets', () => {
    const { forgottenPackages } = restore();
    expect(forgottenPackages).toEqual([
      expect.objectContaining({ raterName: 'Dr Ada', issuedAt: fixedClock().toISOString() }),
    ]);
    expect(count(`SELECT count(*) FROM audit_log WHERE action = 'study.restore'`)).toBe(1);
  });

  it('makes a merge of such a package say what happened, and adopting it with its passphrase merges it', () => {
    restore();
    expect(refusal()).toBe(
      `Dr-Ada.blindrate: is not known to this study as it is now: it was restored on 2026-03-05T08:00:00.000Z from the backup ${backup.split('/').at(-1)}, which forgets every package issued after that backup was written. If this package is one of them, adopt it with its passphrase.`,
    );
    const [summary] = mergePackages(master, [ada.path], fixedClock, {
      adopt: [{ file: ada.path, passphrase: ada.passphrase }],
    });
    expect(summary).toMatchObject({ rater: 'Dr Ada', answersAdded: 3, auditEntriesAppended: 4 });
    expect(count(`SELECT count(*) FROM audit_log WHERE action = 'package.adopt'`)).toBe(1);
    // Recorded as issued now: the next merge of the same file needs no passphrase and changes nothing.
    expect(mergePackages(master, [ada.path], fixedClock)[0]).toMatchObject({ unchanged: true });
  });

  it('refuses to adopt with a wrong passphrase, a package of another study, or tasks not in this plan', () => {
    restore();
    expect(refusal({ file: ada.path, passphrase: 'not the package passphrase' })).toMatch(
      /^Dr-Ada\.blindrate: does not open with the passphrase given to adopt it\.$/,
    );
    const db = openStudyDatabase(ada.path, ada.passphrase, { kind: 'package' });
    const secondRating = db
      .prepare(`SELECT id FROM tasks WHERE kind = 'rating' ORDER BY position LIMIT 1 OFFSET 1`)
      .pluck()
      .get();
    db.prepare(`UPDATE tasks SET answer_a = 'an answer this master never packed' WHERE id = ?`).run(secondRating);
    db.close();
    expect(refusal({ file: ada.path, passphrase: ada.passphrase })).toBe(
      "Dr-Ada.blindrate: cannot be adopted: rating task 2 is not the task this master's plan gives Dr Ada there.",
    );
    const other = openStudyDatabase(ada.path, ada.passphrase, { kind: 'package' });
    other.prepare(`UPDATE package_meta SET value = 'another-study' WHERE key = 'study_id'`).run();
    other.close();
    expect(refusal({ file: ada.path, passphrase: ada.passphrase })).toBe(
      'Dr-Ada.blindrate: cannot be adopted: it belongs to another study.',
    );
  });

  it('blindrate restore prints the forgotten package and blindrate merge --adopt takes it with the passphrase from the environment', async () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [CLI, ...args],
          { env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, ...env } },
          (_error, stdout, stderr) => resolve({ stdout, stderr }),
        ),
      );
    const restored = await run(['restore', study.path, backup, '--force']);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(
      /^Restored .+ from .+\.\nThe backup is older than this package, issued after it; merge each one returned with blindrate merge --adopt FILE and its passphrase:\n {2}Dr Ada: package [0-9a-f-]{36}, issued 2026-03-01T09:00:00\.000Z\n$/,
    );
    expect((await run(['merge', study.path, ada.path])).stderr).toMatch(
      /adopt it with its passphrase: blindrate merge STUDY --adopt Dr-Ada\.blindrate\.\n$/,
    );
    const adopted = await run(['merge', study.path, '--adopt', ada.path], {
      BLINDRATE_PACKAGE_PASSPHRASE: ada.passphrase,
    });
    expect(adopted).toEqual({
      stdout: 'Dr-Ada.blindrate (Dr Ada): 3 answers added, 0 flags changed, 4 audit entries appended.\n',
      stderr: '',
    });
  }, 60_000);
});
