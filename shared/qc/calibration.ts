/**
 * The calibration file (`assign --calibration N --calibration-file FILE`): for each calibration task,
 * the output to show (item_id and model), the coordinator's expected rating on some or all of the
 * rubric's dimensions, and a one-line rationale shown to the rater after they save.
 *
 * CSV: columns item_id, model, rationale and one column per dimension key (an empty cell = no
 * expectation). JSON: an array, or one object per line, of
 * {"item_id": "…", "model": "…", "expected": {"factuality": 4, …}, "rationale": "…"}.
 * Every problem names the file, the line (JSON array: the record) and the field.
 */
import { z } from 'zod';
import type { KnownDimension } from '../analysis/dimensions';
import { CsvSyntaxError, csvRecords, type CsvRecord } from '../csv';
import { describeRecordLocation, detectImportFormat, type ImportFormat } from '../import/format';

export interface CalibrationEntry {
  itemId: string;
  model: string;
  /** Expected value per dimension key; at least one. */
  expected: Record<string, number>;
  rationale: string;
  /** Where the entry is, e.g. "Line 3 of calibration.csv", for errors found later (an unknown output). */
  location: string;
}

/** What the rater is shown after saving a calibration task (the only QC information a rater ever sees). */
export type CalibrationFeedback = Pick<CalibrationEntry, 'expected' | 'rationale'>;

export type ParseCalibrationResult = { ok: true; entries: CalibrationEntry[] } | { ok: false; errors: string[] };

const FIXED_CSV_COLUMNS = ['item_id', 'model', 'rationale'] as const;
const INTEGER = /^-?\d+$/;
const MAX_ERRORS = 20;

const jsonEntrySchema = z.strictObject({
  item_id: z.string(),
  model: z.string(),
  expected: z.record(z.string(), z.number()),
  rationale: z.string(),
});

interface RawEntry {
  itemId: string;
  model: string;
  expected: Record<string, number>;
  rationale: string;
}

export function parseCalibrationFile(
  fileName: string,
  text: string,
  rubric: ReadonlyArray<KnownDimension>,
): ParseCalibrationResult {
  const format = detectImportFormat(fileName, text.slice(0, 1024));
  const located = format === 'csv' ? readCsv(fileName, text, rubric) : readJson(fileName, format, text);
  if (!located.ok) return located;
  const errors: string[] = [];
  const entries: CalibrationEntry[] = [];
  const firstLocation = new Map<string, string>();
  for (const { location, raw } of located.entries) {
    if (errors.length >= MAX_ERRORS) break;
    const problem = entryProblem(raw, rubric);
    if (problem !== null) {
      errors.push(`${location}: ${problem}`);
      continue;
    }
    const key = JSON.stringify([raw.itemId, raw.model]);
    const earlier = firstLocation.get(key);
    if (earlier !== undefined) {
      errors.push(
        `${location}: item "${raw.itemId}", model "${raw.model}" is already a calibration task (${earlier.toLowerCase()})`,
      );
      continue;
    }
    firstLocation.set(key, location);
    entries.push({ ...raw, rationale: raw.rationale.trim(), location });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (entries.length === 0) return { ok: false, errors: [`${fileName} has no calibration entries`] };
  return { ok: true, entries };
}

type Located = { ok: true; entries: { location: string; raw: RawEntry }[] } | { ok: false; errors: string[] };

function readCsv(fileName: string, text: string, rubric: ReadonlyArray<KnownDimension>): Located {
  let records: CsvRecord[];
  try {
    records = csvRecords(text, fileName);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [error.message] };
    throw error;
  }
  if (records.length === 0)
    return { ok: false, errors: [`${fileName} is empty: expected a header line and calibration entries`] };
  const [header, ...rows] = records as [CsvRecord, ...CsvRecord[]];
  const where = `Line ${header.line} of ${fileName}`;
  const columns = header.cells.map((c) => c.trim());
  const dimensionKeys = rubric.map((d) => d.key);
  const errors: string[] = [];
  for (const column of FIXED_CSV_COLUMNS)
    if (!columns.includes(column)) errors.push(`${where}: required column "${column}" is missing`);
  columns.forEach((column, i) => {
    if (columns.indexOf(column) !== i) errors.push(`${where}: column "${column}" appears twice`);
    else if (!(FIXED_CSV_COLUMNS as ReadonlyArray<string>).includes(column) && !dimensionKeys.includes(column)) {
      errors.push(`${where}: column "${column}" is not a dimension of the rubric (${dimensionKeys.join(', ')})`);
    }
  });
  if (errors.length > 0) return { ok: false, errors };

  const entries: { location: string; raw: RawEntry }[] = [];
  for (const record of rows) {
    const location = `Line ${record.line} of ${fileName}`;
    if (record.cells.length !== columns.length) {
      errors.push(`${location}: ${record.cells.length} cells, the header has ${columns.length}`);
      continue;
    }
    const cell = (column: string) => record.cells[columns.indexOf(column)]!.trim();
    const expected: Record<string, number> = {};
    for (const key of dimensionKeys.filter((k) => columns.includes(k))) {
      const raw = cell(key);
      if (raw === '') continue;
      if (!INTEGER.test(raw)) errors.push(`${location}: "${key}" must be a whole number, got "${raw}"`);
      else expected[key] = Number(raw);
    }
    entries.push({
      location,
      raw: {
        itemId: cell('item_id'),
        model: cell('model'),
        expected,
        rationale: record.cells[columns.indexOf('rationale')]!,
      },
    });
  }
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_ERRORS) } : { ok: true, entries };
}

function readJson(fileName: string, format: Exclude<ImportFormat, 'csv'>, text: string): Located {
  const values: { position: number; value: unknown }[] = [];
  try {
    if (format === 'json') {
      // detectImportFormat says 'json' only for text starting with '[', so valid JSON here is an array.
      const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown[];
      parsed.forEach((value, i) => values.push({ position: i + 1, value }));
    } else {
      text
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .forEach((line, i) => {
          if (line.trim() === '') return;
          try {
            values.push({ position: i + 1, value: JSON.parse(line) });
          } catch (error) {
            throw new SyntaxError(`Line ${i + 1} of ${fileName}: not valid JSON (${(error as Error).message})`);
          }
        });
    }
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return {
      ok: false,
      errors: [format === 'json' ? `${fileName}: not valid JSON (${error.message})` : error.message],
    };
  }
  const errors: string[] = [];
  const entries: { location: string; raw: RawEntry }[] = [];
  for (const { position, value } of values) {
    const location = describeRecordLocation(fileName, format, position);
    const parsed = jsonEntrySchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the entry';
      errors.push(`${location}: ${field}: ${issue.message}`);
      continue;
    }
    const { item_id, model, expected, rationale } = parsed.data;
    entries.push({ location, raw: { itemId: item_id.trim(), model: model.trim(), expected, rationale } });
  }
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_ERRORS) } : { ok: true, entries };
}

/** The first thing wrong with an entry, naming its field; null when it can be used. */
function entryProblem(entry: RawEntry, rubric: ReadonlyArray<KnownDimension>): string | null {
  if (entry.itemId === '') return '"item_id" is empty';
  if (entry.model === '') return '"model" is empty';
  const rationale = entry.rationale.trim();
  if (rationale === '') return '"rationale" is empty: give the rater one line on why';
  if (/[\r\n]/.test(rationale)) return '"rationale" must be one line';
  const keys = Object.keys(entry.expected);
  if (keys.length === 0) return 'no expected rating: give at least one dimension a value';
  for (const key of keys) {
    const dimension = rubric.find((d) => d.key === key);
    if (!dimension) return `"${key}" is not a dimension of the rubric (${rubric.map((d) => d.key).join(', ')})`;
    const value = entry.expected[key]!;
    if (!dimension.scale.includes(value))
      return `"${key}" must be on the rubric's scale (${dimension.scale.join(', ')}), got ${value}`;
  }
  return null;
}

/**
 * Finds each entry's output in the study (`findOutput` is the caller's lookup, e.g. a query by item and
 * model); an entry naming no output is refused at its place in the file.
 */
export function resolveCalibrationOutputs<Output>(
  entries: ReadonlyArray<CalibrationEntry>,
  findOutput: (itemId: string, model: string) => Output | undefined,
): { ok: true; resolved: { entry: CalibrationEntry; output: Output }[] } | { ok: false; errors: string[] } {
  const resolved: { entry: CalibrationEntry; output: Output }[] = [];
  const errors: string[] = [];
  for (const entry of entries) {
    const output = findOutput(entry.itemId, entry.model);
    if (output === undefined)
      errors.push(`${entry.location}: the study has no output of item "${entry.itemId}" by model "${entry.model}"`);
    else resolved.push({ entry, output });
  }
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_ERRORS) } : { ok: true, resolved };
}
