import type { Migration } from './index';

/**
 * Pairwise tasks (issue 22): model against model on one item.
 * - samples is rebuilt: its task CHECK gains `pairwise`, and `pairs_per_item` records how many pairs of
 *   models each item of a pairwise sample got (NULL: every pair; always NULL for other kinds);
 * - tasks is rebuilt: a pairwise task holds two outputs of one item, `output_id` (the model listed first)
 *   and `output_b_id` (the second; NULL for the other kinds), so one output may be in several tasks of a
 *   sample and uniqueness is over the pair;
 * - assignments is rebuilt: `presented_a` may also say which of a pairwise task's outputs is shown at A
 *   (`first` = output_id, `second` = output_b_id);
 * - pairwise_choices: the rater's blinded choice (A, B or T) and the "both unacceptable" mark.
 */
export const pairwiseSchema: Migration = {
  version: 10,
  name: 'pairwise tasks',
  rebuildsTables: true,
  sql: `
    CREATE TABLE samples_rebuilt (
      id             INTEGER PRIMARY KEY,
      task           TEXT NOT NULL CHECK (task IN ('rating', 'preference', 'pairwise')),
      bins           INTEGER NOT NULL,
      per_bin        INTEGER NOT NULL,
      metrics_json   TEXT NOT NULL,
      seed           INTEGER NOT NULL,
      disjoint       INTEGER NOT NULL CHECK (disjoint IN (0, 1)),
      models_json    TEXT NOT NULL DEFAULT '[]',
      created_at     TEXT NOT NULL,
      pairs_per_item INTEGER CHECK (pairs_per_item IS NULL OR (task = 'pairwise' AND pairs_per_item >= 1))
    );
    INSERT INTO samples_rebuilt (id, task, bins, per_bin, metrics_json, seed, disjoint, models_json, created_at)
      SELECT id, task, bins, per_bin, metrics_json, seed, disjoint, models_json, created_at FROM samples;
    DROP TABLE samples;
    ALTER TABLE samples_rebuilt RENAME TO samples;

    CREATE TABLE tasks_rebuilt (
      id          INTEGER PRIMARY KEY,
      sample_id   INTEGER NOT NULL REFERENCES samples (id),
      output_id   INTEGER NOT NULL REFERENCES outputs (id),
      output_b_id INTEGER REFERENCES outputs (id) CHECK (output_b_id IS NULL OR output_b_id <> output_id),
      bin         INTEGER NOT NULL,
      avg_score   REAL NOT NULL
    );
    INSERT INTO tasks_rebuilt (id, sample_id, output_id, bin, avg_score)
      SELECT id, sample_id, output_id, bin, avg_score FROM tasks;
    DROP TABLE tasks;
    ALTER TABLE tasks_rebuilt RENAME TO tasks;
    CREATE UNIQUE INDEX one_task_per_output_or_pair ON tasks (sample_id, output_id, coalesce(output_b_id, 0));

    CREATE TABLE assignments_rebuilt (
      id                TEXT PRIMARY KEY,
      rater_id          INTEGER NOT NULL REFERENCES raters (id),
      task_id           INTEGER NOT NULL REFERENCES tasks (id),
      position          INTEGER NOT NULL,
      presented_a       TEXT CHECK (presented_a IN ('model', 'reference', 'first', 'second')),
      flagged           INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
      qc_role           TEXT CHECK (qc_role IN ('repeat', 'reference_control', 'calibration')),
      first_showing     TEXT REFERENCES assignments (id),
      calibration_entry INTEGER REFERENCES calibration_entries (id),
      CHECK ((qc_role = 'repeat') = (first_showing IS NOT NULL)),
      CHECK ((qc_role = 'calibration') = (calibration_entry IS NOT NULL)),
      UNIQUE (rater_id, position)
    );
    INSERT INTO assignments_rebuilt
      SELECT id, rater_id, task_id, position, presented_a, flagged, qc_role, first_showing, calibration_entry FROM assignments;
    DROP TABLE assignments;
    ALTER TABLE assignments_rebuilt RENAME TO assignments;
    CREATE UNIQUE INDEX one_ordinary_assignment_per_task ON assignments (rater_id, task_id) WHERE qc_role IS NULL;

    CREATE TABLE pairwise_choices (
      assignment_id     TEXT PRIMARY KEY REFERENCES responses (assignment_id),
      choice            TEXT NOT NULL CHECK (choice IN ('A', 'B', 'T')),
      both_unacceptable INTEGER NOT NULL CHECK (both_unacceptable IN (0, 1))
    );
  `,
};
