import { sealLegacyAuditRows } from '../audit';
import type { Migration } from './index';

/**
 * Rater packages and the hash-chained audit log.
 * - audit_log gains the app version and each entry's chain hash (filled for existing rows by
 *   `sealLegacyAuditRows` right after this migration; the append-only triggers are re-created).
 * - assignment_plan: the seed and overlap `assign` used (one plan per study).
 * - assignments.qc_role: NULL for an ordinary task; quality-control designs (repeats, reference
 *   controls, calibration) name the task's role here without a new table.
 * - rater_packages: every issued package, with the passphrase and the digest of its task list, so a
 *   merge needs only the master's passphrase and can tell a package from a forgery.
 * - responses.package_id: which package each merged answer came from.
 */
export const packagesSchema: Migration = {
  version: 2,
  name: 'rater packages and audit chain',
  sql: `
    ALTER TABLE audit_log ADD COLUMN app_version TEXT NOT NULL DEFAULT '';
    ALTER TABLE audit_log ADD COLUMN hash TEXT;

    CREATE TABLE assignment_plan (
      id         INTEGER PRIMARY KEY CHECK (id = 1),
      overlap    INTEGER NOT NULL,
      seed       INTEGER NOT NULL,
      created_at TEXT NOT NULL
    );

    ALTER TABLE assignments ADD COLUMN qc_role TEXT;

    CREATE TABLE rater_packages (
      id            TEXT PRIMARY KEY,
      rater_id      INTEGER NOT NULL REFERENCES raters (id),
      passphrase    TEXT NOT NULL,
      -- SQLCipher's per-file salt (the file's first 16 bytes, in the clear): finds the package before it is opened.
      file_salt     TEXT NOT NULL UNIQUE,
      task_digest   TEXT NOT NULL,
      task_count    INTEGER NOT NULL,
      issued_at     TEXT NOT NULL,
      -- Set by the last merge of this package: when, and the audit chain head it had then.
      returned_at   TEXT,
      merged_head   TEXT,
      merged_entries INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX rater_packages_by_rater ON rater_packages (rater_id, issued_at);

    ALTER TABLE responses ADD COLUMN package_id TEXT REFERENCES rater_packages (id);
  `,
  after: sealLegacyAuditRows,
};
