/** Creating and opening study files. The rubric and the study name live inside the encrypted file. */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { appendAudit } from '../../db/audit';
import { changePassphrase, openStudyDatabase, readFileKind, type FileKind, type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { readMeta, writeMeta } from '../../db/meta';
import { insertActiveRubric, readActiveRubricRows } from '../../db/rubrics';
import { isoNow, type Clock } from '../../shared/clock';
import type { Rubric } from '../../shared/rubric';
import type { KnownDimension } from '../../shared/analysis/dimensions';

/** Actor recorded in the audit log for study-level actions taken outside a rater session. */
export const COORDINATOR_ACTOR = 'coordinator';

export interface CreateStudyOptions {
  rubric: Rubric;
  /** Defaults to the file name without extension. */
  name?: string;
  clock: Clock;
}

export function createStudy(path: string, passphrase: string, options: CreateStudyOptions): StudyDb {
  const db = openStudyDatabase(path, passphrase, { create: true });
  try {
    const name = options.name ?? basename(path).replace(/\.[^.]*$/, '');
    const at = isoNow(options.clock);
    db.transaction(() => {
      writeMeta(db, 'name', name);
      writeMeta(db, 'created_at', at);
      // Rater packages carry this id, so a merge can tell a package from another study.
      writeMeta(db, 'study_id', randomUUID());
      insertActiveRubric(db, options.rubric);
      appendAudit(db, {
        at,
        actor: COORDINATOR_ACTOR,
        action: 'study.create',
        entity: 'study',
        entityId: name,
        newValue: { name, rubric: options.rubric.id },
      });
    })();
    return db;
  } catch (error) {
    db.close();
    // A half-created study is worse than none: the next `init` would refuse the existing file.
    for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    throw error;
  }
}

export function openStudy(path: string, passphrase: string): StudyDb {
  return openStudyDatabase(path, passphrase);
}

/** A master or a rater package, whichever the file is (the app opens both). */
export function openMasterOrPackage(path: string, passphrase: string): { db: StudyDb; kind: FileKind } {
  const db = openStudyDatabase(path, passphrase, { kind: 'detect' });
  return { db, kind: readFileKind(db) };
}

export function readActiveRubric(db: StudyDb): Rubric {
  return readActiveRubricRows(db);
}

/** The active rubric's dimensions as the analysis and the calibration file check values against them. */
export function readRubricDimensions(db: StudyDb): KnownDimension[] {
  return dimensionsOfRubric(readActiveRubric(db));
}

export function dimensionsOfRubric(rubric: Rubric): KnownDimension[] {
  return rubric.dimensions.map((d) => ({
    key: d.key,
    kind: d.kind,
    scale: d.scale.map((point) => point.value),
    ...(d.role === 'confidence' && { role: d.role }),
  }));
}

export function readStudyName(db: StudyDb): string {
  const name = readMeta(db, 'name');
  if (name === undefined) throw new StudyError('This study has no name; it was not created by BlindRate.');
  return name;
}

/** Re-encrypts the study under a new passphrase; the audit row records that it happened, never the secret. */
export function rekeyStudy(db: StudyDb, newPassphrase: string, clock: Clock): void {
  if (!newPassphrase) throw new StudyError('The new passphrase is empty.');
  appendAudit(db, {
    at: isoNow(clock),
    actor: COORDINATOR_ACTOR,
    action: 'study.rekey',
    entity: 'study',
    entityId: readStudyName(db),
  });
  changePassphrase(db, newPassphrase);
}
