import type { Migration } from './index';

/**
 * The study schema. Items are stored once and shared by the models' outputs; everything a rater does
 * hangs off an assignment (rater × task) whose id is an opaque random UUID, so ids sent to the
 * renderer reveal neither model nor bin. The audit log is append-only, enforced by triggers.
 */
export const initialSchema: Migration = {
  version: 1,
  name: 'initial schema',
  sql: `
    CREATE TABLE study_meta (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    CREATE TABLE rubrics (
      id         TEXT PRIMARY KEY,
      name       TEXT NOT NULL,
      source     TEXT NOT NULL,
      allow_tie  INTEGER NOT NULL CHECK (allow_tie IN (0, 1)),
      is_active  INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1))
    );
    CREATE UNIQUE INDEX one_active_rubric ON rubrics (is_active) WHERE is_active = 1;

    CREATE TABLE rubric_dimensions (
      rubric_id   TEXT NOT NULL REFERENCES rubrics (id),
      position    INTEGER NOT NULL,
      key         TEXT NOT NULL,
      label       TEXT NOT NULL,
      description TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('likert', 'binary')),
      PRIMARY KEY (rubric_id, key),
      UNIQUE (rubric_id, position)
    );

    CREATE TABLE rubric_scale_points (
      rubric_id     TEXT NOT NULL,
      dimension_key TEXT NOT NULL,
      value         INTEGER NOT NULL,
      label         TEXT NOT NULL,
      anchor        TEXT NOT NULL,
      shortcut_key  TEXT NOT NULL,
      PRIMARY KEY (rubric_id, dimension_key, value),
      FOREIGN KEY (rubric_id, dimension_key) REFERENCES rubric_dimensions (rubric_id, key)
    );

    CREATE TABLE imports (
      id           INTEGER PRIMARY KEY,
      file_name    TEXT NOT NULL,
      sha256       TEXT NOT NULL UNIQUE,
      format       TEXT NOT NULL,
      record_count INTEGER NOT NULL,
      imported_at  TEXT NOT NULL
    );

    CREATE TABLE items (
      item_id     TEXT PRIMARY KEY,
      question    TEXT NOT NULL,
      context     TEXT NOT NULL,
      reference   TEXT NOT NULL,
      category    TEXT NOT NULL,
      import_id   INTEGER NOT NULL REFERENCES imports (id),
      source_line INTEGER NOT NULL
    );

    CREATE TABLE outputs (
      id          INTEGER PRIMARY KEY,
      item_id     TEXT NOT NULL REFERENCES items (item_id),
      model       TEXT NOT NULL,
      text        TEXT NOT NULL,
      import_id   INTEGER NOT NULL REFERENCES imports (id),
      source_line INTEGER NOT NULL,
      UNIQUE (item_id, model)
    );
    CREATE INDEX outputs_by_model ON outputs (model);

    CREATE TABLE output_scores (
      output_id INTEGER NOT NULL REFERENCES outputs (id),
      metric    TEXT NOT NULL,
      value     REAL NOT NULL,
      PRIMARY KEY (output_id, metric)
    ) WITHOUT ROWID;

    CREATE TABLE raters (
      id         INTEGER PRIMARY KEY,
      name       TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      locked_at  TEXT
    );

    CREATE TABLE samples (
      id           INTEGER PRIMARY KEY,
      task         TEXT NOT NULL CHECK (task IN ('rating', 'preference')),
      bins         INTEGER NOT NULL,
      per_bin      INTEGER NOT NULL,
      metrics_json TEXT NOT NULL,
      seed         INTEGER NOT NULL,
      disjoint     INTEGER NOT NULL CHECK (disjoint IN (0, 1)),
      -- The models the sample was drawn for (JSON array), part of its parameters.
      models_json  TEXT NOT NULL DEFAULT '[]',
      created_at   TEXT NOT NULL
    );

    -- One row per sampled output: the task a rater will see.
    CREATE TABLE tasks (
      id        INTEGER PRIMARY KEY,
      sample_id INTEGER NOT NULL REFERENCES samples (id),
      output_id INTEGER NOT NULL REFERENCES outputs (id),
      bin       INTEGER NOT NULL,
      avg_score REAL NOT NULL,
      UNIQUE (sample_id, output_id)
    );

    CREATE TABLE assignments (
      id          TEXT PRIMARY KEY,
      rater_id    INTEGER NOT NULL REFERENCES raters (id),
      task_id     INTEGER NOT NULL REFERENCES tasks (id),
      position    INTEGER NOT NULL,
      presented_a TEXT CHECK (presented_a IN ('model', 'reference')),
      flagged     INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
      UNIQUE (rater_id, task_id),
      UNIQUE (rater_id, position)
    );

    CREATE TABLE responses (
      assignment_id TEXT PRIMARY KEY REFERENCES assignments (id),
      comment       TEXT NOT NULL DEFAULT '',
      duration_ms   INTEGER NOT NULL,
      submitted_at  TEXT NOT NULL,
      updated_at    TEXT NOT NULL
    );

    CREATE TABLE ratings (
      assignment_id TEXT NOT NULL REFERENCES responses (assignment_id),
      dimension     TEXT NOT NULL,
      value         INTEGER NOT NULL,
      PRIMARY KEY (assignment_id, dimension)
    ) WITHOUT ROWID;

    CREATE TABLE preferences (
      assignment_id TEXT PRIMARY KEY REFERENCES responses (assignment_id),
      choice        TEXT NOT NULL CHECK (choice IN ('A', 'B', 'T')),
      outcome       TEXT NOT NULL CHECK (outcome IN ('model', 'reference', 'tie'))
    );

    CREATE TABLE audit_log (
      id        INTEGER PRIMARY KEY AUTOINCREMENT,
      at        TEXT NOT NULL,
      actor     TEXT NOT NULL,
      action    TEXT NOT NULL,
      entity    TEXT NOT NULL,
      entity_id TEXT NOT NULL,
      old_value TEXT,
      new_value TEXT
    );
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  `,
};
