/** Stored samples with their parameters, as the sampler wrote them. */
import type { SampleParameters } from '../shared/domain';
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
  task: SampleParameters['task'];
  bins: number;
  per_bin: number;
  metrics_json: string;
  seed: number;
  disjoint: number;
  models_json: string;
  created_at: string;
  tasks: number;
}

export function readSamples(db: StudyDb): StoredSample[] {
  const rows = db
    .prepare(
      `SELECT s.id, s.task, s.bins, s.per_bin, s.metrics_json, s.seed, s.disjoint, s.models_json, s.created_at,
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
  }));
}
