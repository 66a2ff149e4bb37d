import type { Migration } from './index';

/**
 * Pairwise splits go to adjudication (issue 24, docs/adjudication.md). A pairwise task is about two outputs,
 * so an adjudication task may be too:
 * - adjudication_tasks is rebuilt: `output_b_id` holds a pairwise task's second output (the master's
 *   `tasks.output_b_id`; NULL for the other kinds), uniqueness is over the pair, and `presented_a` may say
 *   which of the two is shown at A (`first` = output_id, `second` = output_b_id), as assignments do;
 * - adjudicated_values is rebuilt: a pairwise final choice is `first`, `second` or `tie` (of the pair in
 *   the master's order), beside a preference's `model`, `reference` or `tie`.
 * Rounds issued before keep their rows unchanged.
 */
export const pairwiseAdjudicationSchema: Migration = {
  version: 13,
  name: 'pairwise adjudication',
  rebuildsTables: true,
  sql: `
    CREATE TABLE adjudication_tasks_rebuilt (
      id          TEXT PRIMARY KEY,
      round_id    TEXT NOT NULL REFERENCES adjudication_rounds (id),
      position    INTEGER NOT NULL,
      output_id   INTEGER NOT NULL REFERENCES outputs (id),
      output_b_id INTEGER REFERENCES outputs (id) CHECK (output_b_id IS NULL OR output_b_id <> output_id),
      task_kind   TEXT NOT NULL,
      presented_a TEXT CHECK (presented_a IN ('model', 'reference', 'first', 'second')),
      UNIQUE (round_id, position)
    );
    INSERT INTO adjudication_tasks_rebuilt (id, round_id, position, output_id, task_kind, presented_a)
      SELECT id, round_id, position, output_id, task_kind, presented_a FROM adjudication_tasks;
    DROP TABLE adjudication_tasks;
    ALTER TABLE adjudication_tasks_rebuilt RENAME TO adjudication_tasks;
    CREATE UNIQUE INDEX one_adjudication_task_per_output_or_pair
      ON adjudication_tasks (round_id, task_kind, output_id, coalesce(output_b_id, 0));

    CREATE TABLE adjudicated_values_rebuilt (
      task_id        TEXT NOT NULL,
      dimension      TEXT NOT NULL,
      value          INTEGER,
      outcome        TEXT CHECK (outcome IN ('model', 'reference', 'first', 'second', 'tie')),
      reason         TEXT CHECK (reason IN ('misread_answer', 'rubric_ambiguity', 'clinical_disagreement', 'error')),
      guideline_gap  INTEGER NOT NULL DEFAULT 0 CHECK (guideline_gap IN (0, 1)),
      adjudicated_at TEXT NOT NULL,
      CHECK ((value IS NULL) <> (outcome IS NULL)),
      PRIMARY KEY (task_id, dimension),
      FOREIGN KEY (task_id, dimension) REFERENCES adjudication_disputes (task_id, dimension)
    ) WITHOUT ROWID;
    INSERT INTO adjudicated_values_rebuilt SELECT task_id, dimension, value, outcome, reason, guideline_gap, adjudicated_at
      FROM adjudicated_values;
    DROP TABLE adjudicated_values;
    ALTER TABLE adjudicated_values_rebuilt RENAME TO adjudicated_values;
  `,
};
