import type { Migration } from './index';

/**
 * Clinical rubrics (issue 24):
 * - rubric_dimensions is rebuilt: its kind CHECK gains ordinal and nominal, and a dimension has a role
 *   (`rated`, or `confidence`: the rater's own confidence, kept out of model results);
 * - rubric_conditions: "when dimension D is given one of these values, require a comment or dimension R"
 *   (shared/rubric.ts), in the rubric's order.
 */
export const rubricKindsSchema: Migration = {
  version: 8,
  name: 'ordinal and nominal dimensions, conditions, confidence',
  rebuildsTables: true,
  sql: `
    CREATE TABLE rubric_dimensions_rebuilt (
      rubric_id   TEXT NOT NULL REFERENCES rubrics (id),
      position    INTEGER NOT NULL,
      key         TEXT NOT NULL,
      label       TEXT NOT NULL,
      description TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('likert', 'binary', 'ordinal', 'nominal')),
      role        TEXT NOT NULL DEFAULT 'rated' CHECK (role IN ('rated', 'confidence')),
      PRIMARY KEY (rubric_id, key),
      UNIQUE (rubric_id, position)
    );
    INSERT INTO rubric_dimensions_rebuilt (rubric_id, position, key, label, description, kind)
      SELECT rubric_id, position, key, label, description, kind FROM rubric_dimensions;
    DROP TABLE rubric_dimensions;
    ALTER TABLE rubric_dimensions_rebuilt RENAME TO rubric_dimensions;

    CREATE TABLE rubric_conditions (
      rubric_id          TEXT NOT NULL REFERENCES rubrics (id),
      position           INTEGER NOT NULL,
      when_dimension     TEXT NOT NULL,
      -- The values that make it hold, as JSON: [0] or [2, 3].
      when_values        TEXT NOT NULL,
      require_what       TEXT NOT NULL CHECK (require_what IN ('comment', 'dimension')),
      require_dimension  TEXT,
      CHECK ((require_what = 'dimension') = (require_dimension IS NOT NULL)),
      PRIMARY KEY (rubric_id, position),
      FOREIGN KEY (rubric_id, when_dimension) REFERENCES rubric_dimensions (rubric_id, key),
      FOREIGN KEY (rubric_id, require_dimension) REFERENCES rubric_dimensions (rubric_id, key)
    );
  `,
};
