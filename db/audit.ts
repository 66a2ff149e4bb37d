/**
 * The append-only, hash-chained audit log (same table in masters and packages): every change to
 * study data writes one row in the same transaction, and each row's hash chains it to the one
 * before (shared/audit-chain). The chain shows an entry edited, inserted or dropped without the
 * later hashes recomputed. It cannot stop whoever holds the file's key from rewriting the table
 * and recomputing every hash: for a rater package only the anchor the master recorded at pack,
 * the chain head of the last merge and the lock receipt detect that (docs/packages.md, "What the
 * audit chain proves").
 */
import { createHash } from 'node:crypto';
import { chainHash, CHAIN_START, type AuditContent, type ChainedAuditEntry, type Sha256 } from '../shared/audit-chain';
import { APP_VERSION } from './app-version';
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

export const sha256: Sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of the last entry (the chain head), or the start hash of an empty log. */
export function readAuditHead(db: StudyDb): string {
  const row = db.prepare('SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1').get() as
    { hash: string | null } | undefined;
  return row?.hash ?? CHAIN_START;
}

export function appendAudit(db: StudyDb, entry: AuditEntry): void {
  const content: AuditContent = {
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    oldValue: entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
    newValue: entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
    appVersion: APP_VERSION,
  };
  appendAuditContent(db, content);
}

/** Appends an entry as stored elsewhere (a package's rows, copied into the master's chain by a merge). */
export function appendAuditContent(db: StudyDb, content: AuditContent): void {
  db.prepare(
    `INSERT INTO audit_log (at, actor, action, entity, entity_id, old_value, new_value, app_version, hash)
     VALUES (@at, @actor, @action, @entity, @entityId, @oldValue, @newValue, @appVersion, @hash)`,
  ).run({ ...content, hash: chainHash(readAuditHead(db), content, sha256) });
}

/** An audit row as the audit export writes it: values are JSON text (or null). */
export type StoredAuditRow = {
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  old_value: string | null;
  new_value: string | null;
};

/** A whole stored entry: the exported columns plus what its chain hash covers. */
interface AuditRow extends StoredAuditRow {
  app_version: string;
  hash: string | null;
}

/** Every column of an AuditRow, as SELECT lists them. */
const AUDIT_ROW_COLUMNS = 'at, actor, action, entity, entity_id, old_value, new_value, app_version, hash';

function toEntry(row: AuditRow): ChainedAuditEntry {
  return {
    at: row.at,
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    oldValue: row.old_value,
    newValue: row.new_value,
    appVersion: row.app_version,
    hash: row.hash ?? '',
  };
}

/** The whole log in order, streamed. */
export function* readAuditChain(db: StudyDb): Generator<ChainedAuditEntry> {
  const rows = db.prepare(`SELECT ${AUDIT_ROW_COLUMNS} FROM audit_log ORDER BY id`).iterate() as Iterable<AuditRow>;
  for (const row of rows) yield toEntry(row);
}

/**
 * Chains rows written before the log was hashed (studies from before schema 2). The append-only
 * trigger is lifted for this one UPDATE and restored in the same transaction.
 */
export function sealLegacyAuditRows(db: StudyDb): void {
  const rows = db.prepare(`SELECT id, ${AUDIT_ROW_COLUMNS} FROM audit_log ORDER BY id`).all() as (AuditRow & {
    id: number;
  })[];
  db.exec('DROP TRIGGER audit_log_no_update');
  const seal = db.prepare('UPDATE audit_log SET hash = ? WHERE id = ?');
  let previous = CHAIN_START;
  for (const row of rows) {
    previous = chainHash(previous, toEntry(row), sha256);
    seal.run(previous, row.id);
  }
  db.exec(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
             BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`);
}

/** The whole log in order, streamed, with row ids. */
export function iterateAuditRows(db: StudyDb): Iterable<StoredAuditRow & { id: number }> {
  return db
    .prepare('SELECT id, at, actor, action, entity, entity_id, old_value, new_value FROM audit_log ORDER BY id')
    .iterate() as Iterable<StoredAuditRow & { id: number }>;
}

/** The `package.merge` entries a master wrote for one package, oldest first, with their row ids. */
export function readPackageMergeEntries(db: StudyDb, packageId: string): Array<{ id: number; newValue: string }> {
  return db
    .prepare(
      `SELECT id, new_value AS newValue FROM audit_log
       WHERE action = 'package.merge' AND entity = 'package' AND entity_id = ? ORDER BY id`,
    )
    .all(packageId) as Array<{ id: number; newValue: string }>;
}

/** The `count` entries just before row `id`, oldest first: those a merge copied from a package before its own entry. */
export function readAuditEntriesBefore(db: StudyDb, id: number, count: number): AuditContent[] {
  const rows = db
    .prepare(`SELECT ${AUDIT_ROW_COLUMNS} FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?`)
    .all(id, count) as AuditRow[];
  return rows.reverse().map(toEntry);
}
