/** Automatic scores are stored one row per (output, metric); most readers want them per output. */

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
