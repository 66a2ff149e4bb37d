/** Rotating encrypted backups beside the study: written on open, every 25 saves and on demand; restore checks first. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiHost, describeFailure, type ApiHost } from '../../../electron/services/api-host';
import { BACKUP_EVERY_SAVES } from '../../../electron/services/backup-policy';
import { backupFolderFor, backUpStudy, listBackups, restoreBackup } from '../../../electron/services/backups';
import { openStudy } from '../../../electron/services/study';
import { createRater } from '../../../electron/services/raters';
import { fixedClock, freshStudy, PASSPHRASE } from '../engine/helpers';
import { openStudyDatabase } from '../../../db/connection';
import { assignStudy, createSeededStudy, PACKAGE_PASSPHRASE, packFor, ratingValues } from '../session/fixture';

/** A clock that moves one second per call, so every backup gets its own name. */
function tickingClock() {
  let t = Date.parse('2026-03-01T09:00:00.000Z');
  return () => new Date((t += 1000));
}

/** Dr Ada's package of a seeded study, unlocked in an API host as the app does, with her session started. */
async function packageOpenInApp() {
  const study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
  const pkg = packFor(study, 'Dr Ada');
  pkg.close();
  study.db.close();
  const api = createApiHost({ clock: tickingClock(), studies: () => [{ path: pkg.path, label: 'Dr-Ada.blindrate' }] });
  const summary = await api.unlockStudy({ path: pkg.path, passphrase: PACKAGE_PASSPHRASE, remember: false });
  await api.startSession(summary.rater!.id);
  const cleanup = async () => {
    await api.closeStudy();
    study.cleanup();
  };
  return { api, pkg, cleanup };
}

/** Saves the first rating task `times` times, with comments "save 0", "save 1", …. */
async function saveOneTaskRepeatedly(api: ApiHost, times: number): Promise<void> {
  const [first] = await api.listAssignments('rating');
  for (let i = 0; i < times; i++) {
    await api.saveRating({
      assignmentId: first!.assignmentId,
      values: ratingValues(1 + (i % 5)),
      comment: `save ${i}`,
      durationMs: 10,
    });
  }
}

describe('backups', () => {
  it('are encrypted copies that open with the passphrase, owner-only, and only the newest 5 are kept', () => {
    const { db, path } = freshStudy();
    createRater(db, 'Dr Secretname', fixedClock);
    const clock = tickingClock();
    const written = Array.from({ length: 7 }, () => backUpStudy(db, path, clock));
    db.close();
    expect(listBackups(path)).toEqual(written.slice(2));
    const newest = written.at(-1)!;
    expect(statSync(newest).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(newest);
    expect(bytes.subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
    expect(bytes.includes(Buffer.from('Dr Secretname'))).toBe(false);
    const copy = openStudy(newest, PASSPHRASE);
    expect(copy.prepare('SELECT name FROM raters').pluck().all()).toEqual(['Dr Secretname']);
    copy.close();
  });

  it(`are written when the app opens a rater package and after every ${BACKUP_EVERY_SAVES} saved answers`, async () => {
    const { api, pkg, cleanup } = await packageOpenInApp();
    try {
      expect(listBackups(pkg.path)).toHaveLength(1);
      await saveOneTaskRepeatedly(api, BACKUP_EVERY_SAVES);
      // The copy is made once the 25th save has answered, not before: the rater does not wait for it.
      expect(listBackups(pkg.path)).toHaveLength(1);
      await new Promise(setImmediate);
      const backups = listBackups(pkg.path);
      expect(backups).toHaveLength(2);
      const copy = openStudyDatabase(backups[1]!, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
      expect(copy.prepare('SELECT comment FROM responses').pluck().get()).toBe(`save ${BACKUP_EVERY_SAVES - 1}`);
      copy.close();
    } finally {
      await cleanup();
    }
  });

  it("in the desktop app go into the app's data folder, one folder per study, none beside the package the rater sends back", async () => {
    const study = createSeededStudy();
    assignStudy(study, ['Dr Ada']);
    const pkg = packFor(study, 'Dr Ada');
    pkg.close();
    study.db.close();
    const appBackups = join(dirname(pkg.path), 'app-data', 'backups');
    const api = createApiHost({
      clock: tickingClock(),
      studies: () => [{ path: pkg.path, label: 'Dr-Ada.blindrate' }],
      backupFolder: appBackups,
    });
    try {
      await api.unlockStudy({ path: pkg.path, passphrase: PACKAGE_PASSPHRASE, remember: false });
      const folder = backupFolderFor(pkg.path, appBackups);
      expect(dirname(folder)).toBe(appBackups);
      expect(listBackups(pkg.path, folder)).toHaveLength(1);
      expect(listBackups(pkg.path)).toEqual([]);
      expect(readdirSync(dirname(pkg.path)).filter((name) => name.includes('.backup-'))).toEqual([]);
      // Another package of the same name in another folder keeps its own backups.
      expect(backupFolderFor(join(dirname(pkg.path), 'elsewhere', basename(pkg.path)), appBackups)).not.toBe(folder);
    } finally {
      await api.closeStudy();
      study.cleanup();
    }
  });

  it(`still writes the copy due after the ${BACKUP_EVERY_SAVES}th save when the study closes at once`, async () => {
    const { api, pkg, cleanup } = await packageOpenInApp();
    try {
      await saveOneTaskRepeatedly(api, BACKUP_EVERY_SAVES);
      await api.closeStudy();
      expect(listBackups(pkg.path)).toHaveLength(2);
      await new Promise(setImmediate);
      expect(listBackups(pkg.path)).toHaveLength(2);
    } finally {
      await cleanup();
    }
  });

  it('restore refuses to overwrite without force, checks the backup, and brings the study back', () => {
    const { db, path, folder } = freshStudy();
    const backup = backUpStudy(db, path, fixedClock);
    createRater(db, 'Dr Later', fixedClock);
    db.close();
    expect(() => restoreBackup(path, backup, PASSPHRASE, { force: false, clock: fixedClock })).toThrow(
      `${path} exists; restoring over it must be asked for (replace it with the backup).`,
    );
    expect(() => restoreBackup(path, backup, 'wrong passphrase', { force: true, clock: fixedClock })).toThrow(
      /^Wrong passphrase/,
    );
    const junk = `${folder}/junk.db`;
    writeFileSync(junk, 'not a study');
    expect(() => restoreBackup(path, junk, PASSPHRASE, { force: true, clock: fixedClock })).toThrow(
      /^Wrong passphrase/,
    );
    restoreBackup(path, backup, PASSPHRASE, { force: true, clock: fixedClock });
    const restored = openStudy(path, PASSPHRASE);
    expect(restored.prepare('SELECT count(*) FROM raters').pluck().get()).toBe(0);
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    restored.close();
  });

  it('blindrate backup writes one and names it', () => {
    const { db, path } = freshStudy();
    db.close();
    const run = spawnSync(process.execPath, ['electron/cli/blindrate.mjs', 'backup', path], {
      env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Wrote backup ${listBackups(path)[0]}.\n`);
  });
});

describe('saving on a full disk', () => {
  it('fails with a clear message, stores nothing half, and the same save succeeds once there is room', () => {
    const study = createSeededStudy();
    assignStudy(study, ['Dr Ada']);
    const { db, session, close } = packFor(study, 'Dr Ada');
    try {
      const [first] = session.listAssignments('rating');
      const save = {
        assignmentId: first!.assignmentId,
        values: ratingValues(4),
        comment: 'a long comment '.repeat(4000),
        durationMs: 10,
      };
      const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
      const before = [count('responses'), count('ratings'), count('audit_log')];
      // Capping the file at its current size makes SQLite fail exactly as on a full disk (SQLITE_FULL).
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      let failure: unknown;
      try {
        session.saveRating(save);
      } catch (error) {
        failure = error;
      }
      expect((failure as { code?: string }).code).toBe('SQLITE_FULL');
      expect(describeFailure(failure)).toBe(
        'The disk is full, so this was not saved. Free some disk space, then save again: your answer is still on screen.',
      );
      expect([count('responses'), count('ratings'), count('audit_log')]).toEqual(before);

      db.pragma(`max_page_count = ${pages * 100}`);
      session.saveRating(save);
      expect(db.prepare('SELECT comment FROM responses WHERE task_id = ?').pluck().get(save.assignmentId)).toBe(
        save.comment,
      );
    } finally {
      close();
      study.cleanup();
    }
  });
});
