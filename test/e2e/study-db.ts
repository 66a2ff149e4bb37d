/**
 * What the UI saved, read as the coordinator gets it: a copy of the rater's package (the app keeps the
 * open file locked) is closed as the app closes it, then merged into the master (merging again takes only
 * what changed), then the master is read. Merge refuses a copy still marked open, which could hold half a
 * save; the copy here is taken between saves, so closing it changes nothing but that mark.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openStudyDatabase, type StudyDb } from '../../db/connection';
import { mergePackages } from '../../electron/services/merge';
import type { TestStudy } from './launcher';

export function mergeIntoMaster(study: TestStudy): void {
  const sent = mkdtempSync(join(tmpdir(), 'blindrate-e2e-sent-'));
  const master = openStudyDatabase(study.masterPath, study.masterPassphrase);
  try {
    const copy = join(sent, basename(study.path));
    copyFileSync(study.path, copy);
    openStudyDatabase(copy, study.passphrase, { kind: 'package' }).close();
    mergePackages(master, [copy], () => new Date());
  } finally {
    master.close();
    rmSync(sent, { recursive: true, force: true });
  }
}

function withStudy<T>(study: TestStudy, read: (db: StudyDb) => T): T {
  mergeIntoMaster(study);
  const db = openStudyDatabase(study.masterPath, study.masterPassphrase, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A rater's saved ratings in their own task order: one object of dimension → value per rated task. */
export function savedRatings(study: TestStudy, rater: string): Record<string, number>[] {
  return withStudy(study, (db) => {
    const rows = db
      .prepare(
        `SELECT a.id, r.dimension, r.value FROM ratings r
         JOIN assignments a ON a.id = r.assignment_id JOIN raters ON raters.id = a.rater_id
         WHERE raters.name = ? ORDER BY a.position, r.dimension`,
      )
      .all(rater) as { id: string; dimension: string; value: number }[];
    const byAssignment = new Map<string, Record<string, number>>();
    for (const row of rows) byAssignment.set(row.id, { ...byAssignment.get(row.id), [row.dimension]: row.value });
    return [...byAssignment.values()];
  });
}

export interface SavedPreference {
  choice: string;
  outcome: string;
  presentedA: string;
  reference: string;
  modelOutput: string;
}

export function savedPreferences(study: TestStudy, rater: string): SavedPreference[] {
  return withStudy(
    study,
    (db) =>
      db
        .prepare(
          `SELECT p.choice, p.outcome, a.presented_a AS presentedA, i.reference, o.text AS modelOutput
           FROM preferences p JOIN assignments a ON a.id = p.assignment_id JOIN raters ON raters.id = a.rater_id
           JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id JOIN items i ON i.item_id = o.item_id
           WHERE raters.name = ? ORDER BY a.position`,
        )
        .all(rater) as SavedPreference[],
  );
}

export interface AuditRow {
  action: string;
  oldValue: unknown;
  newValue: unknown;
}

export function auditTrail(study: TestStudy, actor: string): AuditRow[] {
  return withStudy(study, (db) =>
    (
      db.prepare('SELECT action, old_value, new_value FROM audit_log WHERE actor = ? ORDER BY id').all(actor) as {
        action: string;
        old_value: string | null;
        new_value: string | null;
      }[]
    ).map((r) => ({
      action: r.action,
      oldValue: r.old_value === null ? null : JSON.parse(r.old_value),
      newValue: r.new_value === null ? null : JSON.parse(r.new_value),
    })),
  );
}

/** Everything a blinded payload must never carry: model names, item ids, automatic scores, bins. */
export interface BlindingSecrets {
  models: string[];
  itemIds: string[];
  /** Score and average-score values as JSON would write them. */
  scoreTexts: string[];
}

export function blindingSecrets(study: TestStudy): BlindingSecrets {
  return withStudy(study, (db) => {
    const column = (sql: string) => (db.prepare(sql).pluck().all() as (string | number)[]).map(String);
    const scores = [
      ...column('SELECT DISTINCT value FROM output_scores'),
      ...column('SELECT DISTINCT avg_score FROM tasks'),
    ];
    return {
      models: column('SELECT DISTINCT model FROM outputs'),
      itemIds: column('SELECT item_id FROM items'),
      // Short values such as "0.5" could occur in any text by chance; real metric values have many digits.
      scoreTexts: [...new Set(scores)].filter((s) => s.replace(/^0\./, '').length >= 4),
    };
  });
}
