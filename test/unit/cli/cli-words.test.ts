/**
 * The CLI's one translation point (electron/cli/cli-words.ts): each domain message a service raises
 * reads, at the command line, as it did when the services named the flags themselves.
 */
import { describe, expect, it } from 'vitest';
import { inCliWords } from '../../../electron/cli/cli-words';

describe('inCliWords', () => {
  it.each([
    ['N per bin must be a whole number of at least 1, got 0.', '--per-bin must be a positive whole number, got 0.'],
    ['Bins must be a whole number of at least 1, got 0.', '--bins must be a positive whole number, got 0.'],
    [
      'The seed must be a whole number from 0 to 2147483647, got -1.',
      '--seed must be a whole number from 0 to 2147483647, got -1.',
    ],
    ['The task kind must be rating or preference, got "x".', '--task must be rating or preference, got "x".'],
    [
      'This study already has a rating sample (#1); draw it again as a replacement.',
      'This study already has a rating sample (#1); add --replace to draw it again.',
    ],
    [
      'The overlap (4) must be a whole number from 1 to the number of raters (3).',
      '--overlap 4: give a whole number from 1 to the number of raters (3).',
    ],
    [
      'This study already has a plan: add raters to the plan, or plan again as a replacement.',
      'This study already has a plan: add raters with --add, or plan again with --replace.',
    ],
    ['This study has no plan yet: assign raters first.', 'This study has no plan yet: run assign with --raters first.'],
    [
      '3 calibration tasks need a calibration file with the expected ratings.',
      '--calibration 3 needs --calibration-file with the expected ratings.',
    ],
    [
      'Repeats must be a share between 0 and 1 (e.g. 0.1), got 2.',
      '--repeats must be a share between 0 and 1 (e.g. 0.1), got 2.',
    ],
    [
      'Reference controls must be a whole number ≥ 0, got -1.',
      '--reference-controls must be a whole number ≥ 0, got -1.',
    ],
    [
      'Dr A: 5 reference controls need 5 items with a reference answer, only 2 available.',
      'Dr A: --reference-controls 5 needs 5 items with a reference answer, only 2 available.',
    ],
    [
      'Dr A: Repeats of 0.9 give 9 repeats of 10 rating tasks, which cannot be spaced 7 tasks (a third of a queue of 19) from their first showing; give a lower share of repeats.',
      'Dr A: --repeats 0.9 gives 9 repeats of 10 rating tasks, which cannot be spaced 7 tasks (a third of a queue of 19) from their first showing; lower --repeats.',
    ],
    ['The model name is empty.', '--model needs a name.'],
    [
      'Line 1 of a.csv: no column "output" (map the field to a column).',
      'Line 1 of a.csv: no column "output" (use --map field=column).',
    ],
    [
      'Line 4 of a.jsonl: "refrence" is not a field BlindRate knows (did you mean "reference"?); rename it, map it to a field, or import without the fields BlindRate does not know',
      'Line 4 of a.jsonl: "refrence" is not a field BlindRate knows (did you mean "reference"?); rename it, map it with --map, or import without it using --ignore-unknown',
    ],
    ['Bootstrap resamples must be a whole number ≥ 0, got -1.', '--bootstrap must be a whole number ≥ 0, got -1.'],
    [
      'study.db exists; restoring over it must be asked for (replace it with the backup).',
      'study.db exists; add --force to replace it with the backup.',
    ],
  ])('%s', (domain, cli) => {
    expect(inCliWords(domain)).toBe(cli);
  });

  it('translates every line of a multi-line message and leaves other words alone', () => {
    expect(inCliWords('Nothing was imported: 2 problems.\nThe model name is empty.\nThe overlap is fine.')).toBe(
      'Nothing was imported: 2 problems.\n--model needs a name.\nThe overlap is fine.',
    );
  });
});
