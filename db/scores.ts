/** Automatic scores are stored one row per (output, metric); most readers want them per output. */
import type { StudyDb } from './connection';

/** [output_id, metric, value], as better-sqlite3 returns rows in raw mode (far fewer objects on 500k rows). */
export type ScoreTuple = [outputId: number, metric: string, value: number];

export type ScoresByOutput = Map<number, Record<string, number>>;

/** Groups raw rows of a query selecting output_id, metric, value (in that order) by output. */
export function groupScoresByOutput(rows: Iterable<ScoreTuple>): ScoresByOutput {
  const byOutput: ScoresByOutput = new Map();
  for (const [outputId, metric, value] of rows) {
    const scores = byOutput.get(outputId) ?? {};
    scores[metric] = value;
    byOutput.set(outputId, scores);
  }
  return byOutput;
}

/** Every metric any output has, unsorted. */
export function readMetricNames(db: StudyDb): string[] {
  return db.prepare('SELECT DISTINCT metric FROM output_scores').pluck().all() as string[];
}

export function readAllScores(db: StudyDb): ScoresByOutput {
  return groupScoresByOutput(
    db.prepare('SELECT output_id, metric, value FROM output_scores').raw().iterate() as Iterable<ScoreTuple>,
  );
}

/** A statement that stores one score; prepared once for bulk writes. */
export function prepareScoreInsert(db: StudyDb): (outputId: number | bigint, metric: string, value: number) => void {
  const insert = db.prepare('INSERT INTO output_scores (output_id, metric, value) VALUES (?, ?, ?)');
  return (outputId, metric, value) => {
    insert.run(outputId, metric, value);
  };
}
