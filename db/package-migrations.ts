import type { Migration } from './migrations/index';

/**
 * The schema of a rater package: one rater's tasks and nothing that could unblind them. A task is
 * an opaque id (the master's assignment UUID), its place in the rater's order and the texts to show;
 * a preference task holds its two answers already in their drawn positions, so the package does not
 * know which one is the model's. No model, score, bin, item id, sample or other rater is stored.
 */
const packageSchema: Migration = {
  version: 1,
  name: 'rater package',
  sql: `
    -- study_id, study_name, package_id, rater_name, rubric (JSON), issued_at, locked_at.
    CREATE TABLE package_meta (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    CREATE TABLE tasks (
      id       TEXT PRIMARY KEY,
      kind     TEXT NOT NULL CHECK (kind IN ('rating', 'preference')),
      position INTEGER NOT NULL UNIQUE,
      question TEXT NOT NULL,
      context  TEXT NOT NULL,
      -- Rating: the answer. Preference: the answer shown as A.
      answer_a TEXT NOT NULL,
      -- Preference: the answer shown as B; NULL for ratings.
      answer_b TEXT,
      flagged  INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1))
    );

    CREATE TABLE responses (
      task_id      TEXT PRIMARY KEY REFERENCES tasks (id),
      comment      TEXT NOT NULL DEFAULT '',
      duration_ms  INTEGER NOT NULL,
      submitted_at TEXT NOT NULL,
      updated_at   TEXT NOT NULL
    );

    CREATE TABLE ratings (
      task_id   TEXT NOT NULL REFERENCES responses (task_id),
      dimension TEXT NOT NULL,
      value     INTEGER NOT NULL,
      PRIMARY KEY (task_id, dimension)
    ) WITHOUT ROWID;

    CREATE TABLE preferences (
      task_id TEXT PRIMARY KEY REFERENCES responses (task_id),
      choice  TEXT NOT NULL CHECK (choice IN ('A', 'B', 'T'))
    );

    CREATE TABLE audit_log (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      at          TEXT NOT NULL,
      actor       TEXT NOT NULL,
      action      TEXT NOT NULL,
      entity      TEXT NOT NULL,
      entity_id   TEXT NOT NULL,
      old_value   TEXT,
      new_value   TEXT,
      app_version TEXT NOT NULL,
      hash        TEXT NOT NULL
    );
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  `,
};

/**
 * A calibration task carries what the rater is shown after saving it (expected ratings and a one-line
 * rationale, JSON); NULL for every other task, so nothing tells a repeat or a reference control apart.
 */
const calibrationFeedback: Migration = {
  version: 2,
  name: 'calibration feedback',
  sql: 'ALTER TABLE tasks ADD COLUMN feedback TEXT;',
};

/**
 * Pairwise tasks: tasks.kind also allows `pairwise` (its two answers in their drawn positions, as a
 * preference's), and a choice may carry the rater's "both unacceptable" mark (NULL for preferences).
 * A package of an earlier version is migrated when its app opens it; an app that knows only version 2
 * refuses a package of this one (db/connection.ts).
 */
const pairwiseTasks: Migration = {
  version: 3,
  name: 'pairwise tasks',
  rebuildsTables: true,
  sql: `
    CREATE TABLE tasks_rebuilt (
      id       TEXT PRIMARY KEY,
      kind     TEXT NOT NULL CHECK (kind IN ('rating', 'preference', 'pairwise')),
      position INTEGER NOT NULL UNIQUE,
      question TEXT NOT NULL,
      context  TEXT NOT NULL,
      answer_a TEXT NOT NULL,
      answer_b TEXT,
      flagged  INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
      feedback TEXT
    );
    INSERT INTO tasks_rebuilt (id, kind, position, question, context, answer_a, answer_b, flagged, feedback)
      SELECT id, kind, position, question, context, answer_a, answer_b, flagged, feedback FROM tasks;
    DROP TABLE tasks;
    ALTER TABLE tasks_rebuilt RENAME TO tasks;
    ALTER TABLE preferences ADD COLUMN both_unacceptable INTEGER CHECK (both_unacceptable IN (0, 1));
  `,
};

/**
 * An adjudication package is a package whose `package_meta.package_kind` is `adjudication`; its tasks are
 * the disputed outputs, blinded like rating tasks, and the adjudicator's final values are its ordinary
 * ratings and preferences. These tables say, per task, which dimensions are disputed (only those are
 * rated), with the raters' values as the package shows them (JSON [{"label": "Rater 1", "value": 3}, …],
 * or [] when the round hides them), and hold the adjudicator's reason tag and guideline-gap flag.
 * Version 4: version 3 is the pairwise branch's (it widens tasks.kind); a migration skips a missing number.
 */
const adjudicationTables: Migration = {
  version: 4,
  name: 'adjudication',
  sql: `
    CREATE TABLE adjudication_disputes (
      task_id      TEXT NOT NULL REFERENCES tasks (id),
      dimension    TEXT NOT NULL,
      position     INTEGER NOT NULL,
      shown_values TEXT NOT NULL,
      PRIMARY KEY (task_id, dimension),
      UNIQUE (task_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE adjudication_marks (
      task_id       TEXT NOT NULL,
      dimension     TEXT NOT NULL,
      reason        TEXT CHECK (reason IN ('misread_answer', 'rubric_ambiguity', 'clinical_disagreement', 'error')),
      guideline_gap INTEGER NOT NULL DEFAULT 0 CHECK (guideline_gap IN (0, 1)),
      PRIMARY KEY (task_id, dimension),
      FOREIGN KEY (task_id, dimension) REFERENCES adjudication_disputes (task_id, dimension)
    ) WITHOUT ROWID;
  `,
};

/**
 * Pairwise aspects: a pairwise task's choice on each dimension the rubric asks pairwise (its `pairwise.aspects`),
 * beside the overall choice in `preferences`. An app that knows only version 4 refuses a package of this one.
 */
const pairwiseAspectChoices: Migration = {
  version: 5,
  name: 'pairwise aspects',
  sql: `
    CREATE TABLE pairwise_aspect_choices (
      task_id   TEXT NOT NULL REFERENCES preferences (task_id),
      dimension TEXT NOT NULL,
      choice    TEXT NOT NULL CHECK (choice IN ('A', 'B', 'T')),
      PRIMARY KEY (task_id, dimension)
    ) WITHOUT ROWID;
  `,
};

/**
 * Pairwise adjudication: an adjudication package's pairwise task asks only its disputed rows, so its stored
 * answer may hold aspect choices without an overall choice (choice NULL); a rater's package and every
 * preference still need one (the session and the merge refuse a rater's answer without). The rebuild keeps
 * every row; an app that knows only version 5 refuses a package of this one.
 */
const choiceOptionalInAdjudication: Migration = {
  version: 6,
  name: 'pairwise adjudication',
  rebuildsTables: true,
  sql: `
    CREATE TABLE preferences_rebuilt (
      task_id           TEXT PRIMARY KEY REFERENCES responses (task_id),
      choice            TEXT CHECK (choice IN ('A', 'B', 'T')),
      both_unacceptable INTEGER CHECK (both_unacceptable IN (0, 1))
    );
    INSERT INTO preferences_rebuilt (task_id, choice, both_unacceptable)
      SELECT task_id, choice, both_unacceptable FROM preferences;
    DROP TABLE preferences;
    ALTER TABLE preferences_rebuilt RENAME TO preferences;
  `,
};

/** Every migration of a rater package, in order. Append only. */
export const PACKAGE_MIGRATIONS: readonly Migration[] = [
  packageSchema,
  calibrationFeedback,
  pairwiseTasks,
  adjudicationTables,
  pairwiseAspectChoices,
  choiceOptionalInAdjudication,
];
