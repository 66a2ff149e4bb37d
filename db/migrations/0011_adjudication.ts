import type { Migration } from './index';

/**
 * Adjudication rounds (issue 24, docs/adjudication.md). A round is one adjudication package for one
 * adjudicator, recorded like a rater package (passphrase, file salt, task digest, anchor, merge state)
 * but apart from `rater_packages` and `raters`: an adjudicator is no rater, so no rater statistic,
 * assignment or tidy row can count their values.
 * - adjudication_tasks: one disputed output (and task kind) of the round, under an opaque random id,
 *   at its drawn position; a preference's drawn A position.
 * - adjudication_disputes: each disputed dimension of a task (in the rubric's order), with the raters' values in the order the
 *   package shows them ("Rater 1", "Rater 2", … drawn per task from the plan secret), as JSON
 *   [{"raterId": 3, "value": 2}, …], so the master can tell which shown rater was whom.
 * - adjudicated_values: the adjudicator's final value once merged (a rating value, or a choice's
 *   outcome), the reason tag (shared/adjudication/reasons.ts) and the guideline-gap flag.
 */
export const adjudicationSchema: Migration = {
  version: 11,
  name: 'adjudication',
  sql: `
    CREATE TABLE adjudication_rounds (
      id              TEXT PRIMARY KEY,
      adjudicator     TEXT NOT NULL,
      shows_ratings   INTEGER NOT NULL CHECK (shows_ratings IN (0, 1)),
      -- The thresholds in scale steps the disputes were found with, JSON {"likert": 2, "ordinal": 1}.
      thresholds_json TEXT NOT NULL,
      passphrase      TEXT NOT NULL,
      file_salt       TEXT NOT NULL UNIQUE,
      task_digest     TEXT NOT NULL,
      task_count      INTEGER NOT NULL,
      issued_at       TEXT NOT NULL,
      anchor_hash     TEXT NOT NULL,
      returned_at     TEXT,
      merged_head     TEXT,
      merged_entries  INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE adjudication_tasks (
      id          TEXT PRIMARY KEY,
      round_id    TEXT NOT NULL REFERENCES adjudication_rounds (id),
      position    INTEGER NOT NULL,
      output_id   INTEGER NOT NULL REFERENCES outputs (id),
      task_kind   TEXT NOT NULL,
      presented_a TEXT CHECK (presented_a IN ('model', 'reference')),
      UNIQUE (round_id, position),
      UNIQUE (round_id, output_id, task_kind)
    );

    CREATE TABLE adjudication_disputes (
      task_id      TEXT NOT NULL REFERENCES adjudication_tasks (id),
      dimension    TEXT NOT NULL,
      position     INTEGER NOT NULL,
      shown_values TEXT NOT NULL,
      PRIMARY KEY (task_id, dimension),
      UNIQUE (task_id, position)
    ) WITHOUT ROWID;

    CREATE TABLE adjudicated_values (
      task_id        TEXT NOT NULL,
      dimension      TEXT NOT NULL,
      value          INTEGER,
      outcome        TEXT CHECK (outcome IN ('model', 'reference', 'tie')),
      reason         TEXT CHECK (reason IN ('misread_answer', 'rubric_ambiguity', 'clinical_disagreement', 'error')),
      guideline_gap  INTEGER NOT NULL DEFAULT 0 CHECK (guideline_gap IN (0, 1)),
      adjudicated_at TEXT NOT NULL,
      CHECK ((value IS NULL) <> (outcome IS NULL)),
      PRIMARY KEY (task_id, dimension),
      FOREIGN KEY (task_id, dimension) REFERENCES adjudication_disputes (task_id, dimension)
    ) WITHOUT ROWID;
  `,
};
