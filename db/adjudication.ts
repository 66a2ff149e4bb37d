/** Adjudication rounds in the master (db/migrations/0011_adjudication.ts) and what a round reads of the study. */
import type { PairOutcome, PreferenceKey, PreferenceOutcome, ShownAtA, TaskKind } from '../shared/domain';
import type { AdjudicationReason } from '../shared/adjudication/reasons';
import type { StudyDb } from './connection';

/**
 * One primary answer (no quality-control role) as adjudication compares them: a rating value, a
 * preference's outcome, or a pairwise choice (the overall one or an aspect's) with its blinded letter and
 * the side shown at A.
 */
export interface JudgementRow {
  task: TaskKind;
  outputId: number;
  /** A pairwise task's second output; null for the other kinds. */
  outputBId: number | null;
  raterId: number;
  /** A rating's or a pairwise aspect's dimension; null for a kind's own choice (a preference, a pairwise overall choice). */
  dimension: string | null;
  /** A rating's value; null for a choice. */
  value: number | null;
  /** A preference's outcome; null otherwise. */
  outcome: PreferenceOutcome | null;
  /** A pairwise choice's letter and which output was shown at A; null otherwise. */
  letter: PreferenceKey | null;
  presentedA: ShownAtA | null;
}

/**
 * Every primary answer: repeats, reference controls and calibration tasks are checks on the rater, not
 * judgements of the output, and stay out of adjudication. Ordered by output, then rater.
 */
export function readPrimaryJudgements(db: StudyDb): JudgementRow[] {
  return db
    .prepare(
      `WITH primary_answers AS (
         SELECT a.id, a.rater_id, s.task, t.output_id, t.output_b_id, a.presented_a FROM assignments a
         JOIN responses resp ON resp.assignment_id = a.id
         JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
         WHERE a.qc_role IS NULL)
       SELECT x.task, x.output_id AS outputId, x.output_b_id AS outputBId, x.rater_id AS raterId, r.dimension,
              r.value, NULL AS outcome, NULL AS letter, NULL AS presentedA
         FROM ratings r JOIN primary_answers x ON x.id = r.assignment_id
       UNION ALL
       SELECT x.task, x.output_id, x.output_b_id, x.rater_id, NULL, NULL, p.outcome, NULL, NULL
         FROM preferences p JOIN primary_answers x ON x.id = p.assignment_id
       UNION ALL
       SELECT x.task, x.output_id, x.output_b_id, x.rater_id, NULL, NULL, NULL, c.choice, x.presented_a
         FROM pairwise_choices c JOIN primary_answers x ON x.id = c.assignment_id
       UNION ALL
       SELECT x.task, x.output_id, x.output_b_id, x.rater_id, c.dimension, NULL, NULL, c.choice, x.presented_a
         FROM pairwise_aspect_choices c JOIN primary_answers x ON x.id = c.assignment_id
       ORDER BY outputId, outputBId, raterId`,
    )
    .all() as JudgementRow[];
}

/** The texts of one output as a task shows them. */
export interface OutputTexts {
  outputId: number;
  question: string;
  context: string;
  answer: string;
  reference: string;
}

export function readOutputTexts(db: StudyDb, outputIds: readonly number[]): Map<number, OutputTexts> {
  const read = db.prepare(
    `SELECT o.id AS outputId, i.question, i.context, o.text AS answer, i.reference
     FROM outputs o JOIN items i ON i.item_id = o.item_id WHERE o.id = ?`,
  );
  return new Map(outputIds.map((id) => [id, read.get(id) as OutputTexts]));
}

export interface NewAdjudicationRound {
  id: string;
  adjudicator: string;
  showsRatings: boolean;
  thresholdsJson: string;
  passphrase: string;
  fileSalt: string;
  taskDigest: string;
  taskCount: number;
  issuedAt: string;
  anchorHash: string;
}

export function insertAdjudicationRound(db: StudyDb, round: NewAdjudicationRound): void {
  db.prepare(
    `INSERT INTO adjudication_rounds (id, adjudicator, shows_ratings, thresholds_json, passphrase, file_salt,
       task_digest, task_count, issued_at, anchor_hash)
     VALUES (@id, @adjudicator, @showsRatings, @thresholdsJson, @passphrase, @fileSalt, @taskDigest, @taskCount,
       @issuedAt, @anchorHash)`,
  ).run({ ...round, showsRatings: round.showsRatings ? 1 : 0 });
}

export interface NewAdjudicationTask {
  id: string;
  roundId: string;
  position: number;
  outputId: number;
  outputBId: number | null;
  taskKind: TaskKind;
  presentedA: ShownAtA | null;
}

export function insertAdjudicationTask(db: StudyDb, task: NewAdjudicationTask): void {
  db.prepare(
    `INSERT INTO adjudication_tasks (id, round_id, position, output_id, output_b_id, task_kind, presented_a)
     VALUES (@id, @roundId, @position, @outputId, @outputBId, @taskKind, @presentedA)`,
  ).run(task);
}

/** The raters' values in the order the package shows them (Rater 1 first). */
export interface ShownRaterValue {
  raterId: number;
  value: number | string;
}

export function insertAdjudicationDispute(
  db: StudyDb,
  taskId: string,
  dimension: string,
  position: number,
  shown: readonly ShownRaterValue[],
): void {
  db.prepare('INSERT INTO adjudication_disputes (task_id, dimension, position, shown_values) VALUES (?, ?, ?, ?)').run(
    taskId,
    dimension,
    position,
    JSON.stringify(shown),
  );
}

/** A round as the master records it: as issued, and when its package came back (null until merged). */
export interface AdjudicationRound extends NewAdjudicationRound {
  returnedAt: string | null;
}

const SELECT_ROUNDS = `SELECT id, adjudicator, shows_ratings AS showsRatings, thresholds_json AS thresholdsJson,
  passphrase, file_salt AS fileSalt, task_digest AS taskDigest, task_count AS taskCount, issued_at AS issuedAt,
  anchor_hash AS anchorHash, returned_at AS returnedAt FROM adjudication_rounds`;

type RoundRow = Omit<AdjudicationRound, 'showsRatings'> & { showsRatings: number };
const toRound = (row: RoundRow): AdjudicationRound => ({ ...row, showsRatings: row.showsRatings === 1 });

/** Every round, oldest first. */
export function listAdjudicationRounds(db: StudyDb): AdjudicationRound[] {
  return (db.prepare(`${SELECT_ROUNDS} ORDER BY issued_at, id`).all() as RoundRow[]).map(toRound);
}

export function findAdjudicationRoundBySalt(db: StudyDb, fileSalt: string): AdjudicationRound | null {
  const row = db.prepare(`${SELECT_ROUNDS} WHERE file_salt = ?`).get(fileSalt) as RoundRow | undefined;
  return row ? toRound(row) : null;
}

export interface AdjudicationDisputeRow {
  roundId: string;
  taskId: string;
  outputId: number;
  outputBId: number | null;
  taskKind: TaskKind;
  presentedA: ShownAtA | null;
  dimension: string;
  shown: ShownRaterValue[];
}

/** Every dispute a round sent, in the package's task order. */
export function readRoundDisputes(db: StudyDb, roundId: string): AdjudicationDisputeRow[] {
  const rows = db
    .prepare(
      `SELECT t.round_id AS roundId, t.id AS taskId, t.output_id AS outputId, t.output_b_id AS outputBId,
              t.task_kind AS taskKind, t.presented_a AS presentedA, d.dimension, d.shown_values AS shown
       FROM adjudication_disputes d JOIN adjudication_tasks t ON t.id = d.task_id
       WHERE t.round_id = ? ORDER BY t.position, d.position`,
    )
    .all(roundId) as (Omit<AdjudicationDisputeRow, 'shown'> & { shown: string })[];
  return rows.map((r) => ({ ...r, shown: JSON.parse(r.shown) as ShownRaterValue[] }));
}

export interface AdjudicatedValue {
  taskId: string;
  dimension: string;
  value: number | null;
  /** A preference's final outcome, or a pairwise choice's (of the pair in the master's order). */
  outcome: PreferenceOutcome | PairOutcome | null;
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
  adjudicatedAt: string;
}

export function writeAdjudicatedValue(db: StudyDb, v: AdjudicatedValue): void {
  db.prepare(
    `INSERT INTO adjudicated_values (task_id, dimension, value, outcome, reason, guideline_gap, adjudicated_at)
     VALUES (@taskId, @dimension, @value, @outcome, @reason, @guidelineGap, @adjudicatedAt)
     ON CONFLICT (task_id, dimension) DO UPDATE SET value = excluded.value, outcome = excluded.outcome,
       reason = excluded.reason, guideline_gap = excluded.guideline_gap, adjudicated_at = excluded.adjudicated_at`,
  ).run({ ...v, guidelineGap: v.guidelineGap ? 1 : 0 });
}

export function markAdjudicationRoundReturned(
  db: StudyDb,
  id: string,
  at: string,
  head: string,
  entries: number,
): void {
  db.prepare('UPDATE adjudication_rounds SET returned_at = ?, merged_head = ?, merged_entries = ? WHERE id = ?').run(
    at,
    head,
    entries,
    id,
  );
}

/** A merged final value with the output and dimension it settles: what exports and the report read. */
export interface SettledDispute {
  roundId: string;
  outputId: number;
  outputBId: number | null;
  taskKind: TaskKind;
  dimension: string;
  value: number | null;
  /** A preference's final outcome, or a pairwise choice's (of the pair in the master's order). */
  outcome: PreferenceOutcome | PairOutcome | null;
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
  adjudicatedAt: string;
}

/** Every merged final value, oldest round first (a later round's value for the same unit wins). */
export function readSettledDisputes(db: StudyDb): SettledDispute[] {
  const rows = db
    .prepare(
      `SELECT t.round_id AS roundId, t.output_id AS outputId, t.output_b_id AS outputBId, t.task_kind AS taskKind,
              v.dimension, v.value,
              v.outcome, v.reason, v.guideline_gap AS guidelineGap, v.adjudicated_at AS adjudicatedAt
       FROM adjudicated_values v JOIN adjudication_tasks t ON t.id = v.task_id
       JOIN adjudication_rounds r ON r.id = t.round_id
       ORDER BY r.issued_at, r.id, t.position, v.dimension`,
    )
    .all() as (Omit<SettledDispute, 'guidelineGap'> & { guidelineGap: number })[];
  return rows.map((r) => ({ ...r, guidelineGap: r.guidelineGap === 1 }));
}

/** Per round: the file name its issue was audited with, the disputes it sent and those merged back settled. */
export interface RoundTally {
  roundId: string;
  fileName: string | null;
  disputes: number;
  settled: number;
}

export function readRoundTallies(db: StudyDb): Map<string, RoundTally> {
  const rows = db
    .prepare(
      `SELECT r.id AS roundId,
         (SELECT json_extract(a.new_value, '$.file') FROM audit_log a
           WHERE a.action = 'adjudication.issue' AND a.entity = 'adjudication' AND a.entity_id = r.id) AS fileName,
         (SELECT count(*) FROM adjudication_disputes d JOIN adjudication_tasks t ON t.id = d.task_id
           WHERE t.round_id = r.id) AS disputes,
         (SELECT count(*) FROM adjudicated_values v JOIN adjudication_tasks t ON t.id = v.task_id
           WHERE t.round_id = r.id) AS settled
       FROM adjudication_rounds r`,
    )
    .all() as RoundTally[];
  return new Map(rows.map((r) => [r.roundId, r]));
}
