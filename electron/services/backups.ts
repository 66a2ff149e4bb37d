/**
 * Rotating backups: `study.db.backup-<UTC time>.db`, encrypted like the study, the newest BACKUPS_KEPT
 * kept. The desktop app writes them into its own data folder (one folder per study), so no copies pile
 * up beside a package the rater must send back; `blindrate backup` and browser mode write them beside
 * the study. Written on open and every BACKUP_EVERY_SAVES saved answers, and by `blindrate backup`;
 * `blindrate restore` puts one back.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { integrityCheck, writeEncryptedCopy } from '../../db/backup';
import { refuseDanglingLink, temporarySibling } from './atomic-file';
import { PACKAGE_EXTENSION } from '../../shared/domain';
import { openStudyDatabase, readFileKind, type FileKind, type StudyDb } from '../../db/connection';
import { listIssuedPackages, type IssuedPackage } from '../../db/packages';
import { isoNow, type Clock } from '../../shared/clock';
import { appendAudit } from '../../db/audit';
import { writeMeta } from '../../db/meta';
import { COORDINATOR_ACTOR } from './study';
import { StudyError } from '../../shared/errors';
import { BACKUP_EVERY_SAVES, BACKUPS_KEPT } from './backup-policy';

const BACKUP_INFIX = '.backup-';

/**
 * Where the backups of `studyPath` go: under `appBackups` (the app's data folder), in a folder named
 * after the file and its full path (two dr-a.blindrate in different folders keep apart); beside the
 * study when there is none.
 */
export function backupFolderFor(studyPath: string, appBackups?: string): string {
  if (!appBackups) return dirname(studyPath);
  const place = createHash('sha256').update(resolve(studyPath)).digest('hex').slice(0, 12);
  return join(appBackups, `${basename(studyPath)}-${place}`);
}

/** Backups of `studyPath` in `folder`, oldest first (the time stamp in the name sorts as text). */
export function listBackups(studyPath: string, folder = dirname(studyPath)): string[] {
  const prefix = `${basename(studyPath)}${BACKUP_INFIX}`;
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.db'))
    .sort()
    .map((name) => join(folder, name));
}

/** Writes a backup of the open study into `folder` and drops the oldest beyond BACKUPS_KEPT; returns its path. */
export function backUpStudy(db: StudyDb, studyPath: string, clock: Clock, folder = dirname(studyPath)): string {
  const stamp = clock().toISOString().replace(/[-:]/g, '');
  const target = join(folder, `${basename(studyPath)}${BACKUP_INFIX}${stamp}.db`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  refuseDanglingLink(target);
  const temporary = temporarySibling(target);
  try {
    // VACUUM INTO writes into an empty file as it finds it, so the copy is owner-only from its first byte.
    writeFileSync(temporary, '', { mode: 0o600, flag: 'wx' });
    writeEncryptedCopy(db, temporary);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new StudyError(
      `Could not write a backup of ${studyPath} into ${folder}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  for (const old of listBackups(studyPath, folder).slice(0, -BACKUPS_KEPT)) rmSync(old, { force: true });
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
  folder = dirname(studyPath),
): BackupSchedule {
  const backUp = () => {
    try {
      backUpStudy(db, studyPath, clock, folder);
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

/** study_meta key of the last restore of a master: when, and from which backup file. */
export const RESTORED_FROM_META = 'restored_from';
export interface RestoredFrom {
  at: string;
  backup: string;
}

/** What a restore replaced the current master's knowledge with. */
export interface RestoreSummary {
  /**
   * Packages the replaced master had issued and the backup does not know (packed after the backup was
   * written): their returns can then only be merged by adopting them with their passphrases. Null when
   * there was no current master to compare, or it could not be opened.
   */
  forgottenPackages: IssuedPackage[] | null;
}

const isPackagePath = (path: string) => path.toLowerCase().endsWith(PACKAGE_EXTENSION);

/**
 * Replaces `studyPath` (a master or a rater package) with `backupPath` after checking that the backup
 * is the same kind of file, opens with the passphrase and is intact. Refuses to overwrite an existing
 * file unless `force`. The file must not be open elsewhere. A master restored over a newer one is
 * told in its audit log which packages it forgets, and the summary lists them.
 */
export function restoreBackup(
  studyPath: string,
  backupPath: string,
  passphrase: string,
  { force, clock }: { force: boolean; clock: Clock },
): RestoreSummary {
  if (!existsSync(backupPath)) throw new StudyError(`No backup at ${backupPath}.`);
  if (existsSync(studyPath) && !force)
    throw new StudyError(`${studyPath} exists; restoring over it must be asked for (replace it with the backup).`);
  const kind: FileKind = isPackagePath(studyPath) ? 'package' : 'master';
  const check = openStudyDatabase(backupPath, passphrase, { readonly: true, kind: 'detect' });
  let known: Set<string>;
  try {
    if (readFileKind(check) !== kind)
      throw new StudyError(
        kind === 'package'
          ? `${backupPath} is a master study, not a backup of the rater package ${studyPath}.`
          : `${backupPath} is a rater package, not a backup of the master study ${studyPath}.`,
      );
    const integrity = integrityCheck(check);
    if (integrity !== 'ok')
      throw new StudyError(`${backupPath} is damaged (integrity_check: ${integrity}); choose another backup.`);
    known = new Set(kind === 'master' ? listIssuedPackages(check).map((p) => p.id) : []);
  } finally {
    check.close();
  }
  const forgottenPackages =
    kind === 'master' ? (issuedPackagesOf(studyPath, passphrase)?.filter((p) => !known.has(p.id)) ?? null) : null;
  const temporary = temporarySibling(studyPath);
  try {
    copyFileSync(backupPath, temporary);
    chmodSync(temporary, 0o600);
    if (kind === 'master') recordRestore(temporary, passphrase, basename(backupPath), forgottenPackages, clock);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  // A write-ahead log or hot journal of the replaced file would be replayed onto the backup and corrupt it.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${studyPath}${suffix}`, { force: true });
  renameSync(temporary, studyPath);
  return { forgottenPackages };
}

/**
 * Tells the restored master where it came from, so a merge can explain a package it does not know:
 * study_meta restored_from, and an audit entry naming the packages the replaced master had issued
 * after the backup.
 */
function recordRestore(
  path: string,
  passphrase: string,
  backup: string,
  forgotten: IssuedPackage[] | null,
  clock: Clock,
): void {
  const db = openStudyDatabase(path, passphrase);
  try {
    const at = isoNow(clock);
    db.transaction(() => {
      writeMeta(db, RESTORED_FROM_META, JSON.stringify({ at, backup } satisfies RestoredFrom));
      appendAudit(db, {
        at,
        actor: COORDINATOR_ACTOR,
        action: 'study.restore',
        entity: 'study',
        entityId: backup,
        newValue: {
          backup,
          forgottenPackages: forgotten?.map((p) => ({ id: p.id, rater: p.raterName, issuedAt: p.issuedAt })) ?? null,
        },
      });
    })();
  } finally {
    db.close();
  }
}

/** The packages the master at `path` has issued, or null when there is none or it cannot be opened. */
function issuedPackagesOf(path: string, passphrase: string): IssuedPackage[] | null {
  if (!existsSync(path)) return null;
  let db: StudyDb;
  try {
    db = openStudyDatabase(path, passphrase, { readonly: true });
  } catch {
    return null;
  }
  try {
    return listIssuedPackages(db);
  } catch {
    return null;
  } finally {
    db.close();
  }
}
