/**
 * Rotating backups beside the study: `study.db.backup-<UTC time>.db`, encrypted like the study, the
 * newest BACKUPS_KEPT kept. Written on open and every BACKUP_EVERY_SAVES saved answers, and by
 * `blindrate backup`; `blindrate restore` puts one back.
 */
import { chmodSync, copyFileSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { integrityCheck, writeEncryptedCopy } from '../../db/backup';
import { openStudyDatabase, type StudyDb } from '../../db/connection';
import type { Clock } from '../../shared/clock';
import { StudyError } from '../../shared/errors';

export const BACKUPS_KEPT = 5;
export const BACKUP_EVERY_SAVES = 25;

const BACKUP_INFIX = '.backup-';

/** Backups of `studyPath`, oldest first (the time stamp in the name sorts as text). */
export function listBackups(studyPath: string): string[] {
  const prefix = `${basename(studyPath)}${BACKUP_INFIX}`;
  return readdirSync(dirname(studyPath))
    .filter((name) => name.startsWith(prefix) && name.endsWith('.db'))
    .sort()
    .map((name) => join(dirname(studyPath), name));
}

/** Writes a backup of the open study beside it and drops the oldest beyond BACKUPS_KEPT; returns its path. */
export function backUpStudy(db: StudyDb, studyPath: string, clock: Clock): string {
  const stamp = clock().toISOString().replace(/[-:]/g, '');
  const target = `${studyPath}${BACKUP_INFIX}${stamp}.db`;
  const temporary = `${target}.tmp`;
  try {
    rmSync(temporary, { force: true });
    writeEncryptedCopy(db, temporary);
    chmodSync(temporary, 0o600);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new StudyError(
      `Could not write a backup beside ${studyPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  for (const old of listBackups(studyPath).slice(0, -BACKUPS_KEPT)) rmSync(old, { force: true });
  return target;
}

export interface BackupSchedule {
  /** A save was committed; every BACKUP_EVERY_SAVES-th one is followed by a backup once its answer is sent. */
  saved(): void;
  /** The study is about to close: a backup still due is written now. */
  beforeClose(): void;
}

/**
 * Backs up now (on open) and then every BACKUP_EVERY_SAVES saved answers. A backup that cannot be
 * written (full disk, read-only folder) is reported through `warn` and does not fail the save: the
 * answer itself is already committed. The copy is made after the save has answered (setImmediate), so
 * the rater does not wait for it when the next task opens.
 */
export function startBackupSchedule(
  db: StudyDb,
  studyPath: string,
  clock: Clock,
  warn: (message: string) => void,
): BackupSchedule {
  const backUp = () => {
    try {
      backUpStudy(db, studyPath, clock);
    } catch (error) {
      warn((error as Error).message);
    }
  };
  backUp();
  let saves = 0;
  let due: NodeJS.Immediate | undefined;
  const backUpIfDue = () => {
    if (!due) return;
    clearImmediate(due);
    due = undefined;
    backUp();
  };
  return {
    saved() {
      saves += 1;
      if (saves % BACKUP_EVERY_SAVES === 0 && !due) due = setImmediate(backUpIfDue);
    },
    beforeClose: backUpIfDue,
  };
}

/**
 * Replaces `studyPath` with `backupPath` after checking that the backup opens with the passphrase and is
 * intact. Refuses to overwrite an existing study unless `force`. The study must not be open elsewhere.
 */
export function restoreBackup(studyPath: string, backupPath: string, passphrase: string, force: boolean): void {
  if (!existsSync(backupPath)) throw new StudyError(`No backup at ${backupPath}.`);
  if (existsSync(studyPath) && !force)
    throw new StudyError(`${studyPath} exists; restoring over it must be asked for (replace it with the backup).`);
  const check = openStudyDatabase(backupPath, passphrase, { readonly: true });
  try {
    const integrity = integrityCheck(check);
    if (integrity !== 'ok')
      throw new StudyError(`${backupPath} is damaged (integrity_check: ${integrity}); choose another backup.`);
  } finally {
    check.close();
  }
  const temporary = `${studyPath}.restore.tmp`;
  copyFileSync(backupPath, temporary);
  chmodSync(temporary, 0o600);
  // A write-ahead log of the replaced study would be replayed onto the backup and corrupt it.
  for (const suffix of ['-wal', '-shm']) rmSync(`${studyPath}${suffix}`, { force: true });
  renameSync(temporary, studyPath);
}
