/**
 * The one place the app turns a service's domain message into a field's error. Services speak the
 * domain ("N per bin must be a whole number of at least 1"); the CLI adds its flags at its edge, the
 * app shows the same line under the field whose label names that thing. A message no field claims is
 * shown above the form.
 */
import { useCallback, useState } from 'react';
import { userMessage } from '../api/errors';

export const FIELD_LABELS = {
  fileName: 'File name',
  studyName: 'Study name',
  rubric: 'Rubric',
  passphrase: 'Passphrase',
  confirmation: 'Passphrase again',
  model: 'Model name',
  bins: 'Bins',
  perBin: 'N per bin',
  seed: 'Seed',
  models: 'Models',
  metrics: 'Metrics',
  raters: 'Rater names',
  joiningRaters: 'Raters joining the plan',
  overlap: 'Raters per output (overlap)',
  repeats: 'Hidden repeats (share of rating tasks)',
  referenceControls: 'Reference controls per rater',
  calibration: 'Calibration tasks per rater',
  calibrationFile: 'Calibration file',
  masterPassphrase: 'Master passphrase',
  deviationReason: 'Reason for the deviation',
  adjudicator: 'Adjudicator',
} as const;

export type FieldKey = keyof typeof FIELD_LABELS;

/** Which field a domain message is about, by the words it starts with or names; first match wins. */
const FIELD_OF_MESSAGE: ReadonlyArray<readonly [RegExp, FieldKey]> = [
  // Before the others: the sealed protocol's refusal names what changed (raters, a sample) as well.
  [/\breason for the deviation\b/i, 'deviationReason'],
  [/\bconfirmation\b|passphrases? (do|does) not match|typed again/i, 'confirmation'],
  [/\bmaster passphrase\b/i, 'masterPassphrase'],
  [/\bpassphrase\b/i, 'passphrase'],
  // Before raters: "Dr A is a rater of this study: an adjudicator …" is about the adjudicator named.
  [/\badjudicator\b/i, 'adjudicator'],
  [/\bfile name\b|\bstudy file\b|already exists/i, 'fileName'],
  [/\bstudy name\b/i, 'studyName'],
  [/\brubric\b/i, 'rubric'],
  [/\bcalibration file\b|expected ratings/i, 'calibrationFile'],
  [/\bcalibration\b/i, 'calibration'],
  [/\breference controls?\b/i, 'referenceControls'],
  [/\brepeats?\b/i, 'repeats'],
  [/\boverlap\b|raters per output/i, 'overlap'],
  [/\brater names?\b|\braters?\b/i, 'raters'],
  [/\bN per bin\b|per bin\b/i, 'perBin'],
  [/\bbins?\b/i, 'bins'],
  [/\bseed\b/i, 'seed'],
  [/\bmetrics?\b/i, 'metrics'],
  [/\bmodel name\b/i, 'model'],
  [/\bmodels?\b/i, 'models'],
];

/** The field (among those the form shows) a message belongs to, or null for the form as a whole. */
export function fieldOfMessage(message: string, fields: readonly FieldKey[]): FieldKey | null {
  return FIELD_OF_MESSAGE.find(([pattern, field]) => fields.includes(field) && pattern.test(message))?.[1] ?? null;
}

export interface FormErrors {
  byField: Partial<Record<FieldKey, string>>;
  /** Messages no field on this form claims, shown above it. */
  general: string | null;
}

/** A form's errors: `show` places what a call threw (or a list of problems) under the fields they name. */
export function useFormErrors(fields: readonly FieldKey[]) {
  const [errors, setErrors] = useState<FormErrors>({ byField: {}, general: null });
  const show = useCallback(
    (failure: unknown) => {
      const messages = Array.isArray(failure) ? failure.map(String) : [userMessage(failure)];
      const next: FormErrors = { byField: {}, general: null };
      for (const message of messages) {
        const field = fieldOfMessage(message, fields);
        if (field) next.byField[field] = next.byField[field] ? `${next.byField[field]} ${message}` : message;
        else next.general = next.general ? `${next.general}\n${message}` : message;
      }
      setErrors(next);
    },
    [fields],
  );
  const clear = useCallback(() => setErrors({ byField: {}, general: null }), []);
  return { errors, show, clear };
}
