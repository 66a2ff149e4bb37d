/**
 * The hand-off to REDCap: a data dictionary (one instrument of identifiers, then one per task kind) and
 * an import-ready records file built from the tidy ratings, and the checks of both against REDCap's
 * documented data-dictionary rules (docs/protocol-and-hand-off.md cites where each rule comes from).
 */
import { PAIRWISE_DIMENSION, PAIRWISE_TIE } from './analysis/pairwise';
import type { TidyPairwiseRow, TidyRatingRow } from './analysis/tidy';
import type { TaskKind } from './domain';
import { assertNever } from './kinds/assert-never';
import { QC_ROLES } from './qc/roles';
import type { Rubric, RubricDimension } from './rubric';

/** The 18 columns of a REDCap data dictionary, in REDCap's order. */
export const REDCAP_DICTIONARY_COLUMNS = [
  'Variable / Field Name',
  'Form Name',
  'Section Header',
  'Field Type',
  'Field Label',
  'Choices, Calculations, OR Slider Labels',
  'Field Note',
  'Text Validation Type OR Show Slider Number',
  'Text Validation Min',
  'Text Validation Max',
  'Identifier?',
  'Branching Logic (Show field only if...)',
  'Required Field?',
  'Custom Alignment',
  'Question Number (surveys only)',
  'Matrix Group Name',
  'Matrix Ranking?',
  'Field Annotation',
] as const;
export type DictionaryColumn = (typeof REDCAP_DICTIONARY_COLUMNS)[number];
export type DictionaryRow = Record<DictionaryColumn, string>;

export const REDCAP_FIELD_TYPES = [
  'text',
  'notes',
  'dropdown',
  'radio',
  'checkbox',
  'yesno',
  'truefalse',
  'calc',
  'file',
  'slider',
  'descriptive',
  'sql',
] as const;
export type RedcapFieldType = (typeof REDCAP_FIELD_TYPES)[number];

/** Text validation types REDCap documents (text fields only). */
export const REDCAP_VALIDATION_TYPES = [
  'date_ymd',
  'date_mdy',
  'date_dmy',
  'datetime_ymd',
  'datetime_mdy',
  'datetime_dmy',
  'datetime_seconds_ymd',
  'datetime_seconds_mdy',
  'datetime_seconds_dmy',
  'time',
  'time_mm_ss',
  'integer',
  'number',
  'number_1dp',
  'number_2dp',
  'number_3dp',
  'number_4dp',
  'email',
  'phone',
  'zipcode',
  'alpha_only',
] as const;
export type RedcapValidation = (typeof REDCAP_VALIDATION_TYPES)[number];

export const MAX_VARIABLE_NAME_LENGTH = 26;

export interface RedcapField {
  name: string;
  form: string;
  type: RedcapFieldType;
  label: string;
  /** Coded choices, written `1, Very poor | 2, Poor | …` (radio, dropdown, checkbox). */
  choices?: ReadonlyArray<readonly [code: string, label: string]>;
  note?: string;
  validation?: RedcapValidation;
  min?: string;
  max?: string;
  /** For a rubric dimension's field: the dimension's key (not a dictionary column). */
  dimension?: string;
  /** For a pairwise aspect's field: the key of the rubric dimension the choice is about. */
  aspect?: string;
}

export function dictionaryRow(field: RedcapField): DictionaryRow {
  return {
    'Variable / Field Name': field.name,
    'Form Name': field.form,
    'Section Header': '',
    'Field Type': field.type,
    'Field Label': field.label,
    'Choices, Calculations, OR Slider Labels': (field.choices ?? [])
      .map(([code, label]) => `${code}, ${label}`)
      .join(' | '),
    'Field Note': field.note ?? '',
    'Text Validation Type OR Show Slider Number': field.validation ?? '',
    'Text Validation Min': field.min ?? '',
    'Text Validation Max': field.max ?? '',
    'Identifier?': '',
    'Branching Logic (Show field only if...)': '',
    'Required Field?': '',
    'Custom Alignment': '',
    'Question Number (surveys only)': '',
    'Matrix Group Name': '',
    'Matrix Ranking?': '',
    'Field Annotation': '',
  };
}

/** A dimension key as a REDCap variable: lower case, [a-z0-9_], a letter first, ≤ 26 characters, not yet taken. */
export function redcapVariableName(text: string, taken: ReadonlySet<string>): string {
  let base = text.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
  if (!/^[a-z]/.test(base)) base = `v_${base}`;
  base = base.slice(0, MAX_VARIABLE_NAME_LENGTH);
  let name = base;
  for (let n = 2; taken.has(name) || RESERVED_SUFFIX.test(name); n++) {
    const suffix = `_${n}`;
    name = `${base.slice(0, MAX_VARIABLE_NAME_LENGTH - suffix.length)}${suffix}`;
  }
  return name;
}

/** REDCap adds `<form>_complete` to every instrument itself; no field may be called so. */
const RESERVED_SUFFIX = /_complete$/;

/** A label as a choice label: REDCap splits choices at `|`. */
function choiceLabel(label: string): string {
  return label.replace(/\s*\|\s*/g, ' / ').trim();
}

/** Where the instrument of each task kind gets its fields from: a total map, so a new kind must add one. */
const TASK_INSTRUMENTS: Record<TaskKind, (rubric: Rubric, taken: Set<string>) => RedcapField[]> = {
  rating: (rubric, taken) => rubric.dimensions.map((d) => dimensionField(d, taken)),
  preference: (rubric) => [
    {
      name: 'preference',
      form: 'preference',
      type: 'radio',
      label: 'Which answer is better: the model’s or the reference (ground truth)?',
      choices: PREFERENCE_CHOICES.filter(([, value]) => rubric.preference.allowTie || value !== 'tie').map(
        ([code, value]) => [code, value] as const,
      ),
    },
    {
      name: 'model_shown_as',
      form: 'preference',
      type: 'radio',
      label: 'Where the model’s answer was shown',
      choices: [
        ['1', 'A'],
        ['2', 'B'],
      ],
    },
  ],
  pairwise: (rubric, taken) => [...PAIRWISE_FIELDS, ...pairwiseAspectFields(rubric, taken)],
};

const PAIRWISE_SIDE_CHOICES = [
  ['1', 'A'],
  ['2', 'B'],
  ['3', 'tie'],
] as const;

const MODEL_KEY_NOTE = 'The key from code to model is the separate model key file.';

/** Model against model: the blinded choice as the rater made it, and which model's answer was at A and at B. */
const PAIRWISE_FIELDS: readonly RedcapField[] = [
  {
    name: 'pairwise',
    form: 'pairwise',
    type: 'radio',
    label: 'Which answer is better: the one shown at A or the one shown at B?',
    choices: PAIRWISE_SIDE_CHOICES,
  },
  { name: 'both_unacceptable', form: 'pairwise', type: 'yesno', label: 'Both answers unacceptable?' },
  { name: 'model_a', form: 'pairwise', type: 'text', label: 'Model shown at A (code)', note: MODEL_KEY_NOTE },
  { name: 'model_b', form: 'pairwise', type: 'text', label: 'Model shown at B (code)', note: MODEL_KEY_NOTE },
];

/** The side a pairwise choice fell on, coded as the pairwise instrument codes it: A, B or tie. */
function pairwiseSideCode(row: TidyPairwiseRow): string {
  return row.value === PAIRWISE_TIE ? '3' : row.value === row.modelA ? '1' : '2';
}

/** A multi-aspect pairwise rubric asks one A/B/tie choice per listed dimension: a field each, coded as the overall one. */
function pairwiseAspectFields(rubric: Rubric, taken: Set<string>): RedcapField[] {
  return (rubric.pairwise?.aspects ?? []).map((key) => {
    const dimension = rubric.dimensions.find((d) => d.key === key);
    const name = redcapVariableName(`pairwise_${key}`, taken);
    taken.add(name);
    return {
      name,
      aspect: key,
      form: 'pairwise',
      type: 'radio',
      label: `${dimension?.label ?? key}: which answer is better, the one shown at A or the one shown at B?`,
      choices: PAIRWISE_SIDE_CHOICES,
    };
  });
}

const PREFERENCE_CHOICES = [
  ['1', 'model'],
  ['2', 'reference'],
  ['3', 'tie'],
] as const;

function dimensionField(dimension: RubricDimension, taken: Set<string>): RedcapField {
  const name = redcapVariableName(dimension.key, taken);
  taken.add(name);
  const values = dimension.scale.map((p) => p.value).sort((a, b) => a - b);
  const yesNo = dimension.kind === 'binary' && values.length === 2 && values[0] === 0 && values[1] === 1;
  if (yesNo) {
    const yes = dimension.scale.find((p) => p.value === 1)!;
    const no = dimension.scale.find((p) => p.value === 0)!;
    return {
      name,
      dimension: dimension.key,
      form: 'rating',
      type: 'yesno',
      label: `${dimension.label}: ${yes.label}?`,
      note: `Yes (1) = ${yes.label}, No (0) = ${no.label}`,
    };
  }
  return {
    name,
    dimension: dimension.key,
    form: 'rating',
    type: 'radio',
    label: dimension.label,
    choices: dimension.scale.map((p) => [String(p.value), choiceLabel(p.label)] as const),
    ...(dimension.description ? { note: dimension.description } : {}),
  };
}

const QC_CHOICES = QC_ROLES.map((role, i) => [String(i + 1), role] as const);
const TASK_CHOICES = (Object.keys(TASK_INSTRUMENTS) as TaskKind[]).map((kind, i) => [String(i + 1), kind] as const);

/** Every field: record id and identifiers first (instrument "assignment"), then an instrument per task kind. */
export function redcapFields(rubric: Rubric, maxBin: number): RedcapField[] {
  const assignment: RedcapField[] = [
    { name: 'record_id', form: 'assignment', type: 'text', label: 'Record ID' },
    { name: 'rater', form: 'assignment', type: 'text', label: 'Rater (code)' },
    { name: 'item_id', form: 'assignment', type: 'text', label: 'Item' },
    {
      name: 'output_id',
      form: 'assignment',
      type: 'text',
      label: 'Output (BlindRate output id)',
      validation: 'integer',
      min: '1',
    },
    {
      name: 'model',
      form: 'assignment',
      type: 'text',
      label: 'Model (code)',
      note: `${MODEL_KEY_NOTE} Empty for a pairwise judgement, which names its two models in its own instrument.`,
    },
    {
      name: 'bin',
      form: 'assignment',
      type: 'text',
      label: 'Bin of the output (1 = lowest average score)',
      validation: 'integer',
      min: '1',
      max: String(Math.max(1, maxBin)),
    },
    { name: 'task', form: 'assignment', type: 'radio', label: 'Task kind', choices: TASK_CHOICES },
    { name: 'qc_role', form: 'assignment', type: 'radio', label: 'Quality-control role', choices: QC_CHOICES },
    {
      name: 'rated_at',
      form: 'assignment',
      type: 'text',
      label: 'Answered at (UTC)',
      validation: 'datetime_seconds_ymd',
    },
    {
      name: 'duration_s',
      form: 'assignment',
      type: 'text',
      label: 'Seconds on screen',
      validation: 'integer',
      min: '0',
    },
    { name: 'comment', form: 'assignment', type: 'notes', label: 'Rater’s comment' },
    { name: 'flagged', form: 'assignment', type: 'yesno', label: 'Flagged by the rater?' },
  ];
  // Names the identifiers and the preference and pairwise instruments use, so no dimension takes one.
  const taken = new Set([
    ...assignment.map((f) => f.name),
    'preference',
    'model_shown_as',
    ...PAIRWISE_FIELDS.map((f) => f.name),
  ]);
  const tasks = (Object.keys(TASK_INSTRUMENTS) as TaskKind[]).flatMap((kind) => TASK_INSTRUMENTS[kind](rubric, taken));
  return [...assignment, ...tasks];
}

/** Instrument names in dictionary order. */
export function redcapForms(fields: readonly RedcapField[]): string[] {
  return [...new Set(fields.map((f) => f.form))];
}

/** The records file's columns: every field, each instrument's `<form>_complete` after its fields. */
export function redcapRecordColumns(fields: readonly RedcapField[]): string[] {
  return redcapForms(fields).flatMap((form) => [
    ...fields.filter((f) => f.form === form && f.type !== 'descriptive').map((f) => f.name),
    `${form}_complete`,
  ]);
}

/** REDCap's value of a complete instrument. */
const COMPLETE = 2;

export type RedcapCell = string | number;

/**
 * One record per answer (a rater's values for one output, or one preference choice): tidy rows grouped by
 * rater, item, model, task and quality-control role, in the order they come; then one record per pairwise
 * judgement: its overall choice and, in a multi-aspect study, its choice on each aspect (the tidy rows of the
 * same rater, item and models whose dimension is the aspect's key).
 */
export function redcapRecords(
  rows: readonly TidyRatingRow[],
  pairwise: readonly TidyPairwiseRow[],
  fields: readonly RedcapField[],
  ids: {
    rater(name: string): string;
    model(name: string): string;
    output(itemId: string, model: string): number | null;
  },
): Record<string, RedcapCell>[] {
  const byAnswer = new Map<string, TidyRatingRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.rater, row.itemId, row.model, row.task, row.qc]);
    const group = byAnswer.get(key);
    if (group) group.push(row);
    else byAnswer.set(key, [row]);
  }
  const variableOf = new Map(
    fields.flatMap((f) => (f.dimension === undefined ? [] : [[f.dimension, f.name] as const])),
  );
  const answers = [...byAnswer.values()].map((group, index) => {
    const first = group[0]!;
    const output = ids.output(first.itemId, first.model);
    const record: Record<string, RedcapCell> = {
      record_id: String(index + 1),
      rater: ids.rater(first.rater),
      item_id: first.itemId,
      output_id: output ?? '',
      model: ids.model(first.model),
      bin: first.bin ?? '',
      task: TASK_CHOICES.find(([, kind]) => kind === first.task)![0],
      qc_role: first.qc === null ? '' : QC_CHOICES.find(([, role]) => role === first.qc)![0],
      rated_at: redcapDateTime(
        group
          .map((r) => r.ratedAt)
          .sort()
          .at(-1) ?? '',
      ),
      duration_s: first.durationMs === null ? '' : Math.round(first.durationMs / 1000),
      comment: first.comment ?? '',
      flagged: first.flagged ? 1 : 0,
      assignment_complete: COMPLETE,
    };
    switch (first.task) {
      case 'rating':
        for (const row of group) {
          const variable = variableOf.get(row.dimension);
          if (variable !== undefined) record[variable] = row.value as number;
        }
        record.rating_complete = COMPLETE;
        break;
      case 'preference':
        record.preference = PREFERENCE_CHOICES.find(([, value]) => value === first.value)![0];
        record.model_shown_as = first.presentedPosition === null ? '' : first.presentedPosition === 'A' ? '1' : '2';
        record.preference_complete = COMPLETE;
        break;
      default:
        assertNever(first, 'task kind');
    }
    return record;
  });
  const aspectVariableOf = new Map(
    fields.flatMap((f) => (f.aspect === undefined ? [] : [[f.aspect, f.name] as const])),
  );
  const judgementKey = (row: TidyPairwiseRow) => JSON.stringify([row.rater, row.itemId, row.modelA, row.modelB]);
  const aspectChoices = new Map<string, Record<string, RedcapCell>>();
  for (const row of pairwise) {
    const variable = aspectVariableOf.get(row.dimension);
    if (row.dimension === PAIRWISE_DIMENSION || variable === undefined) continue;
    const choices = aspectChoices.get(judgementKey(row)) ?? {};
    choices[variable] = pairwiseSideCode(row);
    aspectChoices.set(judgementKey(row), choices);
  }
  const judgements = pairwise
    .filter((row) => row.dimension === PAIRWISE_DIMENSION)
    .map((row, index): Record<string, RedcapCell> => ({
      record_id: String(answers.length + index + 1),
      rater: ids.rater(row.rater),
      item_id: row.itemId,
      output_id: '',
      model: '',
      bin: row.bin ?? '',
      task: TASK_CHOICES.find(([, kind]) => kind === 'pairwise')![0],
      qc_role: '',
      rated_at: redcapDateTime(row.ratedAt),
      duration_s: Math.round(row.durationMs / 1000),
      comment: row.comment,
      flagged: row.flagged ? 1 : 0,
      assignment_complete: COMPLETE,
      // The side the rater chose, as the preference instrument keeps it: A, B or tie.
      pairwise: pairwiseSideCode(row),
      both_unacceptable: row.bothUnacceptable ? 1 : 0,
      model_a: ids.model(row.modelA),
      model_b: ids.model(row.modelB),
      ...aspectChoices.get(judgementKey(row)),
      pairwise_complete: COMPLETE,
    }));
  return [...answers, ...judgements];
}

/** ISO 8601 (UTC) → REDCap's `YYYY-MM-DD HH:MM:SS`; '' stays ''. */
export function redcapDateTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : '';
}
