/**
 * REDCap's documented data-dictionary rules, checked on a dictionary and a records file as a spreadsheet
 * shows them (line 1 is the header): every problem, one line each, naming the line and the field.
 * Sources are cited in docs/protocol-and-hand-off.md.
 */
import {
  MAX_VARIABLE_NAME_LENGTH,
  REDCAP_DICTIONARY_COLUMNS,
  REDCAP_FIELD_TYPES,
  REDCAP_VALIDATION_TYPES,
  type DictionaryRow,
} from './redcap';

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
const CHOICE_TYPES: ReadonlySet<string> = new Set(['dropdown', 'radio', 'checkbox']);
const NUMERIC_VALIDATIONS: ReadonlySet<string> = new Set([
  'integer',
  'number',
  'number_1dp',
  'number_2dp',
  'number_3dp',
  'number_4dp',
]);

/** Parses `1, Very poor | 2, Poor`: each choice a raw code, a comma, a label. Null when malformed. */
export function parseChoices(text: string): { code: string; label: string }[] | null {
  const choices = text.split('|').map((part) => {
    const comma = part.indexOf(',');
    return comma < 0 ? null : { code: part.slice(0, comma).trim(), label: part.slice(comma + 1).trim() };
  });
  if (choices.some((c) => c === null || !/^[A-Za-z0-9_.-]+$/.test(c.code) || c.label === '')) return null;
  return choices as { code: string; label: string }[];
}

export function redcapDictionaryProblems(header: readonly string[], rows: readonly DictionaryRow[]): string[] {
  const problems: string[] = [];
  if (header.join('\u0000') !== REDCAP_DICTIONARY_COLUMNS.join('\u0000'))
    problems.push(`Line 1: the columns must be REDCap's 18, in order: ${REDCAP_DICTIONARY_COLUMNS.join(', ')}.`);
  const seen = new Map<string, number>();
  const formsClosed = new Set<string>();
  let previousForm: string | null = null;
  rows.forEach((row, index) => {
    const line = index + 2;
    const name = row['Variable / Field Name'];
    const form = row['Form Name'];
    const type = row['Field Type'];
    const at = `Line ${line} (${name || 'no name'})`;
    if (!NAME_PATTERN.test(name))
      problems.push(`${at}: a variable name is lower-case letters, digits and underscores, starting with a letter.`);
    if (name.length > MAX_VARIABLE_NAME_LENGTH)
      problems.push(
        `${at}: a variable name has at most ${MAX_VARIABLE_NAME_LENGTH} characters, this one ${name.length}.`,
      );
    if (seen.has(name)) problems.push(`${at}: the variable name is already used on line ${seen.get(name)}.`);
    seen.set(name, line);
    if (/_complete$/.test(name)) problems.push(`${at}: REDCap reserves names ending in _complete for its own fields.`);
    if (!NAME_PATTERN.test(form)) problems.push(`${at}: the form name "${form}" is not lower case with underscores.`);
    if (form !== previousForm) {
      if (formsClosed.has(form)) problems.push(`${at}: the fields of form "${form}" are not together.`);
      if (previousForm !== null) formsClosed.add(previousForm);
      previousForm = form;
    }
    const knownType = (REDCAP_FIELD_TYPES as readonly string[]).includes(type);
    if (!knownType) problems.push(`${at}: "${type}" is not a REDCap field type (${REDCAP_FIELD_TYPES.join(', ')}).`);
    if (row['Field Label'].trim() === '') problems.push(`${at}: the field label is empty.`);
    const choices = row['Choices, Calculations, OR Slider Labels'];
    if (CHOICE_TYPES.has(type)) {
      const parsed = parseChoices(choices);
      if (!parsed) problems.push(`${at}: the choices must read "1, Label | 2, Label", got "${choices}".`);
      else if (new Set(parsed.map((c) => c.code)).size !== parsed.length)
        problems.push(`${at}: a choice code appears twice in "${choices}".`);
    } else if (knownType && choices !== '' && type !== 'calc' && type !== 'slider' && type !== 'sql')
      problems.push(`${at}: a ${type} field takes no choices.`);
    const validation = row['Text Validation Type OR Show Slider Number'];
    if (validation !== '' && type !== 'slider') {
      if (type !== 'text') problems.push(`${at}: only text fields have a validation type.`);
      else if (!(REDCAP_VALIDATION_TYPES as readonly string[]).includes(validation))
        problems.push(`${at}: "${validation}" is not a REDCap validation type.`);
    }
    for (const bound of ['Text Validation Min', 'Text Validation Max'] as const) {
      const value = row[bound];
      if (value === '') continue;
      if (!NUMERIC_VALIDATIONS.has(validation)) problems.push(`${at}: ${bound} needs a number or date validation.`);
      else if (!Number.isFinite(Number(value))) problems.push(`${at}: ${bound} "${value}" is not a number.`);
    }
  });
  if (rows.length === 0) problems.push('The data dictionary has no fields.');
  else if (rows[0]!['Field Type'] !== 'text')
    problems.push(
      `Line 2 (${rows[0]!['Variable / Field Name']}): the first field, the record id, must be a text field.`,
    );
  return problems;
}

/**
 * A records file as REDCap's import takes it: the record id first, every column a field of the
 * dictionary (or a `<form>_complete`), every value valid for its field.
 */
export function redcapRecordProblems(
  dictionary: readonly DictionaryRow[],
  header: readonly string[],
  records: readonly Record<string, string>[],
): string[] {
  const problems: string[] = [];
  const fields = new Map(dictionary.map((row) => [row['Variable / Field Name'], row]));
  const forms = new Set(dictionary.map((row) => row['Form Name']));
  const recordId = dictionary[0]?.['Variable / Field Name'];
  if (header[0] !== recordId) problems.push(`Line 1: the first column must be the record id "${recordId}".`);
  for (const column of header) {
    const form = /^(.+)_complete$/.exec(column)?.[1];
    if (!fields.has(column) && !(form && forms.has(form)))
      problems.push(`Line 1: "${column}" is not a field of the data dictionary.`);
  }
  const ids = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    const id = record[recordId ?? ''] ?? '';
    if (id === '') problems.push(`Line ${line}: the record id is empty.`);
    else if (ids.has(id)) problems.push(`Line ${line}: record id ${id} is already on line ${ids.get(id)}.`);
    ids.set(id, line);
    for (const column of header) {
      const value = record[column] ?? '';
      if (value === '') continue;
      const problem =
        /_complete$/.test(column) && !fields.has(column)
          ? ['0', '1', '2'].includes(value)
            ? null
            : 'an instrument status is 0, 1 or 2'
          : valueProblem(fields.get(column), value);
      if (problem) problems.push(`Line ${line}, ${column}: "${value}": ${problem}.`);
    }
  });
  return problems;
}

function valueProblem(field: DictionaryRow | undefined, value: string): string | null {
  if (!field) return null;
  const type = field['Field Type'];
  if (type === 'yesno' || type === 'truefalse') return value === '0' || value === '1' ? null : 'give 1 or 0';
  if (CHOICE_TYPES.has(type)) {
    const codes = (parseChoices(field['Choices, Calculations, OR Slider Labels']) ?? []).map((c) => c.code);
    return codes.includes(value) ? null : `not one of the codes ${codes.join(', ')}`;
  }
  const validation = field['Text Validation Type OR Show Slider Number'];
  if (validation === 'integer') {
    if (!/^-?\d+$/.test(value)) return 'not a whole number';
    const n = Number(value);
    const min = field['Text Validation Min'];
    const max = field['Text Validation Max'];
    if (min !== '' && n < Number(min)) return `below the minimum ${min}`;
    if (max !== '' && n > Number(max)) return `above the maximum ${max}`;
  }
  if (validation === 'datetime_seconds_ymd' && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value))
    return 'not YYYY-MM-DD HH:MM:SS';
  return null;
}
