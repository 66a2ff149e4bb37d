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

export function appendAudit(db: StudyDb, entry: AuditEntry): void {
  db.prepare(
    `INSERT INTO audit_log (at, actor, action, entity, entity_id, old_value, new_value)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.at,
    entry.actor,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
    entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
  );
}
