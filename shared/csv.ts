/** CSV text into records that know their line, so every reader can name the line of a bad cell. */
import { parse } from 'csv-parse/sync';
import { restoreFormulaText } from './text/spreadsheet-cell';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/** csv-parse found the text malformed; the message names the file. */
export class CsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Tokenises CSV text (a UTF-8 BOM and blank lines allowed, rows of any length) with csv-parse. */
export function csvRecords(text: string, fileName: string): CsvRecord[] {
  let parsed: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    parsed = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof parsed;
  } catch (error) {
    throw new CsvSyntaxError(`${fileName}: ${(error as Error).message}`);
  }
  // csv-parse reports the line a record ends on; it starts after the previous record and any blank lines.
  let previousEnd = 0;
  let previousEmpty = 0;
  return parsed.map(({ record, info }) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    // BlindRate's CSV exports quote formula-like text (shared/text/spreadsheet-cell); reading takes the quote off again.
    return { line, cells: record.map(restoreFormulaText) };
  });
}
