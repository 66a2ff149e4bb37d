/**
 * Study and package files, and the journals SQLite writes beside them, are owner-only (0600) from
 * their creation; no output is written through a symbolic link to nothing; and rater packages are
 * backed up and restored like masters.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { backUpStudy, listBackups, restoreBackup } from '../../../electron/services/backups';
import { exportTable } from '../../../electron/services/exporter';
import { packRaterPackage } from '../../../electron/services/pack';
import { createRater } from '../../../electron/services/raters';
import { fixedClock, freshFolder, freshStudy, PASSPHRASE } from '../engine/helpers';
import { assignStudy, createSeededStudy, packFor, ratingValues } from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('file modes', () => {
  it('a master study and its -wal and -shm are created 0600', () => {
    const { db, path } = freshStudy();
    createRater(db, 'Dr Ada', fixedClock);
    expect([path, `${path}-wal`, `${path}-shm`].map(mode)).toEqual([0o600, 0o600, 0o600]);
    db.close();
  });

  it('a rater package and its -journal are created 0600', () => {
    const study = createSeededStudy();
    try {
      assignStudy(study, ['Dr Ada']);
      const ada = packFor(study, 'Dr Ada');
      expect(mode(ada.path)).toBe(0o600);
      // A save in progress: its rollback journal is beside the package until it commits.
      ada.db.exec('BEGIN IMMEDIATE');
      ada.db.prepare(`UPDATE tasks SET flagged = 1`).run();
      expect(mode(`${ada.path}-journal`)).toBe(0o600);
      ada.db.exec('ROLLBACK');
      ada.close();
    } finally {
      study.cleanup();
    }
  });
});

describe('a symbolic link to nothing as the output', () => {
  it('is refused by export, pack and backup, and nothing is created where it points', async () => {
    const study = createSeededStudy();
    try {
      assignStudy(study, ['Dr Ada']);
      const folder = freshFolder();
      const nowhere = join(folder, 'elsewhere');
      const link = (name: string) => {
        const path = join(study.path, '..', name);
        symlinkSync(join(nowhere, name), path);
        return path;
      };
      const refusal = (path: string) =>
        `${path} is a symbolic link to ${join(nowhere, path.split('/').at(-1)!)}, which does not exist; BlindRate does not write through it. Choose another file name.`;

      const csv = link('ratings.csv');
      await expect(exportTable(study.db, { what: 'ratings', format: 'csv', out: csv })).rejects.toThrow(refusal(csv));
      const pkg = link('Dr-Ada.blindrate');
      expect(() =>
        packRaterPackage(study.db, {
          rater: 'Dr Ada',
          out: pkg,
          passphrase: 'velvet harbour quartz meadow',
          masterPassphrase: null,
          clock: fixedClock,
        }),
      ).toThrow(refusal(pkg));
      const backup = link(`study.db.backup-${fixedClock().toISOString().replace(/[-:]/g, '')}.db`);
      expect(() => backUpStudy(study.db, study.path, fixedClock)).toThrow(refusal(backup));
      expect(existsSync(nowhere)).toBe(false);
      expect(study.db.prepare('SELECT count(*) FROM rater_packages').pluck().get()).toBe(0);
    } finally {
      study.cleanup();
    }
  });
});

describe('rater packages', () => {
  it('are backed up by blindrate backup and restored by blindrate restore, which refuses a master in their place', () => {
    const study = createSeededStudy();
    try {
      assignStudy(study, ['Dr Ada']);
      const ada = packFor(study, 'Dr Ada');
      const [first] = ada.session.listAssignments('rating');
      ada.session.saveRating({
        assignmentId: first!.assignmentId,
        values: ratingValues(2),
        comment: 'kept',
        durationMs: 5,
      });
      ada.close();
      const cli = (args: string[]) =>
        execFileSync(process.execPath, [CLI, ...args], {
          env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_PACKAGE_PASSPHRASE: ada.passphrase },
          encoding: 'utf8',
        });
      expect(cli(['backup', ada.path])).toBe(`Wrote backup ${listBackups(ada.path)[0]}.\n`);
      const [backup] = listBackups(ada.path);
      expect(mode(backup!)).toBe(0o600);

      const later = openStudyDatabase(ada.path, ada.passphrase, { kind: 'package' });
      later.prepare(`UPDATE responses SET comment = 'lost'`).run();
      later.close();
      // A hot journal of the replaced package must not be rolled back onto the restored copy.
      writeFileSync(`${ada.path}-journal`, 'a journal of the replaced file');
      expect(cli(['restore', ada.path, backup!, '--force'])).toBe(`Restored ${ada.path} from ${backup}.\n`);
      expect(existsSync(`${ada.path}-journal`)).toBe(false);
      const restored = openStudyDatabase(ada.path, ada.passphrase, { readonly: true, kind: 'package' });
      expect(restored.prepare('SELECT comment FROM responses').pluck().all()).toEqual(['kept']);
      restored.close();

      const masterBackup = backUpStudy(study.db, study.path, fixedClock);
      expect(() => restoreBackup(ada.path, masterBackup, PASSPHRASE, { force: true, clock: fixedClock })).toThrow(
        `${masterBackup} is a master study, not a backup of the rater package ${ada.path}.`,
      );
      expect(readdirSync(join(study.path, '..')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    } finally {
      study.cleanup();
    }
  }, 60_000);
});
