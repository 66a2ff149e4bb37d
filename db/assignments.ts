/** assignments: one row per rater × task, in the rater's own order, with the blinded answer order of preference tasks. */
import type { PresentedA, TaskKind } from '../shared/domain';
import type { StudyDb } from './connection';

/** An assignment with the kind of its sample. */
export interface AssignmentRow {
  id: string;
  task_id: number;
  position: number;
  presented_a: PresentedA | null;
  /** 0 or 1. */
  flagged: number;
  kind: TaskKind;
}

/** An assignment with the texts the rater sees; read only for the rater it belongs to. */
export interface AssignedTaskRow extends AssignmentRow {
  answer: string;
  question: string;
  context: string;
  reference: string;
}

export interface AssignmentStateRow {
  id: string;
  flagged: number;
  /** 1 when a response is saved. */
  done: number;
}

const ASSIGNMENT_COLUMNS = 'a.id, a.task_id, a.position, a.presented_a, a.flagged, s.task AS kind';
const WITH_SAMPLE = 'assignments a JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id';

/** Tasks of the sample that the rater has no assignment for, in id order. */
export function readUnassignedTaskIds(db: StudyDb, sampleId: number, raterId: number): number[] {
  return db
    .prepare(
      `SELECT t.id FROM tasks t
       WHERE t.sample_id = ? AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.task_id = t.id AND a.rater_id = ?)
       ORDER BY t.id`,
    )
    .pluck()
    .all(sampleId, raterId) as number[];
}

/** The rater's highest position, 0 when they have none. */
export function readLastPosition(db: StudyDb, raterId: number): number {
  return db.prepare('SELECT coalesce(max(position), 0) FROM assignments WHERE rater_id = ?').pluck().get(raterId) as number;
}

export interface NewAssignment {
  id: string;
  raterId: number;
  taskId: number;
  position: number;
  presentedA: PresentedA | null;
  flagged?: boolean;
  /** NULL for an ordinary task; quality-control designs name the task's role (e.g. a repeat). */
  qcRole?: string | null;
}

export function insertAssignment(db: StudyDb, row: NewAssignment): void {
  db.prepare('INSERT INTO assignments (id, rater_id, task_id, position, presented_a, flagged, qc_role) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    row.id,
    row.raterId,
    row.taskId,
    row.position,
    row.presentedA,
    row.flagged ? 1 : 0,
    row.qcRole ?? null,
  );
}

/** The rater's assignments of one kind in their order, with whether each is answered. */
export function readAssignmentStates(db: StudyDb, raterId: number, kind: TaskKind): AssignmentStateRow[] {
  return db
    .prepare(
      `SELECT a.id, a.flagged, (r.assignment_id IS NOT NULL) AS done
       FROM ${WITH_SAMPLE}
       LEFT JOIN responses r ON r.assignment_id = a.id
       WHERE a.rater_id = ? AND s.task = ?
       ORDER BY a.position`,
    )
    .all(raterId, kind) as AssignmentStateRow[];
}

/** All of a rater's assignments in their order. */
export function readRaterAssignments(db: StudyDb, raterId: number): AssignmentRow[] {
  return db.prepare(`SELECT ${ASSIGNMENT_COLUMNS} FROM ${WITH_SAMPLE} WHERE a.rater_id = ? ORDER BY a.position`).all(raterId) as AssignmentRow[];
}

/** The assignment with its texts, only if it belongs to the rater. */
export function readAssignedTask(db: StudyDb, assignmentId: string, raterId: number): AssignedTaskRow | undefined {
  return db
    .prepare(
      `SELECT ${ASSIGNMENT_COLUMNS}, o.text AS answer, i.question, i.context, i.reference
       FROM ${WITH_SAMPLE}
       JOIN outputs o ON o.id = t.output_id
       JOIN items i ON i.item_id = o.item_id
       WHERE a.id = ? AND a.rater_id = ?`,
    )
    .get(assignmentId, raterId) as AssignedTaskRow | undefined;
}

/** The id of the rater's assignment of the same kind just before or after `position`. */
export function readNeighbourAssignmentId(
  db: StudyDb,
  raterId: number,
  kind: TaskKind,
  position: number,
  direction: 'previous' | 'next',
): string | null {
  const [comparison, order] = direction === 'previous' ? ['<', 'DESC'] : ['>', 'ASC'];
  const id = db
    .prepare(
      `SELECT a.id FROM ${WITH_SAMPLE}
       WHERE a.rater_id = ? AND s.task = ? AND a.position ${comparison} ?
       ORDER BY a.position ${order} LIMIT 1`,
    )
    .pluck()
    .get(raterId, kind, position) as string | undefined;
  return id ?? null;
}

export function setAssignmentFlagged(db: StudyDb, assignmentId: string, flagged: boolean): void {
  db.prepare('UPDATE assignments SET flagged = ? WHERE id = ?').run(flagged ? 1 : 0, assignmentId);
}

export function setPresentedA(db: StudyDb, assignmentId: string, presentedA: PresentedA | null): void {
  db.prepare('UPDATE assignments SET presented_a = ? WHERE id = ?').run(presentedA, assignmentId);
}

/** How many raters have been dealt tasks of the sample. */
export function countRatersDealtSample(db: StudyDb, sampleId: number): number {
  return db
    .prepare('SELECT count(DISTINCT a.rater_id) FROM assignments a JOIN tasks t ON t.id = a.task_id WHERE t.sample_id = ?')
    .pluck()
    .get(sampleId) as number;
}
