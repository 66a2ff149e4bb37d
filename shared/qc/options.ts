/**
 * The quality-control options of an assignment plan (`assign --repeats P --reference-controls N
 * --calibration N`). All are off by default; they are stored with the plan so the design can be
 * reproduced and reported.
 */
import { z } from 'zod';

export interface QcOptions {
  /** Share of each rater's rating tasks shown a second time, 0 … 1. */
  repeats: number;
  /** Reference answers per rater, rated as if they were model answers. */
  referenceControls: number;
  /** Calibration tasks per rater, at the start of the queue, from the calibration file. */
  calibration: number;
}

/** The options as stored with the plan (JSON), checked by the same rules as the command line. */
export const qcOptionsSchema = z
  .object({ repeats: z.number(), referenceControls: z.number(), calibration: z.number() })
  .superRefine((options, ctx) => {
    const problem = qcOptionsProblem(options);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

export const NO_QC: QcOptions = { repeats: 0, referenceControls: 0, calibration: 0 };

/** Why the options cannot be used, in the domain's words (the CLI adds its flags); null when they are valid. */
export function qcOptionsProblem(options: QcOptions): string | null {
  if (!(options.repeats >= 0 && options.repeats <= 1))
    return `Repeats must be a share between 0 and 1 (e.g. 0.1), got ${options.repeats}`;
  if (!Number.isInteger(options.referenceControls) || options.referenceControls < 0) {
    return `Reference controls must be a whole number ≥ 0, got ${options.referenceControls}`;
  }
  if (!Number.isInteger(options.calibration) || options.calibration < 0)
    return `Calibration tasks must be a whole number ≥ 0, got ${options.calibration}`;
  return null;
}
