/**
 * The tidy ratings table in and out of its two homes: a study database (read with SQL) and a CSV file
 * (tokenised with csv-parse, judged cell by cell by shared/analysis).
 */
import { parse } from 'csv-parse/sync';
import { StudyError, type StudyDb } from '../../db/connection';
import { groupScoresByOutput, type ScoresByOutput, type ScoreTuple } from '../../db/scores';
import {
  PREFERENCE_DIMENSION,
  parseTidyRatings,
  type CsvRecord,
  type PreferenceValue,
  type TidyRatingRow,
} from '../../shared/analysis';

interface RatingRow {
  rater: string;
  item_id: string;
  model: string;
  output_id: number;
  dimension: string;
  value: number | string;
  bin: number;
  presented_a: 'model' | 'reference' | null;
  duration_ms: number;
  submitted_at: string;
  task: 'rating' | 'preference';
}

// Ratings are ordered by rubric position so exports read like the rating screen.
const TIDY_ROWS_SQL = `
  WITH answered AS (
    SELECT resp.assignment_id, rater.name AS rater, o.item_id, o.model, o.id AS output_id, t.bin,
           a.presented_a, resp.duration_ms, resp.submitted_at
    FROM responses resp
    JOIN assignments a ON a.id = resp.assignment_id
    JOIN raters rater ON rater.id = a.rater_id
    JOIN tasks t ON t.id = a.task_id
    JOIN outputs o ON o.id = t.output_id
  )
  SELECT * FROM (
    SELECT x.*, 'rating' AS task, r.dimension, r.value, coalesce(d.position, 1e9) AS dimension_order
    FROM ratings r JOIN answered x ON x.assignment_id = r.assignment_id
    LEFT JOIN rubric_dimensions d
      ON d.key = r.dimension AND d.rubric_id = (SELECT id FROM rubrics WHERE is_active = 1)
    UNION ALL
    SELECT x.*, 'preference', '${PREFERENCE_DIMENSION}', p.outcome, 2e9
    FROM preferences p JOIN answered x ON x.assignment_id = p.assignment_id
  )
  ORDER BY rater, model, item_id, task DESC, dimension_order, dimension`;

/** Every rating value and preference choice of the study as tidy rows, with each output's scores. */
export function readTidyRatingRows(db: StudyDb): TidyRatingRow[] {
  const rows = db.prepare(TIDY_ROWS_SQL).all() as RatingRow[];
  const scores = readScoresOfRatedOutputs(db);
  return rows.map((row) => {
    const base = {
      rater: row.rater,
      itemId: row.item_id,
      model: row.model,
      bin: row.bin,
      durationMs: row.duration_ms,
      ratedAt: row.submitted_at,
      scores: scores.get(row.output_id) ?? {},
    };
    if (row.task === 'rating') return { ...base, task: 'rating', dimension: row.dimension, value: Number(row.value) };
    return {
      ...base,
      task: 'preference',
      dimension: PREFERENCE_DIMENSION,
      value: row.value as PreferenceValue,
      // The tidy file records where the MODEL's answer was shown; the database stores what was in A.
      presentedPosition: row.presented_a === null ? null : row.presented_a === 'model' ? 'A' : 'B',
    };
  });
}

function readScoresOfRatedOutputs(db: StudyDb): ScoresByOutput {
  const rows = db
    .prepare(
      `SELECT s.output_id, s.metric, s.value FROM output_scores s
       WHERE s.output_id IN (SELECT t.output_id FROM tasks t JOIN assignments a ON a.task_id = t.id
                             JOIN responses r ON r.assignment_id = a.id)`,
    )
    .raw()
    .iterate() as Iterable<ScoreTuple>;
  return groupScoresByOutput(rows);
}

/** Parses a tidy ratings CSV text; any problem throws one StudyError naming the file, line and column. */
export function parseTidyRatingsCsv(text: string, fileName: string): { rows: TidyRatingRow[]; metrics: string[] } {
  const records = csvRecords(text, fileName);
  if (records.length === 0) throw new StudyError(`${fileName} is empty: expected a header line and ratings.`);
  const result = parseTidyRatings(fileName, records[0]!, records.slice(1));
  if (!result.ok) {
    const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more problem${result.errors.length > 2 ? 's' : ''})` : '';
    throw new StudyError(`${result.errors[0]}${more}`);
  }
  return { rows: result.rows, metrics: result.metrics };
}

function csvRecords(text: string, fileName: string): CsvRecord[] {
  let parsed: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    parsed = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof parsed;
  } catch (error) {
    throw new StudyError(`${fileName}: ${(error as Error).message}`);
  }
  // csv-parse reports the line a record ends on; it starts after the previous record and any blank lines.
  let previousEnd = 0;
  let previousEmpty = 0;
  return parsed.map(({ record, info }) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return { line, cells: record };
  });
}
