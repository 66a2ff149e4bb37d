/**
 * A returned package whose audit chain does not extend the version merged before: an older copy is named
 * as one (with what it lacks), and a copy the rater went on from after an older version is refused with
 * where it departs, and can be taken explicitly without losing an answer merged before.
 */
import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../shared/audit-chain';
import type { Clock } from '../../../shared/clock';
import { readAuditChain, sha256 } from '../../../db/audit';
import { mergePackages } from '../../../electron/services/merge';
import { PackageRefusal } from '../../../shared/errors';
import {
  assignStudy,
  createSeededStudy,
  openPackageFile,
  PASSPHRASE,
  packFor,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

let study: SeededStudy;
let tasks: string[];
let packagePath: string;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
  const ada = packFor(study, 'Dr Ada');
  tasks = ada.session.listAssignments('rating').map((t) => t.assignmentId);
  packagePath = ada.path;
  ada.close();
});
afterEach(() => study.cleanup());

const clockAt =
  (iso: string): Clock =>
  () =>
    new Date(iso);
const MONDAY = clockAt('2026-03-02T09:00:00.000Z');
const TUESDAY = clockAt('2026-03-03T09:00:00.000Z');
const WEDNESDAY = clockAt('2026-03-04T09:00:00.000Z');

/** Opens the package as the app would, saves `ratings` (task index → level) and closes it. */
/** The coordinator merges after every rater's save below (a merge refuses times in its future). */
const MERGED_AT: Clock = () => new Date('2026-03-10T09:00:00.000Z');

function rateIn(path: string, clock: Clock, ratings: Array<[number, number]>, then?: (p: OpenPackage) => void): void {
  const p = openPackageFile(path, clock);
  try {
    for (const [task, level] of ratings)
      p.session.saveRating({ assignmentId: tasks[task]!, values: ratingValues(level), comment: '', durationMs: 5 });
    then?.(p);
  } finally {
    p.close();
  }
}

const copyOf = (name: string) => {
  const copy = join(study.path, '..', name);
  copyFileSync(packagePath, copy);
  return copy;
};
const merge = (path: string, acceptDivergedHistory = false) =>
  mergePackages(study.db, [path], MERGED_AT, { acceptDivergedHistory: new Set(acceptDivergedHistory ? [path] : []) });
const masterFactuality = () =>
  tasks.map(
    (id) =>
      study.db
        .prepare(`SELECT value FROM ratings WHERE assignment_id = ? AND dimension = 'factuality'`)
        .pluck()
        .get(id) ?? null,
  );
const auditCount = () => study.db.prepare('SELECT count(*) FROM audit_log').pluck().get();

describe('merge of a package whose history does not extend the version merged before', () => {
  it('names an older copy than the one merged, with the answers it lacks, and changes nothing', () => {
    rateIn(packagePath, MONDAY, [
      [0, 3],
      [1, 3],
    ]);
    const monday = copyOf('dr-ada-monday.blindrate');
    rateIn(packagePath, TUESDAY, [
      [2, 4],
      [3, 4],
      [1, 5],
    ]);
    expect(merge(packagePath)[0]).toMatchObject({ answersAdded: 4 });
    const before = [masterFactuality(), auditCount()];

    expect(() => merge(monday)).toThrow(
      'dr-ada-monday.blindrate: is an older copy of Dr-Ada.blindrate than the one merged on 2026-03-10T09:00:00.000Z (2 answers fewer); the master already holds all of it.',
    );
    expect([masterFactuality(), auditCount()]).toEqual(before);
  });

  it('refuses a copy that went on from an older version, saying where it departs; accepted, it changes only what it changed since, where it edited later', () => {
    rateIn(packagePath, MONDAY, [
      [0, 3],
      [1, 3],
    ]);
    const backup = copyOf('dr-ada-backup.blindrate');
    rateIn(packagePath, WEDNESDAY, [
      [2, 4],
      [3, 4],
    ]);
    merge(packagePath);
    // The laptop is lost; the rater goes on from Monday's backup on Tuesday: task 2 again (edited on
    // Wednesday in the merged version, which stays), task 1 and task 5 new.
    rateIn(backup, TUESDAY, [
      [2, 1],
      [1, 5],
      [4, 2],
    ]);
    const before = [masterFactuality(), auditCount()];

    let refusal: unknown;
    try {
      merge(backup);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PackageRefusal);
    expect(refusal).toMatchObject({ file: 'dr-ada-backup.blindrate', remedy: 'accept-diverged' });
    expect((refusal as Error).message).toBe(
      "dr-ada-backup.blindrate: its audit history departs from the version merged on 2026-03-10T09:00:00.000Z after entry 3 (that version has 5 entries, this file 6). If this file is the rater's latest, it can be merged accepting its diverged history: answers merged before are kept unless this file changed them later.",
    );
    expect([masterFactuality(), auditCount()]).toEqual(before);

    expect(merge(backup, true)[0]).toMatchObject({
      answersAdded: 1,
      answersReplaced: 1,
      answersKeptNewer: 1,
      auditEntriesAppended: 3,
    });
    // Task 1 as merged, task 2 from the backup's later edit, task 3 kept (Wednesday beats Tuesday), task 4
    // only in the merged version, task 5 only in the backup.
    expect(masterFactuality().slice(0, 5)).toEqual([3, 5, 4, 4, 2]);
    expect(verifyAuditChain(readAuditChain(study.db), sha256)).toMatchObject({ ok: true });

    // From then on the backup is the package's history: the same file is unchanged, a later one extends it,
    // and the version left behind is the diverged one now.
    expect(merge(backup)[0]).toMatchObject({ unchanged: true });
    rateIn(backup, WEDNESDAY, [[5, 1]], (p) => p.session.lock());
    expect(merge(backup)[0]).toMatchObject({ answersAdded: 1, locked: true, auditEntriesAppended: 2 });
    expect(() => merge(packagePath)).toThrow(expect.objectContaining({ remedy: 'accept-diverged' }));
  });

  it('the CLI names the way out of a diverged history, and takes it with --accept-diverged', async () => {
    rateIn(packagePath, MONDAY, [[0, 3]]);
    const backup = copyOf('dr-ada-backup.blindrate');
    rateIn(packagePath, WEDNESDAY, [[1, 4]]);
    merge(packagePath);
    rateIn(backup, TUESDAY, [[2, 2]]);
    const cli = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
    const blindrate = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [cli, 'merge', study.path, ...args],
          { env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        ),
      );
    const refused = await blindrate(backup);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^blindrate: dr-ada-backup\.blindrate: its audit history departs from the version merged on .+ after entry 2 .+ To do so, merge again with --accept-diverged\.\n$/,
    );
    expect(await blindrate(backup, '--accept-diverged')).toEqual({
      code: 0,
      stdout: 'dr-ada-backup.blindrate (Dr Ada): 1 answer added, 0 flags changed, 1 audit entry appended.\n',
      stderr: '',
    });
  }, 60_000);
});
