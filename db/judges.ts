/** judges and judge_ratings: an LLM judge's ratings on the rubric, kept apart from the physicians'. */
import type { StudyDb } from './connection';

export interface JudgeRow {
  id: number;
  name: string;
  imported_at: string;
  file_name: string;
  file_sha256: string;
}

/** One judge value with the output it rates, as the judge comparison reads it. */
export interface JudgeValueRow {
  judge: string;
  item_id: string;
  model: string;
  dimension: string;
  value: number;
}

export function listJudges(db: StudyDb): JudgeRow[] {
  return db
    .prepare('SELECT id, name, imported_at, file_name, file_sha256 FROM judges ORDER BY name, id')
    .all() as JudgeRow[];
}

export function findJudgeByName(db: StudyDb, name: string): JudgeRow | undefined {
  return db
    .prepare('SELECT id, name, imported_at, file_name, file_sha256 FROM judges WHERE name = ? COLLATE NOCASE')
    .get(name) as JudgeRow | undefined;
}

/** Returns the new judge's id. */
export function insertJudge(db: StudyDb, row: Omit<JudgeRow, 'id'>): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO judges (name, imported_at, file_name, file_sha256) VALUES (?, ?, ?, ?)')
    .run(row.name, row.imported_at, row.file_name, row.file_sha256);
  return Number(lastInsertRowid);
}

export function insertJudgeRatings(
  db: StudyDb,
  judgeId: number,
  ratings: ReadonlyArray<{ outputId: number; dimension: string; value: number }>,
): void {
  const insert = db.prepare('INSERT INTO judge_ratings (judge_id, output_id, dimension, value) VALUES (?, ?, ?, ?)');
  for (const r of ratings) insert.run(judgeId, r.outputId, r.dimension, r.value);
}

/** Output ids by item and model, for matching a judge's rows to the study's outputs. */
export function readOutputIds(db: StudyDb): Map<string, number> {
  const rows = db.prepare('SELECT id, item_id, model FROM outputs').all() as {
    id: number;
    item_id: string;
    model: string;
  }[];
  return new Map(rows.map((r) => [JSON.stringify([r.item_id, r.model]), r.id]));
}

/** Every judge value, by judge, item, model and dimension. */
export function readJudgeValues(db: StudyDb): JudgeValueRow[] {
  return db
    .prepare(
      `SELECT j.name AS judge, o.item_id, o.model, r.dimension, r.value
         FROM judge_ratings r JOIN judges j ON j.id = r.judge_id JOIN outputs o ON o.id = r.output_id
        ORDER BY j.name, o.item_id, o.model, r.dimension`,
    )
    .all() as JudgeValueRow[];
}
