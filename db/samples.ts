/** Stored samples with their parameters, as the sampler wrote them. */
import type { SampleParameters, TaskKind } from '../shared/domain';
import type { StudyDb } from './connection';

export interface StoredSample extends SampleParameters {
  id: number;
  models: string[];
  /** Number of drawn outputs (task rows). */
  tasks: number;
  createdAt: string;
}

interface SampleRow {
  id: number;
  task: TaskKind;
  bins: number;
  per_bin: number;
  metrics_json: string;
  seed: number;
  disjoint: number;
  models_json: string;
  created_at: string;
  pairs_per_item: number | null;
  tasks: number;
}

export function readSamples(db: StudyDb): StoredSample[] {
  const rows = db
    .prepare(
      `SELECT s.id, s.task, s.bins, s.per_bin, s.metrics_json, s.seed, s.disjoint, s.models_json, s.created_at, s.pairs_per_item,
              (SELECT count(*) FROM tasks t WHERE t.sample_id = s.id) AS tasks
       FROM samples s ORDER BY s.id`,
    )
    .all() as SampleRow[];
  return rows.map((s) => ({
    id: s.id,
    task: s.task,
    bins: s.bins,
    perBin: s.per_bin,
    metrics: JSON.parse(s.metrics_json) as string[],
    seed: s.seed,
    disjoint: s.disjoint === 1,
    models: JSON.parse(s.models_json) as string[],
    tasks: s.tasks,
    createdAt: s.created_at,
    ...(s.pairs_per_item !== null && { pairsPerItem: s.pairs_per_item }),
  }));
}

export interface NewSample extends SampleParameters {
  models: string[];
  createdAt: string;
}

export interface DrawnTask {
  outputId: number;
  /** A pairwise task's second output (the other model's answer to the item); absent for other kinds. */
  outputBId?: number;
  bin: number;
  avgScore: number;
}

/** Stores a sample and its tasks; returns the sample id. Call inside a transaction. */
export function insertSampleWithTasks(db: StudyDb, sample: NewSample, tasks: readonly DrawnTask[]): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO samples (task, bins, per_bin, metrics_json, seed, disjoint, models_json, created_at, pairs_per_item)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        sample.task,
        sample.bins,
        sample.perBin,
        JSON.stringify(sample.metrics),
        sample.seed,
        sample.disjoint ? 1 : 0,
        JSON.stringify(sample.models),
        sample.createdAt,
        sample.pairsPerItem ?? null,
      ).lastInsertRowid,
  );
  const insertTask = db.prepare(
    'INSERT INTO tasks (sample_id, output_id, output_b_id, bin, avg_score) VALUES (?, ?, ?, ?, ?)',
  );
  for (const task of tasks) insertTask.run(id, task.outputId, task.outputBId ?? null, task.bin, task.avgScore);
  return id;
}

/** Drops a sample no rater has been dealt, with its tasks. Call inside a transaction. */
export function deleteSampleWithTasks(db: StudyDb, sampleId: number): void {
  db.prepare('DELETE FROM tasks WHERE sample_id = ?').run(sampleId);
  db.prepare('DELETE FROM samples WHERE id = ?').run(sampleId);
}

/** Outputs drawn by samples of any other task kind (both outputs of a pairwise task). */
export function readOutputIdsOfOtherTask(db: StudyDb, task: TaskKind): number[] {
  return db
    .prepare(
      `SELECT t.output_id FROM tasks t JOIN samples s ON s.id = t.sample_id WHERE s.task <> @task
       UNION SELECT t.output_b_id FROM tasks t JOIN samples s ON s.id = t.sample_id
       WHERE s.task <> @task AND t.output_b_id IS NOT NULL`,
    )
    .pluck()
    .all({ task }) as number[];
}

/** Items of which samples of any other task kind drew an output. */
export function readItemIdsOfOtherTask(db: StudyDb, task: TaskKind): string[] {
  return db
    .prepare(
      `SELECT DISTINCT o.item_id FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
       WHERE s.task <> ?`,
    )
    .pluck()
    .all(task) as string[];
}

/** A drawn output with its sample's parameters, as the sample export lists them (a type, so it is a plain record). */
export type SampledOutputRow = {
  task: TaskKind;
  sample_id: number;
  item_id: string;
  model: string;
  avg_score: number;
  bin: number;
  seed: number;
};

export function iterateSampledOutputs(db: StudyDb): Iterable<SampledOutputRow> {
  return db
    .prepare(
      `SELECT DISTINCT s.task, s.id AS sample_id, o.item_id, o.model, t.avg_score, t.bin, s.seed
       FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id IN (t.output_id, t.output_b_id)
       ORDER BY s.id, o.model, t.bin, t.avg_score, o.item_id`,
    )
    .iterate() as Iterable<SampledOutputRow>;
}
