/** outputs and their items, read for sampling, scoring and export (imports write them: see imports.ts). */
import type { StudyDb } from './connection';

/** Model names, unsorted. */
export function readModelNames(db: StudyDb): string[] {
  return db.prepare('SELECT DISTINCT model FROM outputs').pluck().all() as string[];
}

/** [model, output id, item_id, metric, value]: one row per score of an output, or one with nulls when it has none. */
export type OutputScoreRow = [
  model: string,
  outputId: number,
  itemId: string,
  metric: string | null,
  value: number | null,
];

/**
 * The given models' outputs with all their scores, never texts, in output id order (an output's rows are
 * adjacent). One scan in id order (the unary + keeps SQLite off the model index): outputs and scores of all
 * models share pages, so a pass per model would read and decrypt every page once per model; each output's
 * scores are the adjacent range of the (output_id, metric) key.
 */
export function iterateScoresOfModels(db: StudyDb, models: readonly string[]): Iterable<OutputScoreRow> {
  return db
    .prepare(
      `SELECT o.model, o.id, o.item_id, s.metric, s.value FROM outputs o LEFT JOIN output_scores s ON s.output_id = o.id
       WHERE +o.model IN (SELECT value FROM json_each(?))`,
    )
    .raw()
    .iterate(JSON.stringify(models)) as Iterable<OutputScoreRow>;
}

/** Items with a non-empty reference answer: read once per item, as the reference sits behind the long context in the row. */
export function readItemIdsWithReference(db: StudyDb): string[] {
  return db.prepare(`SELECT item_id FROM items WHERE reference <> ''`).pluck().all() as string[];
}

export interface OutputMissingScoresRow {
  id: number;
  text: string;
  reference: string;
  /** The metrics of `metrics` the output already has. */
  present: string[];
}

/** Outputs lacking at least one of the metrics, with their text and reference, in id order. */
export function readOutputsMissingScores(db: StudyDb, metrics: readonly string[]): OutputMissingScoresRow[] {
  const rows = db
    .prepare(
      `SELECT o.id, o.text, i.reference,
              (SELECT json_group_array(s.metric) FROM output_scores s
               WHERE s.output_id = o.id AND s.metric IN (SELECT value FROM json_each(@metrics))) AS present
       FROM outputs o JOIN items i ON i.item_id = o.item_id
       WHERE (SELECT count(*) FROM output_scores s WHERE s.output_id = o.id AND s.metric IN (SELECT value FROM json_each(@metrics))) < @count
       ORDER BY o.id`,
    )
    .all({ metrics: JSON.stringify(metrics), count: metrics.length }) as Array<
    Omit<OutputMissingScoresRow, 'present'> & { present: string }
  >;
  return rows.map((row) => ({ ...row, present: JSON.parse(row.present) as string[] }));
}

/** An output with its item's fields, named as in the import format. */
export interface OutputWithItemRow {
  id: number;
  item_id: string;
  model: string;
  output: string;
  question: string;
  context: string;
  reference: string;
  category: string;
  source_id: string;
}

/** Every output with its item, by model and item, streamed. */
export function iterateOutputsWithItems(db: StudyDb): Iterable<OutputWithItemRow> {
  return db
    .prepare(
      `SELECT o.id, o.item_id, o.model, o.text AS output, i.question, i.context, i.reference, i.category, i.source_id
       FROM outputs o JOIN items i ON i.item_id = o.item_id ORDER BY o.model, o.item_id`,
    )
    .iterate() as Iterable<OutputWithItemRow>;
}
