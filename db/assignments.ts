/** assignments: one row per rater × task, in the rater's own order, with the blinded answer order of preference tasks. */
import type { PairPresentedA, PresentedA, TaskKind } from '../shared/domain';
import type { QcRole } from '../shared/qc/roles';
import type { StudyDb } from './connection';

export interface AssignmentStateRow {
  id: string;
  flagged: number;
  /** 1 when a response is saved. */
  done: number;
}

const WITH_SAMPLE = 'assignments a JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id';

export interface NewAssignment {
  id: string;
  raterId: number;
  taskId: number;
  position: number;
  presentedA: PresentedA | PairPresentedA | null;
  flagged?: boolean;
  /** NULL for an ordinary task; quality-control designs name the task's role (e.g. a repeat). */
  qcRole?: QcRole | null;
  /** A repeat: the assignment of its first showing. */
  firstShowing?: string | null;
  /** A calibration task: its entry (calibration_entries.id). */
  calibrationEntry?: number | null;
}

export function insertAssignment(db: StudyDb, row: NewAssignment): void {
  db.prepare(
    'INSERT INTO assignments (id, rater_id, task_id, position, presented_a, flagged, qc_role, first_showing, calibration_entry) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    row.id,
    row.raterId,
    row.taskId,
    row.position,
    row.presentedA,
    row.flagged ? 1 : 0,
    row.qcRole ?? null,
    row.firstShowing ?? null,
    row.calibrationEntry ?? null,
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

export function setAssignmentFlag(db: StudyDb, assignmentId: string, flagged: boolean): void {
  db.prepare('UPDATE assignments SET flagged = ? WHERE id = ?').run(flagged ? 1 : 0, assignmentId);
}

/** How many raters have been dealt tasks of the sample. */
export function countRatersDealtSample(db: StudyDb, sampleId: number): number {
  return db
    .prepare(
      'SELECT count(DISTINCT a.rater_id) FROM assignments a JOIN tasks t ON t.id = a.task_id WHERE t.sample_id = ?',
    )
    .pluck()
    .get(sampleId) as number;
}
