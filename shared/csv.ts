/** CSV text into records that know their line, so every reader can name the line of a bad cell. */
import { parse } from 'csv-parse/sync';
import { wellFormedCsvRecords } from './csv-well-formed';
import { isExportHeader, restoreFormulaText } from './text/spreadsheet-cell';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  readonly line: number;
  cells: string[];
}

/** csv-parse found the text malformed; the message names the file. */
export class CsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } as const;

/**
 * Tokenises CSV text (a UTF-8 BOM and blank lines allowed, rows of any length) as csv-parse does: well-formed
 * text by a tokeniser of its own (shared/csv-well-formed.ts), anything else by csv-parse itself. Line numbers are needed only to report a problem, and csv-parse's `info` costs an object per record
 * (a tenth of the parse), so a record's line is worked out when first asked for, by parsing once more
 * with `info`.
 *
 * BlindRate's CSV exports quote formula-like text (shared/text/spreadsheet-cell). When the header is
 * that of the export described by `exportColumns` (isExportHeader), reading takes the quote off again;
 * any other file's cells are kept exactly as written.
 */
export function csvRecords(
  text: string,
  fileName: string,
  exportColumns?: { fixed: readonly string[]; alwaysWritten: readonly string[] },
): CsvRecord[] {
  let lines: number[] | undefined;
  const lineOf = (index: number): number => (lines ??= recordLines(text, fileName))[index]!;
  const records = wellFormedCsvRecords(text) ?? parseCsv<string[]>(text, fileName, false);
  const ownExport =
    exportColumns !== undefined &&
    records.length > 0 &&
    isExportHeader(records[0]!, exportColumns.fixed, exportColumns.alwaysWritten);
  return records.map((record, index) => new LocatedRecord(ownExport ? restored(record) : record, index, lineOf));
}

/** The record with the formula quotes of an export taken off, in place (the records are this module's own). */
function restored(record: string[]): string[] {
  for (let i = 0; i < record.length; i++) record[i] = restoreFormulaText(record[i]!);
  return record;
}

class LocatedRecord implements CsvRecord {
  constructor(
    readonly cells: string[],
    private readonly index: number,
    private readonly lineOf: (index: number) => number,
  ) {}

  get line(): number {
    return this.lineOf(this.index);
  }
}

/** The line each record starts on. */
function recordLines(text: string, fileName: string): number[] {
  // csv-parse reports the line a record ends on; it starts after the previous record and any blank lines.
  let previousEnd = 0;
  let previousEmpty = 0;
  return parseCsv<{ info: { lines: number; empty_lines: number } }>(text, fileName, true).map(({ info }) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return line;
  });
}

function parseCsv<T>(text: string, fileName: string, info: boolean): T[] {
  try {
    return parse(text, { ...OPTIONS, info }) as unknown as T[];
  } catch (error) {
    throw new CsvSyntaxError(`${fileName}: ${(error as Error).message}`);
  }
}
