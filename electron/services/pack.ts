/**
 * `pack`: one rater's package, a separate SQLCipher file with its own passphrase holding only what
 * that rater must read (see db/package-migrations.ts). The package's audit chain starts with an
 * anchor entry naming its id, file salt and task-list digest; the master records the id, passphrase,
 * salt, digest and the anchor's hash, so a merge needs only the master's passphrase, recognises
 * anything that did not come from this master, and refuses a history that does not start at the anchor.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { assertNever } from '../../shared/kinds/assert-never';
import { isoNow, type Clock } from '../../shared/clock';
import {
  PACKAGE_ANCHOR_ACTION,
  taskListDigest,
  type PackageAnchor,
  type PackagedTask,
} from '../../shared/package-contents';
import { appendAudit, readAuditHead, sha256 } from '../../db/audit';
import { openStudyDatabase, readCipherSalt, type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { readMeta, writeMeta } from '../../db/meta';
import { insertPackageTask, writePackageMeta, type PackageMetaKey } from '../../db/package-file';
import { insertIssuedPackage, readTasksToPack, type TaskToPack } from '../../db/packages';
import { refuseDanglingLink, temporarySibling } from './atomic-file';
import { refuseSharedPackagePassphrase } from './package-passphrase';
import { findRaterByName } from './raters';
import { COORDINATOR_ACTOR, readActiveRubric, readStudyName } from './study';

export interface PackOptions {
  rater: string;
  out: string;
  /** Checked for strength by the caller (the demo alone packs with a weak one). */
  passphrase: string;
  /**
   * The master's own passphrase, which a package must not share (its rater could open the master).
   * Null only for the demo, whose two files of synthetic data share one passphrase on purpose.
   */
  masterPassphrase: string | null;
  clock: Clock;
}

export interface PackSummary {
  packageId: string;
  rater: string;
  tasks: number;
  bytes: number;
}

/**
 * The texts to show, with a preference's or a pairwise task's two answers already in their drawn positions. Quality-control
 * roles are never written: a repeat is its task's texts under its own assignment id, a reference
 * control a rating task like any other; only a calibration task carries its feedback (shown after saving).
 */
function packagedTask(task: TaskToPack): PackagedTask {
  const base = {
    id: task.id,
    kind: task.kind,
    position: task.position,
    question: task.question,
    context: task.context,
    feedback: null,
  };
  switch (task.kind) {
    case 'rating': {
      const feedback =
        task.calibrationExpected === null
          ? null
          : {
              expected: JSON.parse(task.calibrationExpected) as Record<string, number>,
              rationale: task.calibrationRationale ?? '',
            };
      return { ...base, answerA: task.answer, answerB: null, feedback };
    }
    case 'preference': {
      const modelFirst = task.presentedA === 'model';
      return {
        ...base,
        answerA: modelFirst ? task.answer : task.reference,
        answerB: modelFirst ? task.reference : task.answer,
      };
    }
    case 'pairwise': {
      // Which model is at A is the master's alone: the package holds two texts in their drawn places.
      const firstAtA = task.presentedA === 'first';
      return {
        ...base,
        answerA: firstAtA ? task.answer : task.secondAnswer!,
        answerB: firstAtA ? task.secondAnswer! : task.answer,
      };
    }
    default:
      return assertNever(task.kind, 'task kind');
  }
}

/** The tasks this master's plan gives the rater, exactly as a package holds them. */
export function tasksToPackFor(master: StudyDb, raterId: number): PackagedTask[] {
  return readTasksToPack(master, raterId).map(packagedTask);
}

/** Masters created before study ids get one now: packages must name their study. */
function studyIdOf(master: StudyDb): string {
  const existing = readMeta(master, 'study_id');
  if (existing) return existing;
  const id = randomUUID();
  writeMeta(master, 'study_id', id);
  return id;
}

export function packRaterPackage(master: StudyDb, options: PackOptions): PackSummary {
  const rater = findRaterByName(master, options.rater);
  if (!rater)
    throw new StudyError(`No rater named "${options.rater}" in this study: assign raters first (blindrate assign).`);
  if (rater.lockedAt)
    throw new StudyError(`${rater.name} locked their work on ${rater.lockedAt}: there is nothing left to pack.`);
  const tasks = tasksToPackFor(master, rater.id);
  if (tasks.length === 0) throw new StudyError(`${rater.name} has no tasks: run blindrate assign first.`);
  refuseSharedPackagePassphrase(
    master,
    { role: 'rater', raterId: rater.id, name: rater.name },
    options.passphrase,
    options.masterPassphrase,
  );
  const written = writeAnchoredPackage(master, {
    out: options.out,
    passphrase: options.passphrase,
    holder: rater.name,
    tasks,
    clock: options.clock,
    record: (issued) => {
      insertIssuedPackage(master, {
        id: issued.packageId,
        raterId: rater.id,
        passphrase: options.passphrase,
        fileSalt: issued.fileSalt,
        taskDigest: issued.taskDigest,
        taskCount: tasks.length,
        issuedAt: issued.at,
        anchorHash: issued.anchorHash,
      });
      appendAudit(master, {
        at: issued.at,
        actor: COORDINATOR_ACTOR,
        action: 'package.issue',
        entity: 'package',
        entityId: issued.packageId,
        newValue: {
          rater: rater.name,
          tasks: tasks.length,
          digest: issued.taskDigest,
          file: basename(options.out),
          anchor: issued.anchorHash,
        },
      });
    },
  });
  return { packageId: written.packageId, rater: rater.name, tasks: tasks.length, bytes: written.bytes };
}

/** What the master records of a package just written. */
export interface WrittenPackage {
  packageId: string;
  fileSalt: string;
  taskDigest: string;
  anchorHash: string;
  at: string;
}

export interface AnchoredPackageOptions {
  out: string;
  passphrase: string;
  /** The package's id when the caller drew with it already (an adjudication round); otherwise a new one. */
  packageId?: string;
  /** Whose package it is: the rater, or the adjudicator (package_meta.rater_name, the only actor it accepts). */
  holder: string;
  tasks: PackagedTask[];
  clock: Clock;
  /** Package meta beyond what every package names (an adjudication package's `package_kind`). */
  meta?: Partial<Record<PackageMetaKey, string>>;
  /** Writes what this kind of package holds beyond its tasks, inside the package's first transaction. */
  writeContents?(file: StudyDb, packageId: string): void;
  /** Records the package in the master, inside the master's transaction. */
  record(issued: WrittenPackage): void;
}

/**
 * Writes a package: its meta, tasks and anchor entry, then the master's record of it. Written under a
 * temporary name and given its own only once the master has recorded it: a pack stopped half-way leaves
 * no file that blocks the name or that the master would not know (the temporary is swept by the next
 * write into the folder).
 */
export function writeAnchoredPackage(
  master: StudyDb,
  options: AnchoredPackageOptions,
): WrittenPackage & { bytes: number } {
  const packageId = options.packageId ?? randomUUID();
  const at = isoNow(options.clock);
  const studyId = studyIdOf(master);
  refuseDanglingLink(options.out);
  if (existsSync(options.out)) throw new StudyError(`${options.out} already exists; choose another file name.`);
  const temporary = temporarySibling(options.out);
  const file = openStudyDatabase(temporary, options.passphrase, { create: true, kind: 'package' });
  try {
    // The salt is on disk once the file is created (its schema committed), so the anchor can name it.
    const fileSalt = readCipherSalt(temporary);
    const taskDigest = taskListDigest(options.tasks, sha256);
    file.transaction(() => {
      writePackageMeta(file, 'study_id', studyId);
      writePackageMeta(file, 'study_name', readStudyName(master));
      writePackageMeta(file, 'package_id', packageId);
      writePackageMeta(file, 'rater_name', options.holder);
      writePackageMeta(file, 'rubric', JSON.stringify(readActiveRubric(master)));
      writePackageMeta(file, 'issued_at', at);
      for (const [key, value] of Object.entries(options.meta ?? {}))
        writePackageMeta(file, key as PackageMetaKey, value);
      for (const task of options.tasks) insertPackageTask(file, task);
      options.writeContents?.(file, packageId);
      appendAudit(file, {
        at,
        actor: COORDINATOR_ACTOR,
        action: PACKAGE_ANCHOR_ACTION,
        entity: 'package',
        entityId: packageId,
        newValue: { packageId, fileSalt, taskDigest } satisfies PackageAnchor,
      });
    })();
    const anchorHash = readAuditHead(file);
    file.close();
    const issued = { packageId, fileSalt, taskDigest, anchorHash, at };
    master.transaction(() => options.record(issued))();
    renameSync(temporary, options.out);
    return { ...issued, bytes: statSync(options.out).size };
  } catch (error) {
    if (file.open) file.close();
    rmSync(temporary, { force: true });
    throw error;
  }
}
