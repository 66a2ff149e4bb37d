import { describe, expect, it } from 'vitest';
import { describeRecordLocation, detectImportFormat, recordReference } from '../../../shared/import/format';
import {
  buildColumnMap,
  EMPTY_COLUMN_MAP,
  missingRequiredColumns,
  parseMapOption,
  toOutputRecord,
} from '../../../shared/import/record';

const minimal = { item_id: 'q1', model: 'm', question: 'Q?', output: 'A.' };

describe('toOutputRecord', () => {
  it('fills optional fields with empty text and reads scores from every source', () => {
    const record = toOutputRecord(
      { ...minimal, scores: { rouge1: 0.1 }, score_rougeL: '0.2', score_bertscore: '', R2: '3e-1' },
      buildColumnMap({ score_rouge2: 'R2' }),
    );
    expect(record).toEqual({
      itemId: 'q1',
      model: 'm',
      question: 'Q?',
      output: 'A.',
      context: '',
      reference: '',
      category: '',
      sourceId: '',
      scores: { rouge1: 0.1, rougeL: 0.2, rouge2: 0.3 },
    });
  });

  it('takes an empty output as the output it is, and a numeric source id as text', () => {
    expect(toOutputRecord({ ...minimal, output: '' }, EMPTY_COLUMN_MAP).output).toBe('');
    expect(toOutputRecord({ ...minimal, source_id: 10003 }, EMPTY_COLUMN_MAP).sourceId).toBe('10003');
  });

  it('names the missing, empty or mistyped field', () => {
    expect(() => toOutputRecord({ ...minimal, model: undefined }, EMPTY_COLUMN_MAP)).toThrow('"model" is missing');
    expect(() => toOutputRecord({ ...minimal, question: '  ' }, EMPTY_COLUMN_MAP)).toThrow('"question" is empty');
    expect(() => toOutputRecord({ ...minimal, output: 42 }, EMPTY_COLUMN_MAP)).toThrow('"output" must be text');
    expect(() => toOutputRecord({ ...minimal, scores: { rouge1: 'high' } }, EMPTY_COLUMN_MAP)).toThrow(
      '"scores.rouge1" is not a number: "high"',
    );
    expect(() => toOutputRecord({ ...minimal, scores: [1] }, EMPTY_COLUMN_MAP)).toThrow('"scores" must be an object');
    expect(() => toOutputRecord([1, 2], EMPTY_COLUMN_MAP)).toThrow('is not an object with fields');
  });

  it('reports a mapped field under its column name in the file', () => {
    const map = buildColumnMap({ output: 'Model Answer', score_rougeL: 'ROUGE_L' });
    expect(() => toOutputRecord({ ...minimal, output: undefined }, map)).toThrow('"Model Answer" is missing');
    expect(() => toOutputRecord({ ...minimal, output: undefined, 'Model Answer': 'A', ROUGE_L: 'x' }, map)).toThrow(
      '"ROUGE_L" is not a number: "x"',
    );
  });

  it('takes the model from --model and refuses a record that names another one', () => {
    expect(toOutputRecord({ ...minimal, model: undefined }, EMPTY_COLUMN_MAP, 'fixed').model).toBe('fixed');
    expect(toOutputRecord({ ...minimal, model: 'fixed' }, EMPTY_COLUMN_MAP, 'fixed').model).toBe('fixed');
    expect(() => toOutputRecord(minimal, EMPTY_COLUMN_MAP, 'fixed')).toThrow(
      '"model" is "m" but the model name given for the file is "fixed"',
    );
  });

  it('reads numeric item ids as text', () => {
    expect(toOutputRecord({ ...minimal, item_id: 17 }, EMPTY_COLUMN_MAP).itemId).toBe('17');
  });
});

describe('column mapping', () => {
  it('splits field=column at the first "=" and keeps spaces in the column', () => {
    expect(parseMapOption('output=Model Answer')).toEqual(['output', 'Model Answer']);
    expect(parseMapOption('score_x=a=b')).toEqual(['score_x', 'a=b']);
    expect(() => parseMapOption('output')).toThrow('A column mapping needs field=column, got "output"');
  });

  it('rejects unknown fields and checks headers for required columns after mapping', () => {
    expect(() => buildColumnMap({ answer: 'x' })).toThrow('Column mapping: unknown field "answer"');
    const map = buildColumnMap({ output: 'Model Answer' });
    expect(missingRequiredColumns(['item_id', 'question', 'Model Answer'], map, 'fixed')).toEqual([]);
    expect(missingRequiredColumns(['item_id', 'question', 'output'], map)).toEqual(['model', 'Model Answer']);
  });
});

describe('detectImportFormat', () => {
  it('trusts .csv/.jsonl extensions and sniffs the first character otherwise', () => {
    expect(detectImportFormat('a.CSV', '[')).toBe('csv');
    expect(detectImportFormat('a.ndjson', '[')).toBe('jsonl');
    expect(detectImportFormat('a.json', '\uFEFF \n[{')).toBe('json');
    expect(detectImportFormat('a.json', '{"item_id"')).toBe('jsonl');
    expect(detectImportFormat('predictions.txt', 'ID,Question')).toBe('csv');
  });

  it('describes positions as lines, CSV rows as a spreadsheet numbers them, or records for JSON arrays', () => {
    expect(describeRecordLocation('a.csv', 'csv', 7)).toBe('Line 7 of a.csv');
    expect(describeRecordLocation('a.csv', 'csv', 7, 7)).toBe('Row 7 of a.csv');
    expect(describeRecordLocation('a.csv', 'csv', 3122, 42)).toBe('Row 42 (line 3122) of a.csv');
    expect(describeRecordLocation('a.json', 'json', 3)).toBe('Record 3 of a.json');
    expect(recordReference('a.jsonl', 'jsonl', 12)).toBe('a.jsonl:12');
    expect(recordReference('a.json', 'json', 3)).toBe('a.json record 3');
  });
});
