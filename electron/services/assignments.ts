/**
 * Assignments in the master: one row per rater × task (dealt by `assign`), with the rater's own
 * order. Answers arrive here only by merging packages, so this is the coordinator's progress view.
 */
import type { AssignmentSummary, RaterProfile, SessionOverview, TaskProgress } from '../../shared/api';
import { TASK_KINDS, type TaskKind } from '../../shared/domain';
import { readAssignmentStates } from '../../db/assignments';
import type { StudyDb } from '../../db/connection';

/** The rater's assignments of one kind in their order; `position` is 1-based within that kind. */
export function listAssignments(db: StudyDb, raterId: number, kind: TaskKind): AssignmentSummary[] {
  return readAssignmentStates(db, raterId, kind).map((row, index) => ({
    assignmentId: row.id,
    kind,
    position: index + 1,
    done: row.done === 1,
    flagged: row.flagged === 1,
  }));
}

/**
 * Progress per kind and where "Resume" goes (the first unfinished assignment in the rater's order),
 * from the rater's assignments of each kind: the master's and a package session's alike.
 */
export function overviewOf(
  rater: RaterProfile,
  assignmentsOf: (kind: TaskKind) => AssignmentSummary[],
): SessionOverview {
  const progress: TaskProgress[] = [];
  const resume: SessionOverview['resume'] = {};
  for (const kind of TASK_KINDS) {
    const assignments = assignmentsOf(kind);
    progress.push({
      kind,
      done: assignments.filter((a) => a.done).length,
      total: assignments.length,
      flagged: assignments.filter((a) => a.flagged).length,
    });
    const next = assignments.find((a) => !a.done);
    if (next) resume[kind] = next.assignmentId;
  }
  return { rater, progress, resume };
}

/** A master rater's overview (the coordinator's progress view). */
export function readOverview(db: StudyDb, rater: RaterProfile): SessionOverview {
  return overviewOf(rater, (kind) => listAssignments(db, rater.id, kind));
}
