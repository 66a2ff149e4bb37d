/**
 * What the sealed protocol is read from (samples' outputs, every rater's assignments) and the seal and
 * deviation entries it is recorded as: those live in the hash-chained audit log, so no other table
 * holds them and nothing can change them unseen.
 */
import type { TaskKind } from '../shared/domain';
import type { StudyDb } from './connection';

export interface SampleOutputRow {
  outputId: number;
  itemId: string;
  model: string;
  bin: number;
}

/** A sample's drawn outputs in model, item order. */
export function readSampleOutputs(db: StudyDb, sampleId: number): SampleOutputRow[] {
  return db
    .prepare(
      `SELECT o.id AS outputId, o.item_id AS itemId, o.model, t.bin
       FROM tasks t JOIN outputs o ON o.id = t.output_id WHERE t.sample_id = ?
       ORDER BY o.model, o.item_id, o.id`,
    )
    .all(sampleId) as SampleOutputRow[];
}

export interface RaterAssignmentRow {
  raterId: number;
  kind: TaskKind;
  outputId: number;
  qcRole: string | null;
}

/** Every assignment by rater id, kind and output (not the order a rater sees them in: that follows the secret). */
export function readRaterAssignments(db: StudyDb): RaterAssignmentRow[] {
  return db
    .prepare(
      `SELECT a.rater_id AS raterId, s.task AS kind, t.output_id AS outputId, a.qc_role AS qcRole
       FROM assignments a JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
       ORDER BY a.rater_id, s.task, t.output_id, a.qc_role`,
    )
    .all() as RaterAssignmentRow[];
}

/** Rater ids in the order they were added: the order of the codes R01, R02, … */
export function readRaterIdsInOrder(db: StudyDb): { id: number; name: string }[] {
  return db.prepare('SELECT id, name FROM raters ORDER BY id').all() as { id: number; name: string }[];
}

export const PROTOCOL_SEAL_ACTION = 'protocol.seal';
export const PROTOCOL_DEVIATION_ACTION = 'protocol.deviation';

/** The seal and deviation entries' stored values (JSON text), oldest first. */
export function readProtocolEntries(db: StudyDb): { action: string; at: string; newValue: string }[] {
  return db
    .prepare(
      `SELECT action, at, new_value AS newValue FROM audit_log
       WHERE action IN (?, ?) AND entity = 'protocol' ORDER BY id`,
    )
    .all(PROTOCOL_SEAL_ACTION, PROTOCOL_DEVIATION_ACTION) as { action: string; at: string; newValue: string }[];
}
