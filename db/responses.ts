/**
 * What raters answered, in a master: responses (comment, time spent, the package it came from; one per
 * answered assignment), ratings (one value per rubric dimension), preferences (the letter chosen and
 * what it meant once unblinded) and pairwise choices (the letter, the "both unacceptable" mark and the letter on each aspect). Answers arrive only by merging rater packages.
 */
import type { PreferenceKey } from '../shared/domain';
import type { StudyDb } from './connection';

export interface MergedAnswer {
  assignmentId: string;
  packageId: string;
  comment: string;
  durationMs: number;
  submittedAt: string;
  updatedAt: string;
  /** Rating tasks: dimension → value. */
  values: Record<string, number> | null;
  /** Preference tasks: the blinded choice and what it means. */
  choice: 'A' | 'B' | 'T' | null;
  outcome: 'model' | 'reference' | 'tie' | null;
  /** Pairwise tasks: the blinded choice, the "both unacceptable" mark and the blinded choice on each aspect. */
  pairwise: { choice: PreferenceKey; bothUnacceptable: boolean; aspects: Record<string, PreferenceKey> } | null;
}

/** Replaces the assignment's answer with a package's (one response row, its ratings or preference). */
export function writeMergedAnswer(db: StudyDb, a: MergedAnswer): void {
  db.prepare('DELETE FROM ratings WHERE assignment_id = ?').run(a.assignmentId);
  db.prepare('DELETE FROM preferences WHERE assignment_id = ?').run(a.assignmentId);
  db.prepare('DELETE FROM pairwise_aspect_choices WHERE assignment_id = ?').run(a.assignmentId);
  db.prepare('DELETE FROM pairwise_choices WHERE assignment_id = ?').run(a.assignmentId);
  db.prepare(
    `INSERT INTO responses (assignment_id, comment, duration_ms, submitted_at, updated_at, package_id) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (assignment_id) DO UPDATE SET comment = excluded.comment, duration_ms = excluded.duration_ms,
       submitted_at = excluded.submitted_at, updated_at = excluded.updated_at, package_id = excluded.package_id`,
  ).run(a.assignmentId, a.comment, a.durationMs, a.submittedAt, a.updatedAt, a.packageId);
  if (a.values) {
    const insert = db.prepare('INSERT INTO ratings (assignment_id, dimension, value) VALUES (?, ?, ?)');
    for (const [dimension, value] of Object.entries(a.values)) insert.run(a.assignmentId, dimension, value);
  }
  if (a.choice && a.outcome) {
    db.prepare('INSERT INTO preferences (assignment_id, choice, outcome) VALUES (?, ?, ?)').run(
      a.assignmentId,
      a.choice,
      a.outcome,
    );
  }
  if (a.pairwise) {
    db.prepare('INSERT INTO pairwise_choices (assignment_id, choice, both_unacceptable) VALUES (?, ?, ?)').run(
      a.assignmentId,
      a.pairwise.choice,
      a.pairwise.bothUnacceptable ? 1 : 0,
    );
    const insertAspect = db.prepare(
      'INSERT INTO pairwise_aspect_choices (assignment_id, dimension, choice) VALUES (?, ?, ?)',
    );
    for (const [dimension, choice] of Object.entries(a.pairwise.aspects))
      insertAspect.run(a.assignmentId, dimension, choice);
  }
}
