/**
 * Reading across answered assignments (a saved response, its assignment, rater and task): the tidy
 * ratings table, the scores of rated outputs and answer counts per sample all start from ANSWERED.
 */
import type { PairPresentedA, PreferenceKey, PreferenceOutcome, PresentedA } from '../shared/domain';
import type { QcRole } from '../shared/qc/roles';
import type { StudyDb } from './connection';
import { groupScoresByOutput, type ScoresByOutput, type ScoreTuple } from './scores';

/** The one definition of "answered assignments", used as `WITH answered AS (...)`. */
const ANSWERED = `
  SELECT resp.assignment_id, a.rater_id, rater.name AS rater, t.sample_id, t.output_id, t.bin,
         a.presented_a, a.qc_role, a.flagged, resp.comment, resp.duration_ms, resp.submitted_at, resp.package_id
  FROM responses resp
  JOIN assignments a ON a.id = resp.assignment_id
  JOIN raters rater ON rater.id = a.rater_id
  JOIN tasks t ON t.id = a.task_id`;

interface AnsweredRow {
  rater: string;
  item_id: string;
  model: string;
  output_id: number;
  dimension: string;
  bin: number;
  presented_a: PresentedA | null;
  duration_ms: number;
  submitted_at: string;
  /** The rater package the answer was merged from; null for answers from before packages. */
  package_id: string | null;
  /** Quality-control role of the assignment (assignments.qc_role); null for the study's own tasks. */
  qc_role: QcRole | null;
  /** The rater's comment on the task ('' when none) and whether they flagged it (1) for the coordinator. */
  comment: string;
  flagged: 0 | 1;
}

/** One rating value or preference outcome with where it came from. */
export type AnsweredValueRow =
  (AnsweredRow & { task: 'rating'; value: number }) | (AnsweredRow & { task: 'preference'; value: PreferenceOutcome });

/**
 * Every rating value and preference outcome, ordered by rater, model, item, then ratings in rubric order
 * before the preference (stored under `preferenceDimension`), so exports read like the rating screen.
 */
export function readAnsweredValues(db: StudyDb, preferenceDimension: string): AnsweredValueRow[] {
  return db
    .prepare(
      `WITH answered AS (${ANSWERED}),
       located AS (SELECT x.*, o.item_id, o.model FROM answered x JOIN outputs o ON o.id = x.output_id)
       SELECT * FROM (
         SELECT x.*, 'rating' AS task, r.dimension, r.value, coalesce(d.position, 1e9) AS dimension_order
         FROM ratings r JOIN located x ON x.assignment_id = r.assignment_id
         LEFT JOIN rubric_dimensions d
           ON d.key = r.dimension AND d.rubric_id = (SELECT id FROM rubrics WHERE is_active = 1)
         UNION ALL
         SELECT x.*, 'preference', @preferenceDimension, p.outcome, 2e9
         FROM preferences p JOIN located x ON x.assignment_id = p.assignment_id
       )
       ORDER BY rater, model, item_id, task DESC, dimension_order, dimension`,
    )
    .all({ preferenceDimension }) as AnsweredValueRow[];
}

/** A merged pairwise choice (overall or on one aspect) with its task's two models and which one was shown at A. */
export interface AnsweredPairwiseRow {
  rater: string;
  /** The overall choice's `overallDimension`, or the aspect's rubric dimension key. */
  dimension: string;
  item_id: string;
  bin: number;
  first_model: string;
  second_model: string;
  /** The pair's outputs in the master's order (the task's output_id, then output_b_id). */
  first_output_id: number;
  second_output_id: number;
  presented_a: PairPresentedA;
  choice: PreferenceKey;
  both_unacceptable: 0 | 1;
  duration_ms: number;
  submitted_at: string;
  package_id: string | null;
  comment: string;
  flagged: 0 | 1;
}

/**
 * Every merged pairwise choice, by rater, item, then the pair's models; each judgement's overall choice (under
 * `overallDimension`) first, then its aspect choices in the rubric's order, each carrying the judgement's mark.
 */
export function readAnsweredPairwise(db: StudyDb, overallDimension: string): AnsweredPairwiseRow[] {
  return db
    .prepare(
      `WITH answered AS (${ANSWERED}),
       choices AS (
         SELECT assignment_id, @overallDimension AS dimension, choice, -1 AS dimension_order FROM pairwise_choices
         UNION ALL
         SELECT c.assignment_id, c.dimension, c.choice, coalesce(asp.position, 1e9)
         FROM pairwise_aspect_choices c
         LEFT JOIN rubric_pairwise_aspects asp
           ON asp.dimension_key = c.dimension AND asp.rubric_id = (SELECT id FROM rubrics WHERE is_active = 1)
       )
       SELECT x.rater, c.dimension, o.item_id, x.bin, o.model AS first_model, ob.model AS second_model,
              t.output_id AS first_output_id, t.output_b_id AS second_output_id, x.presented_a,
              c.choice, p.both_unacceptable, x.duration_ms, x.submitted_at, x.package_id, x.comment, x.flagged
       FROM choices c JOIN pairwise_choices p ON p.assignment_id = c.assignment_id
       JOIN answered x ON x.assignment_id = c.assignment_id
       JOIN assignments a ON a.id = x.assignment_id JOIN tasks t ON t.id = a.task_id
       JOIN outputs o ON o.id = t.output_id JOIN outputs ob ON ob.id = t.output_b_id
       ORDER BY x.rater, o.item_id, o.model, ob.model, c.dimension_order, c.dimension`,
    )
    .all({ overallDimension }) as AnsweredPairwiseRow[];
}

/** The automatic scores of every output that has at least one answer. */
export function readScoresOfAnsweredOutputs(db: StudyDb): ScoresByOutput {
  const rows = db
    .prepare(
      `WITH answered AS (${ANSWERED})
       SELECT s.output_id, s.metric, s.value FROM output_scores s
       WHERE s.output_id IN (SELECT output_id FROM answered)`,
    )
    .raw()
    .iterate() as Iterable<ScoreTuple>;
  return groupScoresByOutput(rows);
}

/** Sample id → number of saved responses, over all raters. */
export function countAnswersBySample(db: StudyDb): Map<number, number> {
  const rows = db
    .prepare(`WITH answered AS (${ANSWERED}) SELECT sample_id, count(*) FROM answered GROUP BY sample_id`)
    .raw()
    .all() as [sampleId: number, answers: number][];
  return new Map(rows);
}
