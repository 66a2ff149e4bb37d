/** outputs and their items, read for sampling, scoring and export (imports write them: see imports.ts). */
import type { StudyDb } from './connection';

/** Model names, unsorted. */
export function readModelNames(db: StudyDb): string[] {
  return db.prepare('SELECT DISTINCT model FROM outputs').pluck().all() as string[];
}

/** [model, output id, item_id, 1 if the item has a reference, then each asked metric's value in order, null when absent]. */
export type OutputScoresRow = [model: string, outputId: number, itemId: string, hasReference: number, ...values: Array<number | null>];

/**
 * The given models' outputs with the given metrics' values, streamed one row per output holding no texts.
 * One scan in id order (the unary + keeps SQLite off the model index): outputs and scores of all models
 * share pages, so a pass per model would read and decrypt every page once per model.
 */
export function iterateOutputScores(db: StudyDb, models: readonly string[], metrics: readonly string[]): Iterable<OutputScoresRow> {
  const valueColumns = metrics.map(() => '(SELECT value FROM output_scores WHERE output_id = o.id AND metric = ?)').join(', ');
  return db
    .prepare(
      `SELECT o.model, o.id, o.item_id, (SELECT reference <> '' FROM items WHERE item_id = o.item_id), ${valueColumns}
       FROM outputs o WHERE +o.model IN (SELECT value FROM json_each(?))`,
    )
    .raw()
    .iterate(...metrics, JSON.stringify(models)) as Iterable<OutputScoresRow>;
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
    .all({ metrics: JSON.stringify(metrics), count: metrics.length }) as Array<Omit<OutputMissingScoresRow, 'present'> & { present: string }>;
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
}

/** Every output with its item, by model and item, streamed. */
export function iterateOutputsWithItems(db: StudyDb): Iterable<OutputWithItemRow> {
  return db
    .prepare(
      `SELECT o.id, o.item_id, o.model, o.text AS output, i.question, i.context, i.reference, i.category
       FROM outputs o JOIN items i ON i.item_id = o.item_id ORDER BY o.model, o.item_id`,
    )
    .iterate() as Iterable<OutputWithItemRow>;
}
