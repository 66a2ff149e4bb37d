import type { Migration } from './index';

/**
 * LLM judges and their ratings on the study's rubric (`import-ratings`). A judge is a rater of its own
 * kind, kept apart from the physicians' `raters`, so no physician statistic, assignment, package or
 * tidy export row can include a judge's value by accident: only the judge comparison reads these tables.
 */
export const judgesSchema: Migration = {
  version: 9,
  name: 'judges',
  sql: `
    CREATE TABLE judges (
      id          INTEGER PRIMARY KEY,
      name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
      imported_at TEXT NOT NULL,
      file_name   TEXT NOT NULL,
      file_sha256 TEXT NOT NULL
    );
    CREATE TABLE judge_ratings (
      judge_id  INTEGER NOT NULL REFERENCES judges (id),
      output_id INTEGER NOT NULL REFERENCES outputs (id),
      dimension TEXT NOT NULL,
      value     INTEGER NOT NULL,
      PRIMARY KEY (judge_id, output_id, dimension)
    ) WITHOUT ROWID;
  `,
};
