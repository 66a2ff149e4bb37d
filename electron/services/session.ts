/**
 * A rater's working session: the only producer of task payloads for the renderer and the only
 * writer of ratings and preferences. Blinding is enforced here: payloads are built field by field
 * from texts, never from rows that carry a model, score, bin, item or output id.
 */
import type {
  AssignmentSummary,
  PreferenceTaskPayload,
  RaterProfile,
  RatingTaskPayload,
  SavePreferenceRequest,
  SaveRatingRequest,
  SessionOverview,
  TaskPayload,
} from '../../shared/api';
import { isoNow, type Clock } from '../../shared/clock';
import type { PreferenceKey, PreferenceOutcome, PresentedA, TaskKind } from '../../shared/domain';
import type { Rubric } from '../../shared/rubric';
import { appendAudit } from '../../db/audit';
import { readAssignedTask, readNeighbourAssignmentId, setAssignmentFlagged, type AssignedTaskRow } from '../../db/assignments';
import {
  readPreferenceChoice,
  readRatingValues,
  readResponse,
  savePreferenceChoice,
  saveRatingValues,
  saveResponse,
} from '../../db/responses';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { assignOpenTasks, listAssignments, readOverview } from './assignments';
import { lockRater, readRater } from './raters';

export interface RaterSession {
  readonly raterId: number;
  rater(): RaterProfile;
  overview(): SessionOverview;
  listAssignments(kind: TaskKind): AssignmentSummary[];
  getTask(assignmentId: string): TaskPayload;
  saveRating(request: SaveRatingRequest): void;
  savePreference(request: SavePreferenceRequest): void;
  setFlag(assignmentId: string, flagged: boolean): void;
  lock(): RaterProfile;
}

/** Opens a rater's session, first dealing them every task they do not have yet. */
export function startRaterSession(db: StudyDb, raterId: number, rubric: Rubric, clock: Clock): RaterSession {
  assignOpenTasks(db, readRater(db, raterId));

  const rater = () => readRater(db, raterId);

  /** Same message whether the id is unknown or another rater's: ids must not be probeable. */
  function ownAssignment(assignmentId: string): AssignedTaskRow {
    const row = readAssignedTask(db, assignmentId, raterId);
    if (!row) throw new StudyError(`Task ${assignmentId} is not one of ${rater().name}'s tasks.`);
    return row;
  }

  function writableAssignment(assignmentId: string, kind: TaskKind): { row: AssignedTaskRow; actor: string } {
    const current = rater();
    if (current.lockedAt) {
      throw new StudyError(`${current.name} locked their work on ${current.lockedAt}; it can no longer be changed.`);
    }
    const row = ownAssignment(assignmentId);
    if (row.kind !== kind) throw new StudyError(`Task ${assignmentId} is a ${row.kind} task, not a ${kind} task.`);
    return { row, actor: current.name };
  }

  function getTask(assignmentId: string): TaskPayload {
    const row = ownAssignment(assignmentId);
    const sameKind = listAssignments(db, raterId, row.kind);
    const base = {
      assignmentId: row.id,
      position: sameKind.findIndex((a) => a.assignmentId === row.id) + 1,
      total: sameKind.length,
      question: row.question,
      context: row.context,
      comment: readResponse(db, row.id)?.comment ?? '',
      flagged: row.flagged === 1,
      previousId: readNeighbourAssignmentId(db, raterId, row.kind, row.position, 'previous'),
      nextId: readNeighbourAssignmentId(db, raterId, row.kind, row.position, 'next'),
      readOnly: rater().lockedAt !== null,
    };
    if (row.kind === 'rating') {
      return { ...base, kind: 'rating', answer: row.answer, values: readRatingValues(db, row.id) } satisfies RatingTaskPayload;
    }
    const modelFirst = row.presented_a === 'model';
    return {
      ...base,
      kind: 'preference',
      answerA: modelFirst ? row.answer : row.reference,
      answerB: modelFirst ? row.reference : row.answer,
      allowTie: rubric.preference.allowTie,
      choice: readPreferenceChoice(db, row.id),
    } satisfies PreferenceTaskPayload;
  }

  function saveRating(request: SaveRatingRequest): void {
    db.transaction(() => {
      const { row, actor } = writableAssignment(request.assignmentId, 'rating');
      const values = validatedRatingValues(rubric, request.values);
      const before = readResponse(db, row.id);
      const oldState = before ? { values: readRatingValues(db, row.id), comment: before.comment } : undefined;
      const newState = { values, comment: request.comment };
      const at = isoNow(clock);
      saveResponse(db, row.id, request.comment, request.durationMs, at);
      saveRatingValues(db, row.id, values);
      if (oldState && JSON.stringify(oldState) === JSON.stringify(newState)) return;
      appendAudit(db, {
        at,
        actor,
        action: oldState ? 'rating.update' : 'rating.create',
        entity: 'assignment',
        entityId: row.id,
        oldValue: oldState,
        newValue: newState,
      });
    })();
  }

  function savePreference(request: SavePreferenceRequest): void {
    if (request.choice === 'T' && !rubric.preference.allowTie) {
      throw new StudyError('This study does not allow ties: choose Answer A or Answer B.');
    }
    db.transaction(() => {
      const { row, actor } = writableAssignment(request.assignmentId, 'preference');
      const before = readResponse(db, row.id);
      const oldState = before ? { choice: readPreferenceChoice(db, row.id), comment: before.comment } : undefined;
      const outcome = resolveOutcome(request.choice, row.presented_a);
      const at = isoNow(clock);
      saveResponse(db, row.id, request.comment, request.durationMs, at);
      savePreferenceChoice(db, row.id, request.choice, outcome);
      if (oldState && oldState.choice === request.choice && oldState.comment === request.comment) return;
      appendAudit(db, {
        at,
        actor,
        action: oldState ? 'preference.update' : 'preference.create',
        entity: 'assignment',
        entityId: row.id,
        oldValue: oldState,
        newValue: { choice: request.choice, outcome, presentedA: row.presented_a, comment: request.comment },
      });
    })();
  }

  function setFlag(assignmentId: string, flagged: boolean): void {
    db.transaction(() => {
      const current = rater();
      if (current.lockedAt) throw new StudyError(`${current.name} locked their work; flags can no longer be changed.`);
      const row = ownAssignment(assignmentId);
      if ((row.flagged === 1) === flagged) return;
      setAssignmentFlagged(db, row.id, flagged);
      appendAudit(db, {
        at: isoNow(clock),
        actor: current.name,
        action: 'assignment.flag',
        entity: 'assignment',
        entityId: row.id,
        oldValue: row.flagged === 1,
        newValue: flagged,
      });
    })();
  }

  return {
    raterId,
    rater,
    overview: () => readOverview(db, rater()),
    listAssignments: (kind) => listAssignments(db, raterId, kind),
    getTask,
    saveRating,
    savePreference,
    setFlag,
    lock: () => lockRater(db, raterId, clock),
  };
}

/** Every rubric dimension must be present with one of its scale values, and nothing else. */
export function validatedRatingValues(rubric: Rubric, values: Record<string, number>): Record<string, number> {
  const known = new Set(rubric.dimensions.map((d) => d.key));
  const unknown = Object.keys(values).find((key) => !known.has(key));
  if (unknown !== undefined) throw new StudyError(`"${unknown}" is not a dimension of the rubric "${rubric.name}".`);
  const checked: Record<string, number> = {};
  for (const dimension of rubric.dimensions) {
    const value = values[dimension.key];
    if (value === undefined) throw new StudyError(`${dimension.label} is not rated yet.`);
    const allowed = dimension.scale.map((point) => point.value);
    if (!allowed.includes(value)) {
      throw new StudyError(`${dimension.label}: ${value} is not on the scale (${allowed.join(', ')}).`);
    }
    checked[dimension.key] = value;
  }
  return checked;
}

/** What the choice means once the blinded position is undone. */
export function resolveOutcome(choice: PreferenceKey, presentedA: PresentedA | null): PreferenceOutcome {
  if (choice === 'T') return 'tie';
  if (presentedA === null) throw new StudyError('This preference task has no recorded answer order.');
  const other: PresentedA = presentedA === 'model' ? 'reference' : 'model';
  return choice === 'A' ? presentedA : other;
}
