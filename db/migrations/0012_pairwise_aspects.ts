import type { Migration } from './index';

/**
 * Pairwise aspects (issue 22): a rubric may ask, on a pairwise task, one A, B or tie choice per listed
 * dimension besides the overall choice (shared/kinds/pairwise.ts).
 * - rubric_pairwise_aspects: the dimensions asked, in the order the rating screen asks them;
 * - pairwise_aspect_choices: the rater's blinded letter on each aspect of a merged pairwise choice.
 */
export const pairwiseAspectsSchema: Migration = {
  version: 12,
  name: 'pairwise aspects',
  sql: `
    CREATE TABLE rubric_pairwise_aspects (
      rubric_id     TEXT NOT NULL REFERENCES rubrics (id),
      position      INTEGER NOT NULL,
      dimension_key TEXT NOT NULL,
      PRIMARY KEY (rubric_id, dimension_key),
      UNIQUE (rubric_id, position),
      FOREIGN KEY (rubric_id, dimension_key) REFERENCES rubric_dimensions (rubric_id, key)
    ) WITHOUT ROWID;

    CREATE TABLE pairwise_aspect_choices (
      assignment_id TEXT NOT NULL REFERENCES pairwise_choices (assignment_id),
      dimension     TEXT NOT NULL,
      choice        TEXT NOT NULL CHECK (choice IN ('A', 'B', 'T')),
      PRIMARY KEY (assignment_id, dimension)
    ) WITHOUT ROWID;
  `,
};
