/** The append-only audit log: every change to study data writes one row, in the same transaction. */
import type { StudyDb } from './connection';

export interface AuditEntry {
  at: string;
  /** Rater name, or "coordinator" / "cli" for study-level actions. */
  actor: string;
  /** e.g. "rating.create", "rating.update", "import", "sample.create", "rater.lock". */
  action: string;
  entity: string;
  entityId: string;
  oldValue?: unknown;
  newValue?: unknown;
}

/** An audit row as stored: values are JSON text (or null). Merging copies rows verbatim in this form. */
export type StoredAuditRow = {
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  old_value: string | null;
  new_value: string | null;
};

export function appendAudit(db: StudyDb, entry: AuditEntry): void {
  appendStoredAuditRow(db, {
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    old_value: entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
    new_value: entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
  });
}

export function appendStoredAuditRow(db: StudyDb, row: StoredAuditRow): void {
  db.prepare(
    `INSERT INTO audit_log (at, actor, action, entity, entity_id, old_value, new_value)
     VALUES (@at, @actor, @action, @entity, @entity_id, @old_value, @new_value)`,
  ).run(row);
}

/** One actor's rows in log order. */
export function readAuditRowsOf(db: StudyDb, actor: string): StoredAuditRow[] {
  return db
    .prepare('SELECT at, actor, action, entity, entity_id, old_value, new_value FROM audit_log WHERE actor = ? ORDER BY id')
    .all(actor) as StoredAuditRow[];
}

/** The whole log in order, streamed, with row ids. */
export function iterateAuditRows(db: StudyDb): Iterable<StoredAuditRow & { id: number }> {
  return db
    .prepare('SELECT id, at, actor, action, entity, entity_id, old_value, new_value FROM audit_log ORDER BY id')
    .iterate() as Iterable<StoredAuditRow & { id: number }>;
}
