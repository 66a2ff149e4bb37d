import type { Migration } from './index';

/**
 * A rubric's rater instructions (Markdown) and the study's idle times (minutes until the task clock
 * pauses, and until the study locks). A study made before keeps '' and NULL, which read as no
 * instructions and the default idle times.
 */
export const rubricInstructionsIdleSchema: Migration = {
  version: 7,
  name: 'rubric instructions and idle times',
  sql: `
    ALTER TABLE rubrics ADD COLUMN instructions TEXT NOT NULL DEFAULT '';
    ALTER TABLE rubrics ADD COLUMN pause_after_idle_minutes INTEGER;
    ALTER TABLE rubrics ADD COLUMN lock_after_idle_minutes INTEGER;
  `,
};
