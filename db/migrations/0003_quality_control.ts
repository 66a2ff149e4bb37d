import type { Migration } from './index';

/**
 * Quality control designed into the plan (`assign --repeats --reference-controls --calibration`):
 * - assignment_plan.qc_options: the options as JSON (shared/qc/options.ts), NULL = none;
 * - calibration_entries: the calibration file's expected ratings and rationale per output;
 * - assignments is rebuilt: a repeat shows a task the rater already has, so (rater, task) is unique
 *   only among ordinary assignments; a repeat names its first showing, a calibration task its entry.
 *   A reference control keeps one of the rater's rating tasks of the item and shows its reference.
 */
export const qualityControlSchema: Migration = {
  version: 3,
  name: 'quality control design',
  rebuildsTables: true,
  sql: `
    ALTER TABLE assignment_plan ADD COLUMN qc_options TEXT;

    CREATE TABLE calibration_entries (
      id        INTEGER PRIMARY KEY,
      output_id INTEGER NOT NULL UNIQUE REFERENCES outputs (id),
      -- {"dimension key": expected value, …}
      expected  TEXT NOT NULL,
      rationale TEXT NOT NULL
    );

    CREATE TABLE assignments_rebuilt (
      id                TEXT PRIMARY KEY,
      rater_id          INTEGER NOT NULL REFERENCES raters (id),
      task_id           INTEGER NOT NULL REFERENCES tasks (id),
      position          INTEGER NOT NULL,
      presented_a       TEXT CHECK (presented_a IN ('model', 'reference')),
      flagged           INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
      qc_role           TEXT CHECK (qc_role IN ('repeat', 'reference_control', 'calibration')),
      first_showing     TEXT REFERENCES assignments (id),
      calibration_entry INTEGER REFERENCES calibration_entries (id),
      CHECK ((qc_role = 'repeat') = (first_showing IS NOT NULL)),
      CHECK ((qc_role = 'calibration') = (calibration_entry IS NOT NULL)),
      UNIQUE (rater_id, position)
    );
    INSERT INTO assignments_rebuilt (id, rater_id, task_id, position, presented_a, flagged, qc_role)
      SELECT id, rater_id, task_id, position, presented_a, flagged, qc_role FROM assignments;
    DROP TABLE assignments;
    ALTER TABLE assignments_rebuilt RENAME TO assignments;
    CREATE UNIQUE INDEX one_ordinary_assignment_per_task ON assignments (rater_id, task_id) WHERE qc_role IS NULL;
  `,
};
