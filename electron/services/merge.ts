/**
 * Merging raters' offline copies of a study back into the coordinator's file (the master).
 *
 * Rules:
 * - Same study only. A copy must carry the master's study_id (written by createStudy), its schema version and
 *   rubric, the same samples (ids and parameters) and the same tasks (ids → outputs); otherwise the merge stops
 *   with one line naming the copy.
 * - Raters are matched by name, case-insensitively (as createRater compares them). A rater the master lacks is
 *   added under a new id, with the copy's name, creation time and lock time.
 * - A rater's assignments are matched by task. One the master lacks is added with its UUID, answer order and flag;
 *   its position is the copy's position after the rater's last position in the master, so the master's order is
 *   kept and a new rater keeps the copy's positions exactly.
 * - Responses: when the master has none for the task, the copy's is taken (comment, duration, times). If the two
 *   files dealt that task under different assignment ids, the master's assignment takes the copy's answer order,
 *   under which the preference was chosen. When both have one with the same content (rating values, or preference
 *   outcome, and comment) it is skipped. Different content stops the merge (copy, rater, task position), unless
 *   preferLatest: then the later updated_at wins (a tie keeps the master's) and the study.merge row records the
 *   version that lost.
 * - A flag set in either file stays set. locked_at becomes the later of the two non-null times.
 * - Audit: the log stays append-only. The merged raters' audit rows that the master lacks (same time, actor,
 *   action, entity and values) are appended verbatim, so their entity ids are the copy's; the study.merge row
 *   (actor coordinator, one per copy that changed something or had a conflict resolved) maps the copy's rater
 *   and assignment ids to the master's and carries the counts.
 * - Everything runs in one transaction on the master: any error leaves it unchanged. Copies are only read.
 *   Merging a copy again adds nothing, because every rule above compares before it writes (only a conflict that
 *   preferLatest again resolves in the master's favour is recorded again).
 */
import { appendAudit, appendStoredAuditRow, readAuditRowsOf, type StoredAuditRow } from '../../db/audit';
import { insertAssignment, readRaterAssignments, setAssignmentFlagged, setPresentedA, type AssignmentRow } from '../../db/assignments';
import { openStudyDatabase, readSchemaVersion, type StudyDb } from '../../db/connection';
import { findRaterRowByName, insertRater, listRaterRowsById, setRaterLockedAt, type RaterRow } from '../../db/raters';
import { readStoredResponse, replaceStoredResponse, type StoredResponse } from '../../db/responses';
import { readTaskRows } from '../../db/samples';
import { StudyError } from '../../shared/errors';
import { readMeta } from '../../db/meta';
import { isoNow, type Clock } from '../../shared/clock';
import type { TaskKind } from '../../shared/domain';
import { readReportStudy } from './analysis';
import { listAssignments } from './assignments';
import { COORDINATOR_ACTOR, readActiveRubric, readStudyName } from './study';

export interface RaterCopy {
  path: string;
  db: StudyDb;
}

export interface MergeOptions {
  /** Resolve differing responses by the later updated_at instead of failing. */
  preferLatest?: boolean;
}

export interface CopyMergeCounts {
  ratersAdded: number;
  assignmentsAdded: number;
  ratingsAdded: number;
  preferencesAdded: number;
  skippedIdentical: number;
  conflictsResolved: number;
  flagsAdded: number;
  locksTaken: number;
  auditRowsAppended: number;
}

export interface CopyMergeSummary extends CopyMergeCounts {
  path: string;
}

export interface MergeSummary {
  copies: CopyMergeSummary[];
}

/** Opens a rater's copy for reading only: a merge never writes to it. */
export function openRaterCopy(path: string, passphrase: string): StudyDb {
  return openStudyDatabase(path, passphrase, { readonly: true });
}

export function mergeRaterCopies(master: StudyDb, copies: RaterCopy[], clock: Clock, options: MergeOptions = {}): MergeSummary {
  return master.transaction(() => ({
    copies: copies.map((copy) => ({ path: copy.path, ...mergeCopy(master, copy, clock, options.preferLatest ?? false) })),
  }))();
}

/** What a resolved conflict lost, for the study.merge audit row. */
interface ResolvedConflict {
  rater: string;
  kind: TaskKind;
  position: number;
  assignmentId: string;
  kept: 'master' | 'copy';
  lost: StoredResponse;
}

/** The state of one copy's merge, passed through the steps below. */
interface CopyMerge {
  master: StudyDb;
  copy: RaterCopy;
  preferLatest: boolean;
  counts: CopyMergeCounts;
  raterIds: { name: string; copy: number; master: number }[];
  /** Copy assignment id → master assignment id, only where they differ. */
  assignmentIds: Record<string, string>;
  conflicts: ResolvedConflict[];
}

function mergeCopy(master: StudyDb, copy: RaterCopy, clock: Clock, preferLatest: boolean): CopyMergeCounts {
  assertSameStudy(master, copy, clock);
  const merge: CopyMerge = {
    master,
    copy,
    preferLatest,
    counts: {
      ratersAdded: 0,
      assignmentsAdded: 0,
      ratingsAdded: 0,
      preferencesAdded: 0,
      skippedIdentical: 0,
      conflictsResolved: 0,
      flagsAdded: 0,
      locksTaken: 0,
      auditRowsAppended: 0,
    },
    raterIds: [],
    assignmentIds: {},
    conflicts: [],
  };
  const raters = listRaterRowsById(copy.db);
  for (const theirs of raters) {
    const ours = matchingRater(merge, theirs);
    merge.raterIds.push({ name: theirs.name, copy: theirs.id, master: ours.id });
    mergeAssignments(merge, theirs, ours);
    merge.counts.auditRowsAppended += appendMissingAuditRows(master, copy.db, theirs.name);
  }
  const { skippedIdentical, ...changes } = merge.counts;
  if (Object.values(changes).some((n) => n > 0)) {
    appendAudit(master, {
      at: isoNow(clock),
      actor: COORDINATOR_ACTOR,
      action: 'study.merge',
      entity: 'study',
      entityId: readStudyName(master),
      newValue: {
        copy: copy.path,
        counts: merge.counts,
        raters: merge.raterIds,
        assignmentIds: merge.assignmentIds,
        conflicts: merge.conflicts,
      },
    });
  }
  return { ...merge.counts, skippedIdentical };
}

function assertSameStudy(master: StudyDb, copy: RaterCopy, clock: Clock): void {
  const file = copy.path;
  const studyId = readMeta(master, 'study_id');
  if (studyId === undefined) {
    throw new StudyError(`The master ${master.name} has no study id (created before BlindRate recorded one), so copies cannot be matched to it.`);
  }
  const theirId = readMeta(copy.db, 'study_id');
  if (theirId !== studyId) {
    throw new StudyError(`${file} is not a copy of this study (study id ${theirId ?? 'missing'}, the master's is ${studyId}).`);
  }
  const version = readSchemaVersion;
  if (version(copy.db) !== version(master)) {
    throw new StudyError(`${file} has schema version ${version(copy.db)}, the master ${version(master)}: open both with the same BlindRate first.`);
  }
  if (JSON.stringify(readActiveRubric(copy.db)) !== JSON.stringify(readActiveRubric(master))) {
    throw new StudyError(`${file} uses a different rubric from the master's.`);
  }
  const sampleId = firstDifferentId(readReportStudy(master, clock).samples, readReportStudy(copy.db, clock).samples);
  if (sampleId !== undefined) throw new StudyError(`${file} differs from the master in sample #${sampleId}; merge needs the same samples.`);
  const taskId = firstDifferentId(readTaskRows(master), readTaskRows(copy.db));
  if (taskId !== undefined) throw new StudyError(`${file} differs from the master in task #${taskId}; merge needs the same tasks.`);
}

/** The id of the first row that is missing from one list or differs between them. */
function firstDifferentId(ours: { id: number }[], theirs: { id: number }[]): number | undefined {
  const theirById = new Map(theirs.map((row) => [row.id, JSON.stringify(row)]));
  const different = ours.find((row) => theirById.get(row.id) !== JSON.stringify(row));
  if (different) return different.id;
  const ourIds = new Set(ours.map((row) => row.id));
  return theirs.find((row) => !ourIds.has(row.id))?.id;
}

/** The master's rater of that name, added first if missing; the later lock time wins. */
function matchingRater(merge: CopyMerge, theirs: RaterRow): RaterRow {
  const { master, counts } = merge;
  const ours = findRaterRowByName(master, theirs.name);
  if (!ours) {
    const id = insertRater(master, theirs);
    counts.ratersAdded++;
    return { ...theirs, id };
  }
  if (theirs.locked_at !== null && (ours.locked_at === null || theirs.locked_at > ours.locked_at)) {
    setRaterLockedAt(master, ours.id, theirs.locked_at);
    counts.locksTaken++;
    return { ...ours, locked_at: theirs.locked_at };
  }
  return ours;
}

function mergeAssignments(merge: CopyMerge, theirRater: RaterRow, ourRater: RaterRow): void {
  const { master, copy, counts } = merge;
  const ourAssignments = readRaterAssignments(master, ourRater.id);
  const oursByTask = new Map(ourAssignments.map((a) => [a.task_id, a]));
  const lastPosition = ourAssignments.reduce((last, a) => Math.max(last, a.position), 0);
  for (const theirs of readRaterAssignments(copy.db, theirRater.id)) {
    let ours = oursByTask.get(theirs.task_id);
    if (!ours) {
      ours = { ...theirs, position: theirs.position + lastPosition };
      insertAssignment(master, {
        id: ours.id,
        raterId: ourRater.id,
        taskId: ours.task_id,
        position: ours.position,
        presentedA: ours.presented_a,
        flagged: ours.flagged === 1,
      });
      counts.assignmentsAdded++;
    } else if (theirs.flagged === 1 && ours.flagged === 0) {
      setAssignmentFlagged(master, ours.id, true);
      counts.flagsAdded++;
    }
    if (ours.id !== theirs.id) merge.assignmentIds[theirs.id] = ours.id;
    mergeResponse(merge, theirRater, theirs, ours);
  }
}

function mergeResponse(merge: CopyMerge, theirRater: RaterRow, theirs: AssignmentRow, ours: AssignmentRow): void {
  const { master, copy, counts } = merge;
  const their = readStoredResponse(copy.db, theirs.id);
  if (!their) return;
  const our = readStoredResponse(master, ours.id);
  if (!our) {
    writeResponse(master, ours, theirs, their);
    if (theirs.kind === 'rating') counts.ratingsAdded++;
    else counts.preferencesAdded++;
    return;
  }
  if (sameAnswer(our, their)) {
    counts.skippedIdentical++;
    return;
  }
  const position = listAssignments(copy.db, theirRater.id, theirs.kind).findIndex((a) => a.assignmentId === theirs.id) + 1;
  if (!merge.preferLatest) {
    throw new StudyError(
      `${copy.path}: ${theirRater.name}'s ${theirs.kind} task ${position} differs from the master's; merge with --prefer-latest to keep the later one.`,
    );
  }
  counts.conflictsResolved++;
  const copyWins = their.updated_at > our.updated_at;
  if (copyWins) writeResponse(master, ours, theirs, their);
  merge.conflicts.push({
    rater: theirRater.name,
    kind: theirs.kind,
    position,
    assignmentId: ours.id,
    kept: copyWins ? 'copy' : 'master',
    lost: copyWins ? our : their,
  });
}

/** Same meaning: a preference is compared by outcome, since the letter depends on the answer order shown. */
function sameAnswer(a: StoredResponse, b: StoredResponse): boolean {
  return a.comment === b.comment && a.outcome === b.outcome && JSON.stringify(a.values) === JSON.stringify(b.values);
}

/** Puts the copy's response on the master's assignment, replacing any there. */
function writeResponse(master: StudyDb, ours: AssignmentRow, theirs: AssignmentRow, response: StoredResponse): void {
  if (ours.presented_a !== theirs.presented_a) setPresentedA(master, ours.id, theirs.presented_a);
  replaceStoredResponse(master, ours.id, response);
}

/**
 * Appends the rows the master does not have yet, as a multiset: rows from before the file was copied are
 * already there (identical), and a row that happens twice in the copy is appended twice.
 */
function appendMissingAuditRows(master: StudyDb, copy: StudyDb, actor: string): number {
  const key = (row: StoredAuditRow) =>
    JSON.stringify([row.at, row.actor, row.action, row.entity, row.entity_id, row.old_value, row.new_value]);
  const present = new Map<string, number>();
  for (const row of readAuditRowsOf(master, actor)) present.set(key(row), (present.get(key(row)) ?? 0) + 1);
  let appended = 0;
  for (const row of readAuditRowsOf(copy, actor)) {
    const remaining = present.get(key(row)) ?? 0;
    if (remaining > 0) {
      present.set(key(row), remaining - 1);
    } else {
      appendStoredAuditRow(master, row);
      appended++;
    }
  }
  return appended;
}
