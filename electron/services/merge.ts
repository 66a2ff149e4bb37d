/**
 * `merge`: bringing returned rater packages into the master. The whole merge is one write transaction on the
 * master (BEGIN IMMEDIATE, taken before the first check), so two merges of the same package, or of two
 * packages of one rater, run one after the other and each checks what the other wrote. Every package is
 * checked completely before anything is written, and one failed check refuses the whole merge with one
 * line naming the file and the task as the rater sees it ("rating task 3"):
 * - it was issued by this master (found by its SQLCipher salt, opened with the recorded passphrase), was
 *   closed by the app (not copied while open, nor left by a crash: see readPackageCloseState), names this
 *   study, package and rater, and its task list matches the digest recorded at pack;
 * - its audit chain verifies, starts with the anchor entry recorded at pack (packages issued before
 *   anchoring are merged and reported as unanchored), every other entry names the package's rater,
 *   and the stored answers, comments, durations, save times, flags and lock equal the last audited ones;
 * - given a lock receipt (or one recorded by an earlier merge), its chain head at the lock matches it;
 * - every value is on the rubric's scale for a known dimension, every choice A, B or an allowed tie,
 *   every duration between 0 and 24 h, every time plausible (shared/package-times.ts); the rater is not
 *   locked in the master by another package;
 * - its chain extends the version merged before (an older copy or a diverged history is named as such).
 * Then the same transaction applies them. A package merged before adds only what its chain added
 * since (nothing at all when unchanged). A newer package of the same rater replaces an answer only
 * where its audit shows a later edit than the answer in the master, and the summary says so.
 * A package the master does not know (packed after the backup it was restored from) is merged only
 * when adopted with its passphrase (adopt.ts).
 */
import { basename, resolve } from 'node:path';
import { verifyAuditChain, type ChainedAuditEntry } from '../../shared/audit-chain';
import { isoNow, type Clock } from '../../shared/clock';
import { lockReceipt, parseLockReceipt } from '../../shared/lock-receipt';
import { assertNever } from '../../shared/kinds/assert-never';
import type { PreferenceKey, PresentedA, TaskKind } from '../../shared/domain';
import {
  answerProblem,
  commentProblem,
  durationProblem,
  PACKAGE_ANCHOR_ACTION,
  PackageCheckError,
  replayPackageAudit,
  resolveOutcome,
  taskListDigest,
  type AuditedAnswer,
  type AuditedPackageState,
  type PackagedTask,
} from '../../shared/package-contents';
import { implausibleTimes, type StatedTime } from '../../shared/package-times';
import type { Rubric } from '../../shared/rubric';
import { appendAudit, appendAuditContent, readAuditChain, sha256 } from '../../db/audit';
import {
  inWriteTransaction,
  openStudyDatabase,
  readCipherSalt,
  readPackageCloseState,
  StudyBusyError,
  type StudyDb,
} from '../../db/connection';
import {
  FileInUseError,
  InterruptedSaveError,
  PackageRefusal,
  StudyError,
  WRONG_PASSPHRASE_EXIT_CODE,
  type PackageRemedy,
} from '../../shared/errors';
import { displaySafeName } from '../../shared/text/names';
import { readMeta } from '../../db/meta';
import {
  readFlaggedPackageTaskIds,
  readPackageAnswers,
  readPackageMeta,
  readPackageTasks,
  type StoredPackageAnswer,
} from '../../db/package-file';
import {
  findIssuedPackageBySalt,
  markPackageReturned,
  readMasterAssignments,
  recordLockReceipt,
  type IssuedPackage,
  type MasterAssignment,
} from '../../db/packages';
import { setAssignmentFlag } from '../../db/assignments';
import { setRaterLockedAt } from '../../db/raters';
import { writeMergedAnswer, type MergedAnswer } from '../../db/responses';
import { relateToMergedHistory, type HistoryRelation } from './merged-history';
import { adoptionRecord, recordAdoption, unknownPackageProblem, type Adoption } from './adopt';
import { readRater } from './raters';
import { COORDINATOR_ACTOR, readActiveRubric } from './study';
import type { MergeCounts } from '../../shared/merge-summary';

/** What a merge did with one package (its counts and flags are described in shared/merge-summary.ts). */
export interface PackageMergeSummary extends MergeCounts {
  packageId: string;
}

/** A package that passed every check, with what the apply step needs. */
interface VerifiedPackage extends CheckedContents {
  file: string;
  issued: IssuedPackage;
  assignments: Map<string, MasterAssignment>;
  /** Set when the coordinator accepted a chain that departs from the version merged before. */
  divergedAt: number | null;
  anchored: boolean;
  receiptConfirmed: boolean;
  /** A receipt given with this merge that the master has not recorded yet. */
  newReceipt: string | null;
  /** Not issued by this master as it is now: recorded by this merge (see adopt.ts). */
  adopted?: boolean;
}

export interface MergeOptions {
  /** Told once, before waiting, when another merge (or program) is writing to the master. */
  onWait?: (notice: string) => void;
  /** How long to wait for it before giving up; 60 s unless told. */
  waitMs?: number;
  /**
   * Packages (by path, as in `paths`) to take although their audit chain departs from the version merged
   * before (the rater went on from an older copy): each adds and replaces only what it changed after the
   * shared part, where it edited later. Any other such package is refused with the remedy `accept-diverged`.
   */
  acceptDivergedHistory?: ReadonlySet<string>;
  /** Lock receipts the coordinator was given, by package path (as in `paths`). */
  receipts?: ReadonlyMap<string, string>;
  /** Packages this master does not know (packed after the backup it was restored from), with their passphrases. */
  adopt?: Adoption[];
}

const MERGE_WAIT_MS = 60_000;

export function mergePackages(
  master: StudyDb,
  paths: string[],
  clock: Clock,
  options: MergeOptions = {},
): PackageMergeSummary[] {
  const study = basename(master.name);
  const waitMs = options.waitMs ?? MERGE_WAIT_MS;
  const stray = [...(options.receipts?.keys() ?? [])].filter((path) => !paths.includes(path));
  if (stray.length > 0)
    throw new StudyError(
      stray.map((path) => `${basename(path)}: a receipt is given for a file not merged.`).join('\n'),
    );
  const now = isoNow(clock);
  try {
    return inWriteTransaction(
      master,
      () => {
        const rubric = readActiveRubric(master);
        const verified = paths.map((path) => verifyPackage(master, path, rubric, options, now));
        const ids = new Set<string>();
        for (const v of verified) {
          if (ids.has(v.issued.id)) throw new PackageRefusal(v.file, ['the same package is given twice']);
          ids.add(v.issued.id);
        }
        return verified.map((v) => applyPackage(master, v, clock));
      },
      { waitMs, onWait: () => options.onWait?.(`waiting for another merge of ${study}…`) },
    );
  } catch (error) {
    if (error instanceof StudyBusyError)
      throw new StudyError(
        `${study}: another merge or program kept the study busy for ${Math.round(waitMs / 1000)} s, so nothing was merged. Merge again once it has finished.`,
      );
    const storage = storageFailure(error);
    if (storage) throw new StudyError(`${study}: ${storage}, so nothing was merged.`);
    throw error;
  }
}

/** What SQLite's storage codes mean for a merge, in words; undefined for anything else. */
function storageFailure(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'the disk is full (free some space, then merge again)';
  if (code.startsWith('SQLITE_READONLY')) return 'the study file or its folder is read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return 'the disk could not be written (check the disk)';
  return undefined;
}

function refuse(file: string, problem: string, remedy: PackageRemedy | null = null): never {
  throw new PackageRefusal(file, [problem], remedy);
}

const TAKEN_WHILE_OPEN =
  "this copy was taken while BlindRate had it open on the rater's computer (or BlindRate stopped without closing it): open the package there, close it, and send the file again";

/** What one package is checked against besides the master: the merge's time and what the coordinator said of it. */
interface PackageCheckInputs {
  now: string;
  receipt: string | undefined;
  acceptDiverged: boolean;
}

function verifyPackage(
  master: StudyDb,
  path: string,
  rubric: Rubric,
  options: MergeOptions,
  now: string,
): VerifiedPackage {
  const file = basename(path);
  let salt: string;
  try {
    salt = readCipherSalt(path);
  } catch (error) {
    refuse(file, unreadable(error));
  }
  const issued = findIssuedPackageBySalt(master, salt);
  const adoption = options.adopt?.find((a) => resolve(a.file) === resolve(path));
  if (!issued && !adoption) {
    const unknown = unknownPackageProblem(master);
    refuse(file, unknown.problem, unknown.remedy);
  }
  let db: StudyDb;
  try {
    db = openStudyDatabase(path, issued?.passphrase ?? adoption!.passphrase, { readonly: true, kind: 'package' });
  } catch (error) {
    if (!issued && error instanceof StudyError && error.exitCode === WRONG_PASSPHRASE_EXIT_CODE)
      refuse(file, 'does not open with the passphrase given to adopt it');
    refuse(file, unopenable(error));
  }
  try {
    if (readPackageCloseState(db) === 'open') refuse(file, TAKEN_WHILE_OPEN);
    const context = {
      now,
      receipt: options.receipts?.get(path),
      acceptDiverged: options.acceptDivergedHistory?.has(path) ?? false,
    };
    if (issued) return checkPackage(master, db, file, issued, rubric, context);
    const adopted = adoptionRecord(master, db, salt, adoption!.passphrase);
    return { ...checkPackage(master, db, file, adopted, rubric, context), adopted: true };
  } catch (error) {
    if (error instanceof PackageCheckError) throw new PackageRefusal(file, error.problems);
    if (error instanceof StudyError) throw error;
    refuse(file, unreadable(error));
  } finally {
    db.close();
  }
}

/** Why an issued package's file does not open with its recorded passphrase, in words. */
function unopenable(error: unknown): string {
  if (error instanceof FileInUseError) return 'is open in BlindRate or another program: close it there, then merge it';
  if (error instanceof StudyError && error.exitCode === WRONG_PASSPHRASE_EXIT_CODE)
    return 'does not open with the passphrase recorded when it was packed: it is damaged, or its passphrase was changed';
  if (error instanceof InterruptedSaveError) return TAKEN_WHILE_OPEN;
  if (error instanceof StudyError) return error.message.replace(/\.$/, '');
  return unreadable(error);
}

/** A file that cannot be read as a package, in words: never SQLite's or Node's own message alone. */
function unreadable(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a folder, not a package file';
  if (typeof code === 'string' && (code.startsWith('SQLITE_IOERR') || code === 'EIO'))
    return 'could not be read from the disk (check the disk)';
  if (typeof code === 'string' && code.startsWith('E')) return `cannot be read (${code})`;
  return 'is damaged or not a BlindRate package';
}

/** What a package's own contents say, once its chain, actors, values and audit agree. */
export interface CheckedContents {
  tasks: PackagedTask[];
  answers: StoredPackageAnswer[];
  flagged: Set<string>;
  audited: AuditedPackageState;
  entries: ChainedAuditEntry[];
  head: string;
  /** Names a task as the rater sees it: "rating task 3". */
  label(taskId: string): string | undefined;
}

/** What a package's times are judged against: the checker's clock and the package's issue time. */
export interface PackageTimeBounds {
  now: string;
  /** From the master's record when merging; from the package itself in `audit verify`. */
  issuedAt: string | null;
}

/**
 * The checks a package passes on its own (no master needed, so `audit verify` runs them too): the
 * audit chain verifies, its anchor (if any) names this package and task list, every other entry names
 * the rater, every stored value is valid, stored answers, comments, durations, save times, flags and
 * lock equal the last audited ones, and every time is plausible. Throws PackageCheckError naming the task.
 */
export function checkPackageContents(
  db: StudyDb,
  rubric: Rubric,
  rater: string,
  bounds: PackageTimeBounds,
  /** What a stored answer must be; a rater's package: a whole answer of its task's kind on the rubric. */
  answerCheck: (task: PackagedTask, answer: StoredPackageAnswer) => string | null = (task, answer) =>
    answerProblem(task.kind, answer, rubric),
): CheckedContents {
  const fail = (problem: string): never => {
    throw new PackageCheckError(problem);
  };
  const tasks = readPackageTasks(db);
  const kindPositions = new Map<string, string>();
  const counters = { rating: 0, preference: 0, pairwise: 0 };
  for (const t of tasks) kindPositions.set(t.id, `${t.kind} task ${++counters[t.kind]}`);
  const label = (id: string) => kindPositions.get(id);

  const entries = [...readAuditChain(db)];
  const chain = verifyAuditChain(entries, sha256);
  if (!chain.ok) {
    const where = label(entries[chain.position - 1]!.entityId);
    fail(`the audit chain is broken at entry ${chain.position}${where ? ` (${where})` : ''}`);
  }
  const head = chain.ok ? chain.head : '';
  const audited = replayPackageAudit(entries, rater, label);
  const { anchor } = audited;
  if (
    anchor &&
    (anchor.packageId !== readPackageMeta(db, 'package_id') || anchor.taskDigest !== taskListDigest(tasks, sha256))
  )
    fail('its first audit entry names another package or task list than the file holds');

  const answers = readPackageAnswers(db);
  const byTask = new Map(tasks.map((t) => [t.id, t]));
  if (answers.some((answer) => !byTask.has(answer.taskId)))
    fail('it holds an answer to a task that is not in the package');
  // Every invalid answer is named at once, one line each, before the audit is compared with any of them.
  const invalid = answers.flatMap((answer) => {
    const problem =
      answerCheck(byTask.get(answer.taskId)!, answer) ??
      durationProblem(answer.durationMs) ??
      commentProblem(answer.comment);
    return problem === null ? [] : [`${label(answer.taskId)!}: ${problem}`];
  });
  if (invalid.length > 0) throw new PackageCheckError(invalid);
  for (const answer of answers) {
    const task = byTask.get(answer.taskId)!;
    const where = label(answer.taskId)!;
    const last = audited.answers.get(answer.taskId);
    const matches = last !== undefined && last.comment === answer.comment && sameAnswer(task.kind, last, answer);
    if (!matches) fail(`${where}: the stored answer differs from the last audited one`);
    const responseIssue = auditedResponseProblem(answer, last!, anchor !== null);
    if (responseIssue) fail(`${where}: ${responseIssue}`);
  }
  const answered = new Set(answers.map((a) => a.taskId));
  const lost = [...audited.answers.keys()].find((id) => !answered.has(id));
  if (lost) fail(`${label(lost)}: an audited answer is missing from the file`);

  const flagged = readFlaggedPackageTaskIds(db);
  const flagMismatch = tasks.find((t) => flagged.has(t.id) !== (audited.flags.get(t.id) ?? false));
  if (flagMismatch) fail(`${label(flagMismatch.id)}: its flag differs from the audited one`);
  if ((readPackageMeta(db, 'locked_at') ?? null) !== audited.lockedAt)
    fail('its lock time differs from the audited one');
  const timeIssues = implausibleTimes({
    times: statedTimes(entries, answers, audited.lockedAt, label),
    lockedAt: audited.lockedAt,
    issuedAt: bounds.issuedAt,
    now: bounds.now,
  });
  if (timeIssues.length > 0) throw new PackageCheckError(timeIssues);
  return { tasks, answers, flagged, audited, entries, head, label };
}

/**
 * The stored time spent and save times equal what the last audited entry recorded. Entries written
 * before BlindRate audited them carry none: accepted only in a package issued before anchoring.
 */
function auditedResponseProblem(answer: StoredPackageAnswer, last: AuditedAnswer, anchored: boolean): string | null {
  if (last.durationMs === null || last.submittedAt === null)
    return anchored ? 'its last audit entry does not record the time spent and the first save' : null;
  if (answer.durationMs !== last.durationMs)
    return `the stored duration ${answer.durationMs} ms differs from the audited ${last.durationMs} ms`;
  if (answer.submittedAt !== last.submittedAt) return 'the stored time of the first save differs from the audited one';
  if (answer.updatedAt !== last.at) return 'the stored time of the last save differs from the audited one';
  return null;
}

/** Every time a package states, named as the rater sees it: its audit entries', its answers' and its lock. */
function statedTimes(
  entries: readonly ChainedAuditEntry[],
  answers: readonly StoredPackageAnswer[],
  lockedAt: string | null,
  label: (taskId: string) => string | undefined,
): StatedTime[] {
  const times: StatedTime[] = [];
  for (const entry of entries) {
    if (entry.action === 'rater.lock') times.push({ where: 'the lock', time: entry.at, isLock: true });
    else if (entry.action !== PACKAGE_ANCHOR_ACTION) times.push({ where: label(entry.entityId)!, time: entry.at });
  }
  for (const answer of answers) {
    const where = label(answer.taskId)!;
    times.push({ where, time: answer.submittedAt }, { where, time: answer.updatedAt });
  }
  if (lockedAt !== null) times.push({ where: 'the lock', time: lockedAt, isLock: true });
  return times;
}

/** The package's own checks, then that it belongs to this master's plan and may still be merged. */
function checkPackage(
  master: StudyDb,
  db: StudyDb,
  file: string,
  issued: IssuedPackage,
  rubric: Rubric,
  { now, receipt, acceptDiverged }: PackageCheckInputs,
): VerifiedPackage {
  const fail: (problem: string) => never = (problem) => refuse(file, problem);
  if (readPackageMeta(db, 'package_id') !== issued.id) fail('its package id is not the one recorded for this file');
  if (readPackageMeta(db, 'study_id') !== readMeta(master, 'study_id')) fail('it belongs to another study');
  if (readPackageMeta(db, 'rater_name') !== issued.raterName) fail(`it names another rater than ${issued.raterName}`);
  if (taskListDigest(readPackageTasks(db), sha256) !== issued.taskDigest)
    fail('its task list differs from the one packed (digest mismatch)');

  const contents = checkPackageContents(db, rubric, issued.raterName, { now, issuedAt: issued.issuedAt });
  if (issued.anchorHash !== null && contents.entries[0]?.hash !== issued.anchorHash)
    fail('its audit history does not begin with the anchor written when it was packed (it was rebuilt or replaced)');
  const receiptCheck = lockReceiptCheck(issued, contents, receipt);
  if (typeof receiptCheck === 'string') fail(receiptCheck);
  const assignments = readMasterAssignments(master, issued.raterId);
  const notPlanned = contents.tasks.find((t) => !assignments.has(t.id));
  if (notPlanned) fail(`${contents.label(notPlanned.id)} is not in this master's plan for ${issued.raterName}`);
  const { entries, head, audited } = contents;
  const history = relateToMergedHistory(
    master,
    issued.id,
    { head: issued.mergedHead, entries: issued.mergedEntries },
    entries,
  );
  if (history.kind === 'older') fail(olderCopyProblem(history, issued));
  if (history.kind === 'diverged' && !acceptDiverged)
    refuse(
      file,
      `its audit history departs from the version merged on ${issued.returnedAt} after entry ${history.commonEntries} (that version has ${history.mergedEntries} entries, this file ${entries.length}). If this file is the rater's latest, it can be merged accepting its diverged history: answers merged before are kept unless this file changed them later`,
      'accept-diverged',
    );
  const rater = readRater(master, issued.raterId);
  const unchanged = head === issued.mergedHead && entries.length === issued.mergedEntries;
  if (rater.lockedAt && !unchanged && !(audited.lockedAt && audited.lockedAt === rater.lockedAt)) {
    fail(
      `${rater.name} is locked in the master since ${displaySafeName(rater.lockedAt)}; nothing more can be merged for them`,
    );
  }
  const divergedAt = history.kind === 'diverged' ? history.commonEntries : null;
  return {
    file,
    issued,
    ...contents,
    assignments,
    divergedAt,
    anchored: issued.anchorHash !== null,
    ...receiptCheck,
  };
}

function olderCopyProblem(older: Extract<HistoryRelation, { kind: 'older' }>, issued: IssuedPackage): string {
  const fewer =
    older.answersFewer > 0
      ? `${older.answersFewer} answer${older.answersFewer === 1 ? '' : 's'} fewer`
      : `the same answers, ${older.entriesFewer} change${older.entriesFewer === 1 ? '' : 's'} fewer`;
  return `is an older copy of ${older.mergedFile} than the one merged on ${issued.returnedAt} (${fewer}); the master already holds all of it`;
}

/**
 * A receipt given now, or recorded by an earlier merge, must be the one the package's chain head at
 * the lock yields. Returns the problem, or what to record.
 */
function lockReceiptCheck(
  issued: IssuedPackage,
  contents: CheckedContents,
  given: string | undefined,
): string | { receiptConfirmed: boolean; newReceipt: string | null } {
  let receipt = issued.lockReceipt;
  if (given !== undefined) {
    const parsed = parseLockReceipt(given);
    if (!parsed.ok) return `the receipt "${given}" cannot be right: ${parsed.problem}`;
    if (receipt !== null && parsed.receipt !== receipt)
      return `the receipt ${parsed.receipt} is not the one given for this package before (${receipt})`;
    receipt = parsed.receipt;
  }
  if (receipt === null) return { receiptConfirmed: false, newReceipt: null };
  if (contents.audited.lockedAt === null) return `a lock receipt (${receipt}) is given, but the package is not locked`;
  if (lockReceipt(issued.id, contents.head, sha256) !== receipt)
    return `its history up to the lock does not match the lock receipt ${receipt}: it was changed after the receipt was read out, or the receipt belongs to another package`;
  return { receiptConfirmed: true, newReceipt: receipt === issued.lockReceipt ? null : receipt };
}

/** Whether a stored answer is what the last audited entry of its task recorded. */
function sameAnswer(kind: TaskKind, audited: AuditedAnswer, stored: StoredPackageAnswer): boolean {
  switch (kind) {
    case 'rating':
      return sameValues(audited.values ?? {}, stored.values);
    case 'preference':
      return audited.choice === stored.choice;
    case 'pairwise':
      return (
        (audited.choice ?? null) === stored.choice &&
        markCell(audited.bothUnacceptable) === stored.bothUnacceptable &&
        sameValues(audited.aspects ?? {}, stored.aspects)
      );
    default:
      return assertNever(kind, 'task kind');
  }
}

/** An audited "both unacceptable" mark as the package stores it: 0 or 1, or null where none is asked. */
function markCell(mark: boolean | null | undefined): number | null {
  return mark === null || mark === undefined ? null : mark ? 1 : 0;
}

/** What the master stores of a package's answer besides the response: values, or a choice unblinded. */
function mergedChoice(
  assignment: MasterAssignment,
  answer: StoredPackageAnswer,
): Pick<MergedAnswer, 'values' | 'choice' | 'outcome' | 'pairwise'> {
  const none = { values: null, choice: null, outcome: null, pairwise: null };
  switch (assignment.kind) {
    case 'rating':
      return { ...none, values: answer.values };
    case 'preference':
      return answer.choice === null
        ? none
        : {
            ...none,
            choice: answer.choice,
            outcome: resolveOutcome(answer.choice, assignment.presentedA as PresentedA | null),
          };
    case 'pairwise':
      // The master keeps the blinded letter; which model it names follows from presented_a at export.
      return answer.choice === null
        ? none
        : {
            ...none,
            pairwise: {
              choice: answer.choice,
              bothUnacceptable: answer.bothUnacceptable === 1,
              // Checked by answerProblem against the rubric's aspects: each is A, B or an allowed tie.
              aspects: answer.aspects as Record<string, PreferenceKey>,
            },
          };
    default:
      return assertNever(assignment.kind, 'task kind');
  }
}

function sameValues<T extends number | string>(a: Record<string, T>, b: Record<string, T>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function applyPackage(master: StudyDb, v: VerifiedPackage, clock: Clock): PackageMergeSummary {
  const summary: PackageMergeSummary = {
    file: v.file,
    rater: v.issued.raterName,
    packageId: v.issued.id,
    unchanged: v.head === v.issued.mergedHead && v.entries.length === v.issued.mergedEntries,
    answersAdded: 0,
    answersReplaced: 0,
    answersKeptNewer: 0,
    flagsChanged: 0,
    locked: false,
    auditEntriesAppended: 0,
    anchored: v.anchored,
    receiptConfirmed: v.receiptConfirmed,
  };
  if (v.newReceipt !== null) recordReceipt(master, v.issued.id, v.newReceipt, isoNow(clock));
  if (summary.unchanged) return summary;
  if (v.adopted) recordAdoption(master, v.issued, v.file, clock);

  // A diverged copy changes only what it changed after the part it shares with the version merged before.
  const changedSince =
    v.divergedAt === null ? null : new Set(v.entries.slice(v.divergedAt).map((entry) => entry.entityId));
  for (const answer of v.answers) {
    if (changedSince && !changedSince.has(answer.taskId)) continue;
    const assignment = v.assignments.get(answer.taskId)!;
    const editedAt = v.audited.answers.get(answer.taskId)!.at;
    const fromOther =
      assignment.answeredBy !== null && (assignment.answeredBy !== v.issued.id || changedSince !== null);
    if (fromOther && assignment.answeredAt !== null && assignment.answeredAt > editedAt) {
      summary.answersKeptNewer++;
      continue;
    }
    if (assignment.answeredBy === null) summary.answersAdded++;
    else if (fromOther) summary.answersReplaced++;
    writeMergedAnswer(master, {
      assignmentId: answer.taskId,
      packageId: v.issued.id,
      comment: answer.comment,
      durationMs: answer.durationMs,
      submittedAt: answer.submittedAt,
      updatedAt: answer.updatedAt,
      ...mergedChoice(assignment, answer),
    });
  }
  for (const task of v.tasks) {
    if (changedSince && !changedSince.has(task.id)) continue;
    const flagged = v.flagged.has(task.id);
    if (v.assignments.get(task.id)!.flagged !== flagged) {
      setAssignmentFlag(master, task.id, flagged);
      summary.flagsChanged++;
    }
  }
  if (v.audited.lockedAt && !readRater(master, v.issued.raterId).lockedAt) {
    setRaterLockedAt(master, v.issued.raterId, v.audited.lockedAt);
    summary.locked = true;
  }
  // The rater's own entries join the master's chain, after those a previous merge already copied (or, for
  // an accepted diverged copy, after the part it shares with them; readMergedPackageHistory relies on this).
  const copiedFrom = v.divergedAt ?? v.issued.mergedEntries;
  for (const entry of v.entries.slice(copiedFrom)) appendAuditContent(master, entry);
  summary.auditEntriesAppended = v.entries.length - copiedFrom;
  const at = isoNow(clock);
  markPackageReturned(master, v.issued.id, at, v.head, v.entries.length);
  appendAudit(master, {
    at,
    actor: COORDINATOR_ACTOR,
    action: 'package.merge',
    entity: 'package',
    entityId: v.issued.id,
    newValue: {
      file: v.file,
      rater: v.issued.raterName,
      chainHead: v.head,
      entries: v.entries.length,
      ...(v.divergedAt === null ? {} : { divergedAt: v.divergedAt, replacedHead: v.issued.mergedHead }),
      ...counts(summary),
    },
  });
  return summary;
}

/** The master keeps a receipt once given, so every later merge of the package is held to it. */
function recordReceipt(master: StudyDb, packageId: string, receipt: string, at: string): void {
  recordLockReceipt(master, packageId, receipt);
  appendAudit(master, {
    at,
    actor: COORDINATOR_ACTOR,
    action: 'package.receipt',
    entity: 'package',
    entityId: packageId,
    newValue: { receipt },
  });
}

function counts(s: PackageMergeSummary) {
  return {
    added: s.answersAdded,
    replaced: s.answersReplaced,
    keptNewer: s.answersKeptNewer,
    flags: s.flagsChanged,
    locked: s.locked,
  };
}
