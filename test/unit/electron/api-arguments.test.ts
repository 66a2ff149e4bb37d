/**
 * The argument table of the API host is total and agrees with BlindRateApi. The compile-time half is
 * checked by `npm run typecheck`: each `@ts-expect-error` below fails the typecheck if the table type
 * ever stops rejecting that mistake.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ARGUMENTS, type ApiArgumentSchemas } from '../../../electron/services/api-host';
import { API_METHODS } from '../../../shared/api';

describe('API argument table', () => {
  it('has an entry for every method and a schema exactly for the methods that take an argument', () => {
    expect(Object.keys(API_ARGUMENTS).sort()).toEqual([...API_METHODS].sort());
    const withArgument = API_METHODS.filter((method) => API_ARGUMENTS[method] !== null);
    expect(withArgument).toEqual([
      'unlockStudy',
      'startSession',
      'listAssignments',
      'getTask',
      'saveRating',
      'savePreference',
      'savePairwise',
      'setFlag',
      'getReport',
      'chooseFiles',
      'releaseFile',
      'previewRubric',
      'checkPassphrase',
      'createStudy',
      'previewImport',
      'startImportValidation',
      'startImport',
      'getJob',
      'cancelJob',
      'previewSample',
      'drawSample',
      'checkRaterNames',
      'previewAssignment',
      'assignRaters',
      'addRaters',
      'startPack',
      'revealPackageSheet',
      'startMerge',
      'startExport',
      'previewAdjudication',
      'startAdjudicate',
    ]);
  });

  it("takes a pairwise adjudication save (choice and mark null, marks) as well as a rater's, and nothing else", () => {
    const rater = { assignmentId: 'p-1', choice: 'A', bothUnacceptable: false, comment: '', durationMs: 1 };
    const adjudication = {
      ...rater,
      choice: null,
      bothUnacceptable: null,
      aspects: { factuality: 'T' },
      marks: { factuality: { reason: 'error', guidelineGap: true } },
    };
    expect(API_ARGUMENTS.savePairwise.safeParse(rater).success).toBe(true);
    expect(API_ARGUMENTS.savePairwise.safeParse(adjudication).success).toBe(true);
    expect(
      API_ARGUMENTS.savePairwise.safeParse({ ...adjudication, marks: { factuality: { reason: 'x' } } }).success,
    ).toBe(false);
    expect(API_ARGUMENTS.savePairwise.safeParse({ ...rater, choice: 'X' }).success).toBe(false);
  });

  it('rejects at compile time a missing method, a wrong schema and a schema for a method without argument', () => {
    const { getTask: _dropped, ...withoutGetTask } = API_ARGUMENTS;
    // @ts-expect-error getTask has no schema.
    const missing: ApiArgumentSchemas = withoutGetTask;
    // @ts-expect-error startSession takes a rater id (number), not a string.
    const wrongType: ApiArgumentSchemas = { ...API_ARGUMENTS, startSession: z.string() };
    // @ts-expect-error setFlag needs `flagged` as well.
    const missingField: ApiArgumentSchemas = { ...API_ARGUMENTS, setFlag: z.object({ assignmentId: z.string() }) };
    // @ts-expect-error lockRater takes no argument, so it has no schema.
    const extraSchema: ApiArgumentSchemas = { ...API_ARGUMENTS, lockRater: z.string() };
    // @ts-expect-error a method without an argument still needs its entry (null).
    const missingNull: ApiArgumentSchemas = { ...API_ARGUMENTS, closeStudy: undefined };
    expect([missing, wrongType, missingField, extraSchema, missingNull]).toHaveLength(5);
  });
});
