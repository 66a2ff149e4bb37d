import { describe, expect, it } from 'vitest';
import {
  NO_QC,
  countQueueRoles,
  qcOptionsProblem,
  qcOptionsSchema,
  resolveCalibrationOutputs,
  type CalibrationEntry,
} from '../../../shared/qc';

describe('QC options', () => {
  it('are all off by default and name the command-line option that is out of range', () => {
    expect(qcOptionsProblem(NO_QC)).toBeNull();
    expect(qcOptionsProblem({ ...NO_QC, repeats: 1.5 })).toBe(
      'Repeats must be a share between 0 and 1 (e.g. 0.1), got 1.5',
    );
    expect(qcOptionsProblem({ ...NO_QC, referenceControls: 2.5 })).toBe(
      'Reference controls must be a whole number ≥ 0, got 2.5',
    );
    expect(qcOptionsProblem({ ...NO_QC, calibration: -1 })).toBe(
      'Calibration tasks must be a whole number ≥ 0, got -1',
    );
  });

  it('are read back from the stored plan with the same rules', () => {
    expect(qcOptionsSchema.parse({ repeats: 0.1, referenceControls: 3, calibration: 2 })).toEqual({
      repeats: 0.1,
      referenceControls: 3,
      calibration: 2,
    });
    expect(
      qcOptionsSchema.safeParse({ repeats: 2, referenceControls: 0, calibration: 0 }).error?.issues[0]?.message,
    ).toBe('Repeats must be a share between 0 and 1 (e.g. 0.1), got 2');
  });
});

describe('countQueueRoles', () => {
  it('counts the study’s own tasks and each QC role', () => {
    expect(
      countQueueRoles([
        { qc: 'calibration', calibration: 'c' },
        { qc: null, task: 't1' },
        { qc: 'reference_control', reference: 'q1' },
        { qc: null, task: 't2' },
        { qc: 'repeat', task: 't1', firstShowing: 1 },
      ]),
    ).toEqual({ tasks: 2, repeat: 1, reference_control: 1, calibration: 1 });
  });
});

describe('resolveCalibrationOutputs', () => {
  const entry = (itemId: string, line: number): CalibrationEntry => ({
    itemId,
    model: 'm',
    expected: { factuality: 3 },
    rationale: 'r',
    location: `Line ${line} of cal.csv`,
  });
  const outputs = new Map([['q1', 101]]);

  it('pairs each entry with its output, or names the line of an entry the study does not have', () => {
    expect(resolveCalibrationOutputs([entry('q1', 2)], (itemId) => outputs.get(itemId))).toEqual({
      ok: true,
      resolved: [{ entry: entry('q1', 2), output: 101 }],
    });
    expect(resolveCalibrationOutputs([entry('q1', 2), entry('q9', 3)], (itemId) => outputs.get(itemId))).toEqual({
      ok: false,
      errors: ['Line 3 of cal.csv: the study has no output of item "q9" by model "m"'],
    });
  });
});
