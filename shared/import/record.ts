/**
 * One import record → one validated OutputRecord. Every file format (JSONL, JSON array, CSV) goes
 * through here, so the field rules, the column mapping and the score parsing are the same for all.
 */
import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';
import type { OutputRecord } from '../domain';
import { unsafeNameReason } from '../text/names';

export const REQUIRED_FIELDS = ['item_id', 'model', 'output', 'question'] as const;
export const OPTIONAL_FIELDS = ['context', 'reference', 'category', 'source_id'] as const;
export const OUTPUT_FIELDS = [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS] as const;
export type OutputField = (typeof OUTPUT_FIELDS)[number];

/** CSV column (or flat JSON key) prefix for an automatic metric: score_rougeL → metric "rougeL". */
export const SCORE_PREFIX = 'score_';

/** Where each canonical field is read from in a file of another shape. */
export interface ColumnMap {
  fields: Partial<Record<OutputField, string>>;
  /** metric → source column */
  scores: Record<string, string>;
}

export const EMPTY_COLUMN_MAP: ColumnMap = { fields: {}, scores: {} };

/** A record that breaks a rule; `field` is the name as it appears in the file. */
export class RecordError extends Error {
  constructor(
    readonly field: string | null,
    message: string,
  ) {
    super(field === null ? message : `"${field}" ${message}`);
    this.name = 'RecordError';
  }
}

/** Splits one `--map field=column` option; the column may itself contain "=" and spaces. */
export function parseMapOption(spec: string): [field: string, column: string] {
  const eq = spec.indexOf('=');
  if (eq < 1 || eq === spec.length - 1)
    throw new RecordError(null, `A column mapping needs field=column, got "${spec}"`);
  return [spec.slice(0, eq).trim(), spec.slice(eq + 1)];
}

/** Builds a ColumnMap from field → column pairs, rejecting fields BlindRate does not know. */
export function buildColumnMap(entries: Readonly<Record<string, string>>): ColumnMap {
  const map: ColumnMap = { fields: {}, scores: {} };
  for (const [field, column] of Object.entries(entries)) {
    if (field.startsWith(SCORE_PREFIX) && field.length > SCORE_PREFIX.length) {
      map.scores[field.slice(SCORE_PREFIX.length)] = column;
    } else if ((OUTPUT_FIELDS as readonly string[]).includes(field)) {
      map.fields[field as OutputField] = column;
    } else {
      throw new RecordError(
        null,
        `Column mapping: unknown field "${field}" (expected ${OUTPUT_FIELDS.join(', ')} or score_<metric>)`,
      );
    }
  }
  return map;
}

export function sourceColumn(map: ColumnMap, field: OutputField): string {
  return map.fields[field] ?? field;
}

/**
 * Required fields a file's header lacks, given the mapping; `model` is not needed when a fixed
 * model name is given. Used to reject a CSV at its header instead of at every row.
 */
export function missingRequiredColumns(header: readonly string[], map: ColumnMap, fixedModel?: string): string[] {
  const present = new Set(header);
  return REQUIRED_FIELDS.filter((f) => !(f === 'model' && fixedModel !== undefined))
    .map((f) => sourceColumn(map, f))
    .filter((column) => !present.has(column));
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const textError = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'is missing' : 'must be text';
// A NUL character (raw, or written \u0000 in JSON) is kept by every parser and truncates text in C tools.
const text = z
  .string({ error: textError })
  .refine((s) => !s.includes('\0'), { error: 'contains a NUL character (\\u0000)' });
const requiredText = text.refine((s) => s.trim() !== '', { error: 'is empty' });
const optionalText = text.nullish().transform((s) => s ?? '');
/** Identifiers may be written as JSON numbers (17) and are compared as text ("17"). */
const identifier = z
  .union([text, z.number()], { error: textError })
  .transform((v) => String(v).trim())
  .refine((s) => s !== '', { error: 'is empty' });
const modelName = identifier.superRefine((name, context) => {
  const reason = unsafeNameReason(name);
  if (reason !== null) context.addIssue({ code: 'custom', message: reason });
});
/** Numbers, or numeric text as benchmark scripts write it ("0.45"); never NaN or ±Infinity (e.g. "1e999"). */
const score = z.preprocess(
  (v) => (typeof v === 'string' && NUMERIC.test(v.trim()) && Number.isFinite(Number(v)) ? Number(v) : v),
  z.number({
    error: (issue) =>
      typeof issue.input === 'number'
        ? `is not a finite number: ${issue.input}`
        : typeof issue.input === 'string' && NUMERIC.test(issue.input.trim())
          ? `is not a finite number: ${JSON.stringify(issue.input)}`
          : `is not a number: ${JSON.stringify(issue.input)}`,
  }),
);

const canonicalSchema = z.object({
  item_id: identifier,
  model: modelName,
  // An empty answer is a real output (a model that produced nothing); the importer lists where they are.
  output: text,
  question: requiredText,
  context: optionalText,
  reference: optionalText,
  category: optionalText,
  // A dataset's id of the item; ids may be JSON numbers and need not be unique (one note, many questions).
  source_id: z
    .union([text, z.number()], { error: textError })
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  scores: z.record(z.string(), score),
});

function isEmptyScore(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export interface RecordOptions {
  /** Import records whose extra fields BlindRate does not know, dropping those fields (`--ignore-unknown`). */
  ignoreUnknown?: boolean;
}

/**
 * A misspelt field ("refrence", "scroes") would otherwise be dropped silently, leaving outputs without
 * a reference or scores; the nearest known name is suggested when it is close.
 */
function rejectUnknownFields(keys: readonly string[], map: ColumnMap): void {
  for (const key of keys) {
    const error = unknownFieldError(key, map);
    if (error) throw error;
  }
}

/** Why `key` is a field BlindRate does not know under this mapping, or null when it knows it. */
export function unknownFieldError(key: string, map: ColumnMap): RecordError | null {
  const known = new Set<string>([
    ...OUTPUT_FIELDS.map((f) => sourceColumn(map, f)),
    'scores',
    ...Object.values(map.scores),
  ]);
  if (known.has(key) || (key.startsWith(SCORE_PREFIX) && key.length > SCORE_PREFIX.length)) return null;
  if (key === SCORE_PREFIX) return new RecordError(key, 'names no metric (write score_<metric>, e.g. score_rougeL)');
  const nearest = closest(key, [...known]);
  const hint =
    distance(key, nearest) <= Math.max(2, Math.floor(nearest.length / 3)) ? ` (did you mean "${nearest}"?)` : '';
  return new RecordError(
    key,
    `is not a field BlindRate knows${hint}; rename it, map it to a field, or import without the fields BlindRate does not know`,
  );
}

/**
 * Validates one raw record (an object of field/column → value). Scores come from a `scores` object
 * (JSON), from `score_<metric>` keys (CSV, flat JSON) and from mapped columns; an empty score cell
 * means "no value for that metric".
 */
export function toOutputRecord(
  raw: unknown,
  map: ColumnMap,
  fixedModel?: string,
  options: RecordOptions = {},
): OutputRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RecordError(null, 'is not an object with fields');
  }
  const source = raw as Record<string, unknown>;
  if (!options.ignoreUnknown)
    rejectUnknownFields(
      Object.keys(source).filter((key) => source[key] !== undefined),
      map,
    );
  const candidate: Record<string, unknown> = {};
  const origin = new Map<string, string>();
  for (const field of OUTPUT_FIELDS) {
    const column = sourceColumn(map, field);
    candidate[field] = source[column];
    origin.set(field, column);
  }
  if (fixedModel !== undefined) {
    const given = candidate.model;
    if (!isEmptyScore(given) && String(given).trim() !== fixedModel) {
      throw new RecordError(
        origin.get('model')!,
        `is "${String(given)}" but the model name given for the file is "${fixedModel}"`,
      );
    }
    candidate.model = fixedModel;
  }

  const scores: Record<string, unknown> = {};
  const addScore = (metric: string, value: unknown, column: string) => {
    if (metric.trim() === '') throw new RecordError(column, 'names no metric (a metric name cannot be empty)');
    if (isEmptyScore(value)) return;
    scores[metric] = value;
    origin.set(`scores.${metric}`, column);
  };
  const nested = source.scores;
  if (nested !== undefined && nested !== null) {
    if (typeof nested !== 'object' || Array.isArray(nested))
      throw new RecordError('scores', 'must be an object of metric: number');
    for (const [metric, value] of Object.entries(nested)) addScore(metric, value, `scores.${metric}`);
  }
  const mappedColumns = new Set(Object.values(map.scores));
  for (const [key, value] of Object.entries(source)) {
    if (key.startsWith(SCORE_PREFIX) && key.length > SCORE_PREFIX.length && !mappedColumns.has(key)) {
      addScore(key.slice(SCORE_PREFIX.length), value, key);
    }
  }
  for (const [metric, column] of Object.entries(map.scores)) addScore(metric, source[column], column);
  candidate.scores = scores;

  const parsed = canonicalSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.map(String).join('.');
    throw new RecordError(origin.get(key) ?? key, issue.message);
  }
  const r = parsed.data;
  return {
    itemId: r.item_id,
    model: r.model,
    output: r.output,
    question: r.question,
    context: r.context,
    reference: r.reference,
    category: r.category,
    sourceId: r.source_id,
    scores: r.scores,
  };
}
