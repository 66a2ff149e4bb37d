/**
 * CHQ-Summ runs (`generate_and_evaluate.py`). A test run writes `predictions-test.csv` with pandas'
 * `DataFrame.to_csv`: an unnamed index column (0, 1, 2, …), then "Generated Text" and "Actual Text".
 * The questions being summarised are the lines of `test.source`; "Actual Text" is the matching line
 * of `test.target`, stripped, as the script's `read_langs` reads both files. The index is the line.
 */
import { asRawRecord, excerpt, type RawRecord, type RecordJoiner } from './join';
import { RecordError } from './record';

/** The name the CSV reader gives an unnamed column: `#` and its position from 0 (pandas' index is `#0`). */
export const PANDAS_INDEX_COLUMN = '#0';
const GENERATED = 'Generated Text';
const ACTUAL = 'Actual Text';

export const CHQ_SUMM_COLUMN_MAP: Record<string, string> = { output: GENERATED, reference: ACTUAL };

export interface LinesFile {
  name: string;
  /** The file's lines as Python's `readlines()` splits them, each `.strip()`ped as `read_langs` does. */
  lines: readonly string[];
}

/** str.isspace() characters (JavaScript's \s differs: it includes U+FEFF and lacks U+001C–U+001F, U+0085). */
const PYTHON_WHITESPACE =
  '\t\n\v\f\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000';
const PYTHON_EDGE_WHITESPACE = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'g');

/**
 * Python's `open(path).readlines()` with `.strip()` per line: universal newlines (\n, \r\n, \r) and
 * no extra line after a final newline. Strips what str.strip() strips (Unicode whitespace).
 */
export function pythonStrippedLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.replace(PYTHON_EDGE_WHITESPACE, ''));
}

/** Joins predictions-test.csv rows to the source lines (and checks "Actual Text" against the target lines). */
export function createChqSummJoin(source: LinesFile, target: LinesFile | null): RecordJoiner {
  // read_langs zips the two files: a run covers as many lines as the shorter one has.
  const count = target ? Math.min(source.lines.length, target.lines.length) : source.lines.length;
  const joined = new Map<number, number>();
  return {
    addedColumns: ['item_id', 'question'],
    provenance: { from: 'chq-summ', source: source.name, target: target?.name ?? null },
    join(raw, ordinal) {
      const record = asRawRecord(raw);
      const indexText = record[PANDAS_INDEX_COLUMN];
      if (typeof indexText !== 'string' || !/^\d+$/.test(indexText.trim())) {
        throw new RecordError(
          PANDAS_INDEX_COLUMN,
          `(the unnamed pandas index column) must be a row number 0, 1, 2, …, got ${JSON.stringify(indexText ?? null)}`,
        );
      }
      const index = Number(indexText.trim());
      if (index >= count)
        throw new RecordError(
          PANDAS_INDEX_COLUMN,
          `is ${index}, but ${source.name} has only ${count} lines (0 to ${count - 1})`,
        );
      const earlier = joined.get(index);
      if (earlier !== undefined)
        throw new RecordError(PANDAS_INDEX_COLUMN, `${index} appears twice (record ${earlier} and ${ordinal})`);
      joined.set(index, ordinal);
      const line = index + 1;
      if (target && record[ACTUAL] !== target.lines[index]) {
        throw new RecordError(
          ACTUAL,
          `is ${excerpt(record[ACTUAL])} but line ${line} of ${target.name} is ${excerpt(target.lines[index])}: are these the test files the run used?`,
        );
      }
      const out: RawRecord = { [GENERATED]: record[GENERATED], [ACTUAL]: record[ACTUAL] };
      return { ...out, item_id: `line-${line}`, question: source.lines[index] };
    },
    finish(records) {
      if (records !== count) {
        throw new RecordError(
          null,
          `has ${records} rows but ${source.name} has ${count} lines: an unfinished run or other test files`,
        );
      }
    },
  };
}
