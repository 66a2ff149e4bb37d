/** Issued rater packages as the master records them, and what `pack` reads to build one. */
import type { PairPresentedA, PresentedA, TaskKind } from '../shared/domain';
import type { StudyDb } from './connection';

export interface IssuedPackage {
  id: string;
  raterId: number;
  raterName: string;
  passphrase: string;
  fileSalt: string;
  taskDigest: string;
  taskCount: number;
  issuedAt: string;
  returnedAt: string | null;
  mergedHead: string | null;
  mergedEntries: number;
  /** The hash of the package's first audit entry, written by `pack`; null when issued before anchoring. */
  anchorHash: string | null;
  /** The lock receipt the coordinator gave a merge of this package; null until one is given. */
  lockReceipt: string | null;
}

interface IssuedPackageRow {
  id: string;
  rater_id: number;
  rater_name: string;
  passphrase: string;
  file_salt: string;
  task_digest: string;
  task_count: number;
  issued_at: string;
  returned_at: string | null;
  merged_head: string | null;
  merged_entries: number;
  anchor_hash: string | null;
  lock_receipt: string | null;
}

const SELECT_ISSUED = `
  SELECT p.id, p.rater_id, r.name AS rater_name, p.passphrase, p.file_salt, p.task_digest, p.task_count,
         p.issued_at, p.returned_at, p.merged_head, p.merged_entries, p.anchor_hash, p.lock_receipt
  FROM rater_packages p JOIN raters r ON r.id = p.rater_id`;

function toIssued(row: IssuedPackageRow): IssuedPackage {
  return {
    id: row.id,
    raterId: row.rater_id,
    raterName: row.rater_name,
    passphrase: row.passphrase,
    fileSalt: row.file_salt,
    taskDigest: row.task_digest,
    taskCount: row.task_count,
    issuedAt: row.issued_at,
    returnedAt: row.returned_at,
    mergedHead: row.merged_head,
    mergedEntries: row.merged_entries,
    anchorHash: row.anchor_hash,
    lockReceipt: row.lock_receipt,
  };
}

export function insertIssuedPackage(
  db: StudyDb,
  p: Omit<IssuedPackage, 'raterName' | 'returnedAt' | 'mergedHead' | 'mergedEntries' | 'lockReceipt'>,
): void {
  db.prepare(
    `INSERT INTO rater_packages (id, rater_id, passphrase, file_salt, task_digest, task_count, issued_at, anchor_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(p.id, p.raterId, p.passphrase, p.fileSalt, p.taskDigest, p.taskCount, p.issuedAt, p.anchorHash);
}

export function recordLockReceipt(db: StudyDb, id: string, receipt: string): void {
  db.prepare('UPDATE rater_packages SET lock_receipt = ? WHERE id = ?').run(receipt, id);
}

export function findIssuedPackageBySalt(db: StudyDb, fileSalt: string): IssuedPackage | null {
  const row = db.prepare(`${SELECT_ISSUED} WHERE p.file_salt = ?`).get(fileSalt) as IssuedPackageRow | undefined;
  return row ? toIssued(row) : null;
}

export function findIssuedPackageById(db: StudyDb, id: string): IssuedPackage | null {
  const row = db.prepare(`${SELECT_ISSUED} WHERE p.id = ?`).get(id) as IssuedPackageRow | undefined;
  return row ? toIssued(row) : null;
}

/** Who was given a package under this passphrase: a rater (of a rater package) or an adjudicator (of a round). */
export type PassphraseHolder = { role: 'rater'; raterId: number; name: string } | { role: 'adjudicator'; name: string };

/** Every holder of a package of the study issued under `passphrase`, raters first, each once. */
export function findPackagePassphraseHolders(db: StudyDb, passphrase: string): PassphraseHolder[] {
  return db
    .prepare(
      `SELECT DISTINCT 'rater' AS role, r.id AS raterId, r.name FROM rater_packages p
         JOIN raters r ON r.id = p.rater_id WHERE p.passphrase = @passphrase
       UNION ALL
       SELECT DISTINCT 'adjudicator', NULL, adjudicator FROM adjudication_rounds WHERE passphrase = @passphrase`,
    )
    .all({ passphrase })
    .map((row) => {
      const { role, raterId, name } = row as { role: PassphraseHolder['role']; raterId: number | null; name: string };
      return role === 'rater' ? { role, raterId: raterId!, name } : { role, name };
    });
}

/** Every issued package, oldest first. */
export function listIssuedPackages(db: StudyDb): IssuedPackage[] {
  return (db.prepare(`${SELECT_ISSUED} ORDER BY p.issued_at, p.rowid`).all() as IssuedPackageRow[]).map(toIssued);
}

export function countIssuedPackages(db: StudyDb): { issued: number; returned: number } {
  return db.prepare('SELECT count(*) AS issued, count(returned_at) AS returned FROM rater_packages').get() as {
    issued: number;
    returned: number;
  };
}

/** Answers in the master per package they were merged from. */
export function countAnswersPerPackage(db: StudyDb): Map<string, number> {
  return new Map(
    db
      .prepare('SELECT package_id, count(*) FROM responses WHERE package_id IS NOT NULL GROUP BY package_id')
      .raw()
      .all() as [string, number][],
  );
}

export function deleteIssuedPackages(db: StudyDb): void {
  db.prepare('DELETE FROM rater_packages').run();
}

export function markPackageReturned(db: StudyDb, id: string, at: string, head: string, entries: number): void {
  db.prepare('UPDATE rater_packages SET returned_at = ?, merged_head = ?, merged_entries = ? WHERE id = ?').run(
    at,
    head,
    entries,
    id,
  );
}

/** One of the rater's tasks with the texts a package shows; master-only columns stay here. */
export interface TaskToPack {
  id: string;
  kind: TaskKind;
  position: number;
  question: string;
  context: string;
  answer: string;
  /** A pairwise task's second answer (the other model's); null for the other kinds. */
  secondAnswer: string | null;
  reference: string;
  presentedA: PresentedA | PairPresentedA | null;
  /** A calibration task's expected ratings (JSON) and rationale; null otherwise. */
  calibrationExpected: string | null;
  calibrationRationale: string | null;
}

/** A reference control shows its item's reference as the answer; a repeat reads its task's texts again. */
export function readTasksToPack(db: StudyDb, raterId: number): TaskToPack[] {
  return db
    .prepare(
      `SELECT a.id, s.task AS kind, a.position, i.question, i.context,
              CASE WHEN a.qc_role = 'reference_control' THEN i.reference ELSE o.text END AS answer,
              ob.text AS secondAnswer, i.reference,
              a.presented_a AS presentedA, c.expected AS calibrationExpected, c.rationale AS calibrationRationale
       FROM assignments a
       JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
       JOIN outputs o ON o.id = t.output_id JOIN items i ON i.item_id = o.item_id
       LEFT JOIN outputs ob ON ob.id = t.output_b_id
       LEFT JOIN calibration_entries c ON c.id = a.calibration_entry
       WHERE a.rater_id = ? ORDER BY a.position`,
    )
    .all(raterId) as TaskToPack[];
}

/** What a merge needs of one of the master's assignments. */
export interface MasterAssignment {
  id: string;
  raterId: number;
  kind: TaskKind;
  presentedA: PresentedA | PairPresentedA | null;
  /** A pairwise task's models: of its first output and its second; null for the other kinds. */
  models: { first: string; second: string } | null;
  flagged: boolean;
  /** The package the current answer came from, and when it was last changed; null when unanswered. */
  answeredBy: string | null;
  answeredAt: string | null;
}

export function readMasterAssignments(db: StudyDb, raterId: number): Map<string, MasterAssignment> {
  const rows = db
    .prepare(
      `SELECT a.id, a.rater_id AS raterId, s.task AS kind, a.presented_a AS presentedA, a.flagged,
              resp.package_id AS answeredBy, resp.updated_at AS answeredAt, o.model AS first, ob.model AS second
       FROM assignments a JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
       JOIN outputs o ON o.id = t.output_id LEFT JOIN outputs ob ON ob.id = t.output_b_id
       LEFT JOIN responses resp ON resp.assignment_id = a.id
       WHERE a.rater_id = ?`,
    )
    .all(raterId) as (Omit<MasterAssignment, 'flagged' | 'models'> & {
    flagged: number;
    first: string;
    second: string | null;
  })[];
  return new Map(
    rows.map(({ first, second, ...r }) => [
      r.id,
      { ...r, flagged: r.flagged === 1, models: second === null ? null : { first, second } },
    ]),
  );
}

/** The file name each package was written under, as its `package.issue` audit row records it. */
export function readIssuedFileNames(db: StudyDb): Map<string, string> {
  const rows = db
    .prepare(
      `SELECT entity_id AS id, json_extract(new_value, '$.file') AS file FROM audit_log
       WHERE action = 'package.issue' AND entity = 'package'`,
    )
    .all() as { id: string; file: string | null }[];
  return new Map(rows.filter((r) => r.file !== null).map((r) => [r.id, r.file!]));
}
