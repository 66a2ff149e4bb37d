/**
 * REDCap's documented data-dictionary rules (docs/protocol-and-hand-off.md cites them): the dictionaries BlindRate
 * writes for both rubric presets pass, and each rule broken on purpose is named in one line.
 */
import { describe, expect, it } from 'vitest';
import {
  dictionaryRow,
  redcapFields,
  redcapRecordColumns,
  redcapVariableName,
  REDCAP_DICTIONARY_COLUMNS,
  type DictionaryRow,
} from '../../../shared/redcap';
import { parseChoices, redcapDictionaryProblems, redcapRecordProblems } from '../../../shared/redcap-rules';
import { CHQ_SUMM_RUBRIC, MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';

const HEADER = [...REDCAP_DICTIONARY_COLUMNS];
const medisumqa = () => redcapFields(MEDISUMQA_RUBRIC, 5).map(dictionaryRow);

function withRow(rows: DictionaryRow[], index: number, change: Partial<DictionaryRow>): DictionaryRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

describe('the REDCap data dictionary BlindRate writes', () => {
  it('passes every rule for both rubric presets', () => {
    expect(redcapDictionaryProblems(HEADER, medisumqa())).toEqual([]);
    expect(redcapDictionaryProblems(HEADER, redcapFields(CHQ_SUMM_RUBRIC, 5).map(dictionaryRow))).toEqual([]);
  });

  it('starts with the record id and has an instrument per task kind after the identifiers', () => {
    const rows = medisumqa();
    expect(rows[0]!['Variable / Field Name']).toBe('record_id');
    expect([...new Set(rows.map((r) => r['Form Name']))]).toEqual(['assignment', 'rating', 'preference', 'pairwise']);
  });

  it('writes Likert choices as REDCap expects, safety as yes/no, preference as a radio field', () => {
    const byName = new Map(medisumqa().map((r) => [r['Variable / Field Name'], r]));
    expect(byName.get('factuality')).toMatchObject({
      'Field Type': 'radio',
      'Choices, Calculations, OR Slider Labels': '1, Very poor | 2, Poor | 3, Fair | 4, Good | 5, Excellent',
    });
    expect(byName.get('safety')).toMatchObject({
      'Field Type': 'yesno',
      'Field Label': 'Safety: Safe?',
      'Field Note': 'Yes (1) = Safe, No (0) = Unsafe',
      'Choices, Calculations, OR Slider Labels': '',
    });
    expect(byName.get('preference')).toMatchObject({
      'Form Name': 'preference',
      'Field Type': 'radio',
      'Choices, Calculations, OR Slider Labels': '1, model | 2, reference | 3, tie',
    });
    expect(byName.get('bin')).toMatchObject({
      'Text Validation Type OR Show Slider Number': 'integer',
      'Text Validation Min': '1',
      'Text Validation Max': '5',
    });
    // Models are codes: their names are in the separate key, never in the dictionary.
    expect(byName.get('model')!['Field Type']).toBe('text');
  });

  it('names a rubric dimension within the rules, however its key reads', () => {
    const long: Rubric = {
      ...MEDISUMQA_RUBRIC,
      dimensions: [
        { ...MEDISUMQA_RUBRIC.dimensions[0]!, key: 'overall_clinical_usefulness_for_patients' },
        { ...MEDISUMQA_RUBRIC.dimensions[0]!, key: 'overall_clinical_usefulness_for_doctors' },
        { ...MEDISUMQA_RUBRIC.dimensions[0]!, key: 'rater' },
        { ...MEDISUMQA_RUBRIC.dimensions[0]!, key: 'rating_complete' },
        { ...MEDISUMQA_RUBRIC.dimensions[0]!, key: 'model_a' },
      ],
    };
    const names = redcapFields(long, 5)
      .filter((f) => f.form === 'rating')
      .map((f) => f.name);
    expect(names).toEqual([
      'overall_clinical_usefulnes',
      'overall_clinical_usefuln_2',
      'rater_2',
      'rating_complete_2',
      'model_a_2',
    ]);
    expect(redcapDictionaryProblems(HEADER, redcapFields(long, 5).map(dictionaryRow))).toEqual([]);
    expect(redcapVariableName('9 lives', new Set())).toBe('v_9_lives');
  });

  it('puts each instrument’s _complete column after its fields in the records file', () => {
    const columns = redcapRecordColumns(redcapFields(MEDISUMQA_RUBRIC, 5));
    expect(columns[0]).toBe('record_id');
    expect(columns.filter((c) => c.endsWith('_complete'))).toEqual([
      'assignment_complete',
      'rating_complete',
      'preference_complete',
      'pairwise_complete',
    ]);
    expect(columns.slice(columns.indexOf('preference_complete') + 1)).toEqual([
      'pairwise',
      'both_unacceptable',
      'model_a',
      'model_b',
      'pairwise_complete',
    ]);
    expect(columns.indexOf('rating_complete')).toBe(columns.indexOf('safety') + 1);
  });
});

describe('the rule checks', () => {
  it('name each broken rule in one line with its line and field', () => {
    const rows = medisumqa();
    // Lines as a spreadsheet shows them: the header is line 1, record_id line 2, factuality (index 12) line 14.
    const cases: [DictionaryRow[], string][] = [
      [
        withRow(rows, 12, { 'Variable / Field Name': 'Factuality' }),
        'Line 14 (Factuality): a variable name is lower-case letters, digits and underscores, starting with a letter.',
      ],
      [
        withRow(rows, 12, { 'Variable / Field Name': '1factuality' }),
        'Line 14 (1factuality): a variable name is lower-case letters, digits and underscores, starting with a letter.',
      ],
      [
        withRow(rows, 12, { 'Variable / Field Name': 'a'.repeat(27) }),
        `Line 14 (${'a'.repeat(27)}): a variable name has at most 26 characters, this one 27.`,
      ],
      [
        withRow(rows, 13, { 'Variable / Field Name': 'factuality' }),
        'Line 15 (factuality): the variable name is already used on line 14.',
      ],
      [
        withRow(rows, 12, { 'Field Type': 'likert' }),
        'Line 14 (factuality): "likert" is not a REDCap field type (text, notes, dropdown, radio, checkbox, yesno, truefalse, calc, file, slider, descriptive, sql).',
      ],
      [
        withRow(rows, 12, { 'Choices, Calculations, OR Slider Labels': '1 Very poor | 2, Poor' }),
        'Line 14 (factuality): the choices must read "1, Label | 2, Label", got "1 Very poor | 2, Poor".',
      ],
      [
        withRow(rows, 12, { 'Choices, Calculations, OR Slider Labels': '1, Very poor | 1, Poor' }),
        'Line 14 (factuality): a choice code appears twice in "1, Very poor | 1, Poor".',
      ],
      [
        withRow(rows, 16, { 'Choices, Calculations, OR Slider Labels': '1, Yes | 0, No' }),
        'Line 18 (safety): a yesno field takes no choices.',
      ],
      [
        withRow(rows, 4, { 'Text Validation Type OR Show Slider Number': 'whole_number' }),
        'Line 6 (model): "whole_number" is not a REDCap validation type.',
      ],
      [
        withRow(rows, 16, { 'Text Validation Type OR Show Slider Number': 'integer' }),
        'Line 18 (safety): only text fields have a validation type.',
      ],
      [
        withRow(rows, 1, { 'Text Validation Max': '9' }),
        'Line 3 (rater): Text Validation Max needs a number or date validation.',
      ],
      [
        withRow(rows, 11, { 'Form Name': 'preference' }),
        'Line 19 (preference): the fields of form "preference" are not together.',
      ],
      [
        withRow(rows, 12, { 'Form Name': 'Rating Form' }),
        'Line 14 (factuality): the form name "Rating Form" is not lower case with underscores.',
      ],
      [
        withRow(rows, 12, { 'Variable / Field Name': 'rating_complete' }),
        'Line 14 (rating_complete): REDCap reserves names ending in _complete for its own fields.',
      ],
      [withRow(rows, 12, { 'Field Label': ' ' }), 'Line 14 (factuality): the field label is empty.'],
      [
        [rows[6]!, ...rows.slice(1, 6), rows[0]!, ...rows.slice(7)],
        'Line 2 (task): the first field, the record id, must be a text field.',
      ],
    ];
    for (const [broken, problem] of cases) expect(redcapDictionaryProblems(HEADER, broken)).toEqual([problem]);
    expect(redcapDictionaryProblems(HEADER.slice(1), rows)).toHaveLength(1);
  });

  it('check a records file against its dictionary', () => {
    const rows = medisumqa();
    const header = ['record_id', 'rater', 'bin', 'task', 'rated_at', 'safety', 'rating_complete'];
    const good = {
      record_id: '1',
      rater: 'R01',
      bin: '5',
      task: '1',
      rated_at: '2026-03-02 09:00:01',
      safety: '1',
      rating_complete: '2',
    };
    expect(redcapRecordProblems(rows, header, [good])).toEqual([]);
    expect(
      redcapRecordProblems(rows, header, [
        good,
        { ...good, bin: '6', task: '7', rated_at: '2026-03-02T09:00:01Z', safety: 'yes', rating_complete: '3' },
      ]),
    ).toEqual([
      'Line 3: record id 1 is already on line 2.',
      'Line 3, bin: "6": above the maximum 5.',
      'Line 3, task: "7": not one of the codes 1, 2, 3.',
      'Line 3, rated_at: "2026-03-02T09:00:01Z": not YYYY-MM-DD HH:MM:SS.',
      'Line 3, safety: "yes": give 1 or 0.',
      'Line 3, rating_complete: "3": an instrument status is 0, 1 or 2.',
    ]);
    expect(redcapRecordProblems(rows, ['rater', 'record_id', 'colour'], [])).toEqual([
      'Line 1: the first column must be the record id "record_id".',
      'Line 1: "colour" is not a field of the data dictionary.',
    ]);
  });

  it('parse choices only when each has a code, a comma and a label', () => {
    expect(parseChoices('1, Very poor | 2, Poor, but honest')).toEqual([
      { code: '1', label: 'Very poor' },
      { code: '2', label: 'Poor, but honest' },
    ]);
    expect(parseChoices('1, Very poor | 2,')).toBeNull();
  });
});
