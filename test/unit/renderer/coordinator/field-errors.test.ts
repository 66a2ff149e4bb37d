import { describe, expect, it } from 'vitest';
import { fieldOfMessage, type FieldKey } from '../../../../renderer/src/coordinator/fieldErrors';

const SAMPLE_FORM: FieldKey[] = ['models', 'metrics', 'bins', 'perBin', 'seed'];
const ASSIGN_FORM: FieldKey[] = [
  'raters',
  'overlap',
  'seed',
  'repeats',
  'referenceControls',
  'calibration',
  'calibrationFile',
];

describe('domain messages placed under the field they are about', () => {
  it.each([
    ['N per bin must be a whole number of at least 1, got 0.', SAMPLE_FORM, 'perBin'],
    ['Bins must be a whole number of at least 1, got 0.', SAMPLE_FORM, 'bins'],
    ['The seed must be a whole number from 0 to 2147483647, got -1.', SAMPLE_FORM, 'seed'],
    ['Unknown model "gpt-9": the study has atlas-7b, borealis-13b.', SAMPLE_FORM, 'models'],
    ['The overlap (4) cannot exceed the number of raters (3).', ASSIGN_FORM, 'overlap'],
    ['Rater names must differ: "Dr A" appears twice.', ASSIGN_FORM, 'raters'],
    ['Repeats must be a share between 0 and 1 (e.g. 0.1), got 2.', ASSIGN_FORM, 'repeats'],
    ['Reference controls must be a whole number ≥ 0, got -1.', ASSIGN_FORM, 'referenceControls'],
    ['3 calibration tasks need a calibration file with the expected ratings.', ASSIGN_FORM, 'calibrationFile'],
    ['The study passphrase is too weak (strength 1 of 4).', ['passphrase', 'confirmation'], 'passphrase'],
    ['The passphrase typed again differs from the first.', ['passphrase', 'confirmation'], 'confirmation'],
  ] as const)('%s → %s', (message, fields, field) => {
    expect(fieldOfMessage(message, fields)).toBe(field);
  });

  it('leaves a message no field on the form names to the form as a whole', () => {
    expect(fieldOfMessage('This study has no model outputs yet; import some first.', ASSIGN_FORM)).toBeNull();
    // "seed" is on the sample form, not on the new-study form.
    expect(fieldOfMessage('The seed must be a whole number.', ['fileName', 'passphrase'])).toBeNull();
  });
});
