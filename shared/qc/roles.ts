/**
 * Quality-control roles of a rating task. A task with a role is part of the study's checks, not of its
 * results: the role is stored with the coordinator's plan and in the tidy export's `qc` column, and
 * never reaches the rater's screen.
 */
export const QC_ROLES = ['repeat', 'reference_control', 'calibration'] as const;

/**
 * - repeat: a rating task shown a second time, far from its first showing (test–retest reliability);
 * - reference_control: an item's reference answer rated as if it were a model's (a ceiling);
 * - calibration: a task at the start of the queue with the coordinator's expected ratings.
 */
export type QcRole = (typeof QC_ROLES)[number];

export function isQcRole(value: string): value is QcRole {
  return (QC_ROLES as ReadonlyArray<string>).includes(value);
}

/** The `model` of a reference control's rows in the tidy export: the answer is the item's reference. */
export const REFERENCE_CONTROL_MODEL = 'reference';
