/**
 * A rater's working session, inside their package: the only producer of task payloads for the
 * renderer and the only writer of answers. The package holds nothing but texts, so a payload cannot
 * carry a model, score or bin; every change writes a hash-chained audit row naming the rater.
 */
import type {
  AssignmentSummary,
  PairwiseTaskPayload,
  PreferenceTaskPayload,
  RaterProfile,
  RatingTaskPayload,
  SavePairwiseRequest,
  SavePreferenceRequest,
  SaveRatingRequest,
  SessionOverview,
  TaskPayload,
} from '../../shared/api';
import { isoNow, type Clock } from '../../shared/clock';
import type { CalibrationFeedback } from '../../shared/qc/calibration';
import type { TaskKind } from '../../shared/domain';
import type { PairwiseAnswer } from './adjudication-session';
import { assertNever } from '../../shared/kinds/assert-never';
import { pairwiseAspectChoicesProblem, pairwiseAspects } from '../../shared/kinds/pairwise';
import { lockReceipt } from '../../shared/lock-receipt';
import { ratingProblem, type AuditedAnswerValue } from '../../shared/package-contents';
import { parseRubric, type Rubric } from '../../shared/rubric';
import { appendAudit, readAuditHead, sha256 } from '../../db/audit';
import { adjudicationSession } from './adjudication-session';
import { overviewOf } from './assignments';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import {
  listPackageTasks,
  neighbourPackageTaskId,
  readPackageAspectChoices,
  readPackageBothUnacceptable,
  readPackageChoice,
  readPackageMeta,
  readPackageRatingValues,
  readPackageResponse,
  readPackageTask,
  setPackageTaskFlag,
  upsertPackageResponse,
  writePackageAspectChoices,
  writePackageChoice,
  writePackageMeta,
  writePackageRatingValues,
  type PackageResponse,
  type PackageTask,
} from '../../db/package-file';

export interface RaterSession {
  rater(): RaterProfile;
  overview(): SessionOverview;
  listAssignments(kind: TaskKind): AssignmentSummary[];
  getTask(assignmentId: string): TaskPayload;
  /** Returns the task's calibration feedback when it is a calibration task, else null. */
  saveRating(request: SaveRatingRequest): CalibrationFeedback | null;
  savePreference(request: SavePreferenceRequest): void;
  savePairwise(request: SavePairwiseRequest): void;
  setFlag(assignmentId: string, flagged: boolean): void;
  lock(): RaterProfile;
}

/** A package has one rater; the id only satisfies the contract's RaterProfile. */
export const PACKAGE_RATER_ID = 1;

export interface PackageFacts {
  studyName: string;
  raterName: string;
  rubric: Rubric;
}

export function readPackageFacts(db: StudyDb): PackageFacts {
  const studyName = readPackageMeta(db, 'study_name');
  const raterName = readPackageMeta(db, 'rater_name');
  const rubric = readPackageMeta(db, 'rubric');
  if (!studyName || !raterName || !rubric)
    throw new StudyError('This rater package is incomplete: ask the coordinator for a new one.');
  // Parsed, not cast: a package issued before instructions and idle times existed gets their defaults.
  return { studyName, raterName, rubric: parseRubric(JSON.parse(rubric)) };
}

export function startPackageSession(db: StudyDb, clock: Clock): RaterSession {
  const { raterName, rubric } = readPackageFacts(db);
  const adjudication = adjudicationSession(db, rubric);

  /** Once locked, the receipt the rater reads to the coordinator (shared/lock-receipt.ts). */
  const rater = (): RaterProfile => {
    const lockedAt = readPackageMeta(db, 'locked_at') ?? null;
    if (lockedAt === null) return { id: PACKAGE_RATER_ID, name: raterName, lockedAt };
    const receipt = packageLockReceipt(db);
    return { id: PACKAGE_RATER_ID, name: raterName, lockedAt, ...(receipt && { lockReceipt: receipt }) };
  };

  function listAssignments(kind: TaskKind): AssignmentSummary[] {
    return listPackageTasks(db, kind).map((t, index) => ({
      assignmentId: t.id,
      kind,
      position: index + 1,
      done: t.done,
      flagged: t.flagged,
    }));
  }

  /** Same message whether the id is unknown or malformed: ids must not be probeable. */
  function ownTask(taskId: string): PackageTask & { flagged: boolean } {
    const task = readPackageTask(db, taskId);
    if (!task) throw new StudyError(`Task ${taskId} is not one of ${raterName}'s tasks.`);
    return task;
  }

  function writableTask(taskId: string, kind: TaskKind): PackageTask {
    const lockedAt = rater().lockedAt;
    if (lockedAt) throw new StudyError(`${raterName} locked their work on ${lockedAt}; it can no longer be changed.`);
    const task = ownTask(taskId);
    if (task.kind !== kind) throw new StudyError(`Task ${taskId} is a ${task.kind} task, not a ${kind} task.`);
    return task;
  }

  function getTask(taskId: string): TaskPayload {
    const task = ownTask(taskId);
    const sameKind = listPackageTasks(db, task.kind);
    const base = {
      assignmentId: task.id,
      position: sameKind.findIndex((t) => t.id === task.id) + 1,
      total: sameKind.length,
      question: task.question,
      context: task.context,
      comment: readPackageResponse(db, task.id)?.comment ?? '',
      flagged: task.flagged,
      previousId: neighbourPackageTaskId(db, task.kind, task.position, 'previous'),
      nextId: neighbourPackageTaskId(db, task.kind, task.position, 'next'),
      readOnly: rater().lockedAt !== null,
      ...(adjudication && { adjudication: adjudication.view(task.id) }),
    };
    switch (task.kind) {
      case 'rating':
        return {
          ...base,
          kind: 'rating',
          answer: task.answerA,
          values: readPackageRatingValues(db, task.id),
          practice: task.feedback !== null,
        } satisfies RatingTaskPayload;
      case 'preference':
        return {
          ...base,
          kind: 'preference',
          answerA: task.answerA,
          answerB: task.answerB ?? '',
          allowTie: rubric.preference.allowTie,
          choice: readPackageChoice(db, task.id),
        } satisfies PreferenceTaskPayload;
      case 'pairwise':
        return {
          ...base,
          kind: 'pairwise',
          answerA: task.answerA,
          answerB: task.answerB ?? '',
          allowTie: rubric.preference.allowTie,
          choice: readPackageChoice(db, task.id),
          bothUnacceptable: readPackageBothUnacceptable(db, task.id),
          aspects: readPackageAspectChoices(db, task.id),
        } satisfies PairwiseTaskPayload;
      default:
        return assertNever(task.kind, 'task kind');
    }
  }

  /** What an answer's audit entry records besides the values or choice: all the stored response holds. */
  function auditedResponse(
    response: PackageResponse,
  ): Omit<AuditedAnswerValue, 'values' | 'choice' | 'bothUnacceptable' | 'aspects'> {
    return { comment: response.comment, durationMs: response.durationMs, submittedAt: response.submittedAt };
  }

  /**
   * Every save is audited, even one that changes only the time spent (which adds up across edits):
   * the entry records the stored response as it is after the save, so nothing in it goes unaudited.
   */
  function saveRating(request: SaveRatingRequest): CalibrationFeedback | null {
    return db.transaction(() => {
      const task = writableTask(request.assignmentId, 'rating');
      const values = adjudication
        ? adjudication.checkedValues(task.id, request.values)
        : validatedRatingValues(rubric, request.values, request.comment);
      refuseMarksOutsideAdjudication(request.marks);
      const before = readPackageResponse(db, task.id);
      const oldValue = before && { values: readPackageRatingValues(db, task.id), ...auditedResponse(before) };
      const at = isoNow(clock);
      upsertPackageResponse(db, task.id, request.comment, request.durationMs, at);
      writePackageRatingValues(db, task.id, values);
      const marks = adjudication?.writeMarks(task.id, request.marks);
      appendAudit(db, {
        at,
        actor: raterName,
        action: before ? 'rating.update' : 'rating.create',
        entity: 'task',
        entityId: task.id,
        oldValue,
        newValue: { values, ...(marks && { marks }), ...auditedResponse(readPackageResponse(db, task.id)!) },
      });
      return task.feedback;
    })();
  }

  function refuseDisallowedTie(choice: SavePreferenceRequest['choice']): void {
    if (choice === 'T' && !rubric.preference.allowTie) {
      throw new StudyError('This study does not allow ties: choose Answer A or Answer B.');
    }
  }

  function savePreference(request: SavePreferenceRequest): void {
    refuseDisallowedTie(request.choice);
    db.transaction(() => {
      const task = writableTask(request.assignmentId, 'preference');
      const before = readPackageResponse(db, task.id);
      const oldValue = before && { choice: readPackageChoice(db, task.id), ...auditedResponse(before) };
      refuseMarksOutsideAdjudication(request.marks);
      const at = isoNow(clock);
      upsertPackageResponse(db, task.id, request.comment, request.durationMs, at);
      writePackageChoice(db, task.id, request.choice);
      const marks = adjudication?.writeMarks(task.id, request.marks);
      appendAudit(db, {
        at,
        actor: raterName,
        action: before ? 'preference.update' : 'preference.create',
        entity: 'task',
        entityId: task.id,
        oldValue,
        newValue: {
          choice: request.choice,
          ...(marks && { marks }),
          ...auditedResponse(readPackageResponse(db, task.id)!),
        },
      });
    })();
  }

  /** A rater's pairwise answer: an overall choice, the mark, and a choice on every aspect the rubric asks. */
  function checkedRaterPairwise(request: SavePairwiseRequest): PairwiseAnswer {
    const { choice, bothUnacceptable } = request;
    if (choice === null || bothUnacceptable === null)
      throw new StudyError('This comparison cannot be saved: choose Answer A, Answer B or a tie.');
    refuseDisallowedTie(choice);
    const aspects = request.aspects ?? {};
    const aspectProblem = pairwiseAspectChoicesProblem(rubric, aspects);
    if (aspectProblem) throw new StudyError(`This comparison cannot be saved: ${aspectProblem}.`);
    refuseMarksOutsideAdjudication(request.marks);
    return { choice, bothUnacceptable, aspects };
  }

  /**
   * A pairwise choice, its "both unacceptable" mark and its choices on the rubric's aspects are saved, and
   * audited, together. The audit names aspects only when the rubric asks some, as the merge compares them;
   * in an adjudication package the answer holds the disputed rows only (adjudication-session.ts).
   */
  function savePairwise(request: SavePairwiseRequest): void {
    const raterAnswer = adjudication ? null : checkedRaterPairwise(request);
    const asksAspects = adjudication !== null || pairwiseAspects(rubric).length > 0;
    db.transaction(() => {
      const task = writableTask(request.assignmentId, 'pairwise');
      const { choice, bothUnacceptable, aspects } = raterAnswer ?? adjudication!.checkedPairwise(task.id, request);
      const before = readPackageResponse(db, task.id);
      const oldValue = before && {
        choice: readPackageChoice(db, task.id),
        bothUnacceptable: readPackageBothUnacceptable(db, task.id),
        ...(asksAspects && { aspects: readPackageAspectChoices(db, task.id) }),
        ...auditedResponse(before),
      };
      const at = isoNow(clock);
      upsertPackageResponse(db, task.id, request.comment, request.durationMs, at);
      writePackageChoice(db, task.id, choice, bothUnacceptable);
      writePackageAspectChoices(db, task.id, aspects);
      const marks = adjudication?.writeMarks(task.id, request.marks);
      appendAudit(db, {
        at,
        actor: raterName,
        action: before ? 'pairwise.update' : 'pairwise.create',
        entity: 'task',
        entityId: task.id,
        oldValue,
        newValue: {
          choice,
          bothUnacceptable,
          ...(asksAspects && { aspects }),
          ...(marks && { marks }),
          ...auditedResponse(readPackageResponse(db, task.id)!),
        },
      });
    })();
  }

  /** Reason tags and guideline gaps belong to adjudication: a rater's save carries none. */
  function refuseMarksOutsideAdjudication(marks: SaveRatingRequest['marks']): void {
    if (!adjudication && marks !== undefined && Object.keys(marks).length > 0)
      throw new StudyError('Reasons and guideline gaps are given in an adjudication package only.');
  }

  function setFlag(taskId: string, flagged: boolean): void {
    db.transaction(() => {
      const lockedAt = rater().lockedAt;
      if (lockedAt) throw new StudyError(`${raterName} locked their work; flags can no longer be changed.`);
      const task = ownTask(taskId);
      if (task.flagged === flagged) return;
      setPackageTaskFlag(db, task.id, flagged);
      appendAudit(db, {
        at: isoNow(clock),
        actor: raterName,
        action: 'task.flag',
        entity: 'task',
        entityId: task.id,
        oldValue: task.flagged,
        newValue: flagged,
      });
    })();
  }

  /** Locking is final: the package becomes read-only and is ready to go back to the coordinator. */
  function lock(): RaterProfile {
    return db.transaction(() => {
      const current = rater();
      if (current.lockedAt) return current;
      const at = isoNow(clock);
      writePackageMeta(db, 'locked_at', at);
      appendAudit(db, {
        at,
        actor: raterName,
        action: 'rater.lock',
        entity: 'rater',
        entityId: raterName,
        oldValue: null,
        newValue: at,
      });
      return rater();
    })();
  }

  function overview(): SessionOverview {
    return overviewOf(rater(), listAssignments);
  }

  return { rater, overview, listAssignments, getTask, saveRating, savePreference, savePairwise, setFlag, lock };
}

/** The receipt of a locked package: its id and the chain head at the lock (nothing follows the lock). */
function packageLockReceipt(db: StudyDb): string | undefined {
  const packageId = readPackageMeta(db, 'package_id');
  return packageId === undefined ? undefined : lockReceipt(packageId, readAuditHead(db), sha256);
}

/** Every shown dimension present with one of its scale values, the comment its conditions ask for, and nothing else; in rubric order. */
function validatedRatingValues(
  rubric: Rubric,
  values: Record<string, number>,
  comment: string,
): Record<string, number> {
  const problem = ratingProblem(rubric, values, comment);
  if (problem) throw new StudyError(`${problem[0]!.toUpperCase()}${problem.slice(1)}.`);
  return Object.fromEntries(
    rubric.dimensions.filter((d) => Object.hasOwn(values, d.key)).map((d) => [d.key, values[d.key]!]),
  );
}
