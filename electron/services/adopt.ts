/**
 * Adopting a package the master does not know: one packed after the backup the master was restored
 * from. Its passphrase (which the restored master lost) opens it; it is taken only when it names
 * this study, a package id the master has not recorded, one of its raters, and only tasks this
 * master's plan gives that rater, with the same texts in the same places. The merge then records it
 * as issued (audited as package.adopt) and merges it like any other.
 */
import { isoNow, type Clock } from '../../shared/clock';
import {
  PACKAGE_ANCHOR_ACTION,
  PackageCheckError,
  taskListDigest,
  type PackageAnchor,
} from '../../shared/package-contents';
import type { PackageRemedy } from '../../shared/errors';
import { displaySafeName } from '../../shared/text/names';
import { appendAudit, readAuditChain, sha256 } from '../../db/audit';
import type { StudyDb } from '../../db/connection';
import { readMeta } from '../../db/meta';
import { readPackageMeta, readPackageTasks } from '../../db/package-file';
import { findIssuedPackageById, insertIssuedPackage, type IssuedPackage } from '../../db/packages';
import { RESTORED_FROM_META, type RestoredFrom } from './backups';
import { tasksToPackFor } from './pack';
import { findRaterByName } from './raters';
import { COORDINATOR_ACTOR } from './study';

/** A package to adopt, by its path, with its passphrase. */
export interface Adoption {
  file: string;
  passphrase: string;
}

/** Why the master does not know a package by its file salt, saying what happened when the master was restored. */
export function unknownPackageProblem(master: StudyDb): { problem: string; remedy: PackageRemedy | null } {
  const restored = readMeta(master, RESTORED_FROM_META);
  if (restored === undefined)
    return {
      problem: 'was not issued by this study (a package from another study, or not a BlindRate package)',
      remedy: null,
    };
  const { at, backup } = JSON.parse(restored) as RestoredFrom;
  return {
    problem: `is not known to this study as it is now: it was restored on ${displaySafeName(at)} from the backup ${displaySafeName(backup)}, which forgets every package issued after that backup was written. If this package is one of them, adopt it with its passphrase`,
    remedy: 'adopt',
  };
}

/** The record the master would have kept had it issued the open package `db`; throws PackageCheckError when it cannot be adopted. */
export function adoptionRecord(master: StudyDb, db: StudyDb, salt: string, passphrase: string): IssuedPackage {
  const fail = (problem: string): never => {
    throw new PackageCheckError(`cannot be adopted: ${problem}`);
  };
  if (readPackageMeta(db, 'study_id') !== readMeta(master, 'study_id')) fail('it belongs to another study');
  const id = readPackageMeta(db, 'package_id') ?? fail('it has no package id');
  if (findIssuedPackageById(master, id)) fail(`this study already knows package ${id} as another file`);
  const raterName = readPackageMeta(db, 'rater_name') ?? '';
  const rater =
    findRaterByName(master, raterName) ?? fail(`its rater "${displaySafeName(raterName)}" is not in this study`);
  const planned = new Map(tasksToPackFor(master, rater.id).map((t) => [t.id, taskListDigest([t], sha256)]));
  const tasks = readPackageTasks(db);
  const counters = { rating: 0, preference: 0, pairwise: 0 };
  for (const task of tasks) {
    const label = `${task.kind} task ${++counters[task.kind]}`;
    if (planned.get(task.id) !== taskListDigest([task], sha256))
      fail(`${label} is not the task this master's plan gives ${rater.name} there`);
  }
  return {
    id,
    raterId: rater.id,
    raterName: rater.name,
    passphrase,
    fileSalt: salt,
    taskDigest: taskListDigest(tasks, sha256),
    taskCount: tasks.length,
    issuedAt: readPackageMeta(db, 'issued_at') ?? fail('it has no issue time'),
    returnedAt: null,
    mergedHead: null,
    mergedEntries: 0,
    // The anchor's hash was recorded only by the master that was lost; the package's own first entry is taken
    // as its anchor when it names this package, file and task list (the chain itself is verified by the merge).
    anchorHash: anchorOf(db, id, salt, taskListDigest(tasks, sha256)),
    lockReceipt: null,
  };
}

function anchorOf(db: StudyDb, packageId: string, fileSalt: string, taskDigest: string): string | null {
  const chain = readAuditChain(db);
  const first = chain.next();
  // Closing the generator ends its statement, which would otherwise keep the connection busy.
  chain.return(undefined);
  if (first.done || first.value.action !== PACKAGE_ANCHOR_ACTION || first.value.newValue === null) return null;
  const anchor = JSON.parse(first.value.newValue) as PackageAnchor;
  const names = anchor.packageId === packageId && anchor.fileSalt === fileSalt && anchor.taskDigest === taskDigest;
  return names ? first.value.hash : null;
}

/** Records an adopted package as issued, inside the merge's transaction, before it is applied. */
export function recordAdoption(master: StudyDb, issued: IssuedPackage, file: string, clock: Clock): void {
  insertIssuedPackage(master, issued);
  appendAudit(master, {
    at: isoNow(clock),
    actor: COORDINATOR_ACTOR,
    action: 'package.adopt',
    entity: 'package',
    entityId: issued.id,
    newValue: {
      rater: issued.raterName,
      tasks: issued.taskCount,
      digest: issued.taskDigest,
      file,
      issuedAt: issued.issuedAt,
    },
  });
}
