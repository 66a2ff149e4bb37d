/** CSV text into records that know their line, so every reader can name the line of a bad cell. */
import { parse } from 'csv-parse/sync';
import { visitWellFormedCsvRecords } from './csv-well-formed';
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
export function csvRecords(text: string, fileName: string, exportColumns?: ExportColumns): CsvRecord[] {
  const lineOf = csvRecordLines(text, fileName);
  const records: CsvRecord[] = [];
  visitCsvRecords(
    text,
    fileName,
    (cells, index) => {
      // Index 0 again: the fast tokeniser gave up partway, and csv-parse's records follow.
      if (index === 0) records.length = 0;
      records.push(new LocatedRecord(cells, index, lineOf));
    },
    exportColumns,
  );
  return records;
}

/** The columns of a BlindRate export, to know its header by (isExportHeader). */
export interface ExportColumns {
  fixed: readonly string[];
  alwaysWritten: readonly string[];
}

/**
 * Hands the cells of each record, as csvRecords gives them, and its index to `visit`, keeping none, so that
 * a reader judging a large file record by record leaves the garbage collector little to copy. When the fast
 * tokeniser gives up partway, the records come again from index 0 as csv-parse reads them (or csv-parse's
 * error is thrown): a visitor starts afresh on index 0.
 */
export function visitCsvRecords(
  text: string,
  fileName: string,
  visit: (cells: string[], index: number) => void,
  exportColumns?: ExportColumns,
): void {
  let index = 0;
  let ownExport = false;
  const visitRecord = (cells: string[]): void => {
    if (index === 0) {
      ownExport =
        exportColumns !== undefined && isExportHeader(cells, exportColumns.fixed, exportColumns.alwaysWritten);
    }
    visit(ownExport ? restored(cells) : cells, index++);
  };
  if (visitWellFormedCsvRecords(text, visitRecord)) return;
  index = 0;
  for (const cells of parseCsv<string[]>(text, fileName, false)) visitRecord(cells);
}

/** The line of each record of `text` by its index, worked out for all records when first asked for. */
export function csvRecordLines(text: string, fileName: string): (index: number) => number {
  let lines: number[] | undefined;
  return (index) => (lines ??= recordLines(text, fileName))[index]!;
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
