import { describe, expect, it } from 'vitest';
import { parseCalibrationFile } from '../../../shared/qc';

const RUBRIC = [
  { key: 'factuality', kind: 'likert' as const, scale: [1, 2, 3, 4, 5] },
  { key: 'brevity', kind: 'likert' as const, scale: [1, 2, 3, 4, 5] },
  { key: 'safety', kind: 'binary' as const, scale: [0, 1] },
];

const errorsOf = (fileName: string, text: string) => {
  const result = parseCalibrationFile(fileName, text, RUBRIC);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.errors;
};

describe('parseCalibrationFile', () => {
  it('reads a CSV file: an empty cell is no expectation, the rationale is kept as one trimmed line', () => {
    const text =
      '\uFEFFitem_id,model,factuality,brevity,safety,rationale\nq1,gpt,2,,0, States the wrong dose. \n\nq2,llama,5,4,1,Complete and short\n';
    expect(parseCalibrationFile('cal.csv', text, RUBRIC)).toEqual({
      ok: true,
      entries: [
        {
          itemId: 'q1',
          model: 'gpt',
          expected: { factuality: 2, safety: 0 },
          rationale: 'States the wrong dose.',
          location: 'Line 2 of cal.csv',
        },
        {
          itemId: 'q2',
          model: 'llama',
          expected: { factuality: 5, brevity: 4, safety: 1 },
          rationale: 'Complete and short',
          location: 'Line 4 of cal.csv',
        },
      ],
    });
  });

  it('reads a JSON array and JSON Lines alike', () => {
    const entry = { item_id: 'q1', model: 'gpt', expected: { factuality: 2 }, rationale: 'Wrong dose' };
    const array = parseCalibrationFile('cal.json', JSON.stringify([entry]), RUBRIC);
    const lines = parseCalibrationFile('cal.jsonl', `\n${JSON.stringify(entry)}\n`, RUBRIC);
    expect(array).toMatchObject({
      ok: true,
      entries: [{ itemId: 'q1', expected: { factuality: 2 }, location: 'Record 1 of cal.json' }],
    });
    expect(lines).toMatchObject({ ok: true, entries: [{ itemId: 'q1', location: 'Line 2 of cal.jsonl' }] });
  });

  it('names the file, line and field of every problem', () => {
    const csv = [
      'item_id,model,factuality,safety,rationale',
      'q1,gpt,7,,Too high',
      'q2,gpt,,,No value',
      'q3,gpt,3,1,',
      'q4,gpt,three,1,Words',
      ',gpt,3,1,No item',
      'q5,gpt,3,1,Fine',
      'q5,gpt,4,1,Again',
    ].join('\n');
    expect(errorsOf('cal.csv', csv)).toEqual(['Line 5 of cal.csv: "factuality" must be a whole number, got "three"']);
    expect(errorsOf('cal.csv', csv.replace('q4,gpt,three', 'q4,gpt,3'))).toEqual([
      'Line 2 of cal.csv: "factuality" must be on the rubric\'s scale (1, 2, 3, 4, 5), got 7',
      'Line 3 of cal.csv: no expected rating: give at least one dimension a value',
      'Line 4 of cal.csv: "rationale" is empty: give the rater one line on why',
      'Line 6 of cal.csv: "item_id" is empty',
      'Line 8 of cal.csv: item "q5", model "gpt" is already a calibration task (line 7 of cal.csv)',
    ]);
    expect(errorsOf('cal.csv', 'item_id,model,factualty,rationale\n')).toEqual([
      'Line 1 of cal.csv: column "factualty" is not a dimension of the rubric (factuality, brevity, safety)',
    ]);
    expect(errorsOf('cal.csv', 'item_id,factuality\nq1,3\n')).toEqual([
      'Line 1 of cal.csv: required column "model" is missing',
      'Line 1 of cal.csv: required column "rationale" is missing',
    ]);
    expect(
      errorsOf(
        'cal.jsonl',
        '{"item_id":"q1","model":"m","expected":{"factuality":"4"},"rationale":"x"}\n{"item_id":"q1"',
      ),
    ).toEqual(['Line 2 of cal.jsonl: not valid JSON (' + jsonError('{"item_id":"q1"') + ')']);
    expect(
      errorsOf('cal.json', '[{"item_id":"q1","model":"m","expected":{"factuality":"4"},"rationale":"x"}]')[0],
    ).toMatch(/^Record 1 of cal\.json: "expected\.factuality": /);
    expect(errorsOf('cal.json', '[{"item_id":"q1","model":"m","expected":{"safety":2},"rationale":"x\\ny"}]')).toEqual([
      'Record 1 of cal.json: "rationale" must be one line',
    ]);
    // A .json file of objects one per line is read as JSON Lines, as the import does.
    expect(errorsOf('cal.json', '{}')).toEqual([
      'Line 1 of cal.json: "item_id": Invalid input: expected string, received undefined',
    ]);
    expect(errorsOf('cal.json', '[]')).toEqual(['cal.json has no calibration entries']);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}
