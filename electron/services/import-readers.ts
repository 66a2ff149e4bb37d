/**
 * Streaming readers for the three import formats. Each yields raw records with their position
 * (line, or array index for JSON) and never holds more than a chunk and one record in memory.
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { ImportFormat } from '../../shared/import/format';
import { restoreFormulaText } from '../../shared/text/spreadsheet-cell';

export interface SourceRecord {
  value: unknown;
  /** 1-based line (JSONL, CSV: where the row starts) or array position (JSON). */
  position: number;
}

/** A failure of the file's syntax, positioned when the parser knows where. */
export class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly position: number | null,
  ) {
    super(message);
    this.name = 'SyntaxProblem';
  }
}

export interface ReaderOptions {
  /** Called with every chunk as it is read (so the file can be hashed in the same pass) and the bytes read so far. */
  onChunk: (chunk: Buffer, bytesRead: number) => void;
  /** Checks a CSV header before any row is read; throws to reject the file. */
  checkHeader: (header: string[]) => void;
}

export function readRecords(path: string, format: ImportFormat, options: ReaderOptions): AsyncGenerator<SourceRecord> {
  const input = createReadStream(path);
  input.on('data', (chunk) => options.onChunk(chunk as Buffer, input.bytesRead));
  if (format === 'jsonl') return readJsonLines(input);
  if (format === 'json') return readJsonArray(input);
  return readCsv(input, options.checkHeader);
}

async function* readJsonLines(input: ReadStream): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let position = 0;
  try {
    for await (const rawLine of lines) {
      position += 1;
      const line = position === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new SyntaxProblem(`not valid JSON (${(error as Error).message})`, position);
      }
      yield { value, position };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

async function* readJsonArray(input: ReadStream): AsyncGenerator<SourceRecord> {
  const elements = input.pipe(streamArray.withParserAsStream());
  let count = 0;
  try {
    for await (const element of elements as AsyncIterable<{ key: number; value: unknown }>) {
      count = element.key + 1;
      yield { value: element.value, position: count };
    }
  } catch (error) {
    if (error instanceof SyntaxProblem) throw error;
    const after = count > 0 ? ` after record ${count}` : '';
    throw new SyntaxProblem(`not a valid JSON array of records${after} (${(error as Error).message})`, null);
  } finally {
    elements.destroy();
    input.destroy();
  }
}

function countNewlines(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) {
    for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) count += 1;
  }
  return count;
}

/** An empty header cell (pandas' index column) becomes `#` + its position from 0, so `--map item_id=#0` can name it. */
function nameUnnamedColumns(header: string[]): string[] {
  return header.map((column, i) => (column.trim() === '' ? `#${i}` : column));
}

async function* readCsv(input: ReadStream, checkHeader: (header: string[]) => void): AsyncGenerator<SourceRecord> {
  const rows = input.pipe(parseCsv({ bom: true, info: true, skip_empty_lines: true, relax_column_count: false }));
  let header: string[] | null = null;
  try {
    for await (const { record, info } of rows as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is where the row ends; quoted newlines inside it tell where it started.
      const position = info.lines - countNewlines(record);
      if (header === null) {
        header = nameUnnamedColumns(record.map(restoreFormulaText));
        checkHeader(header);
        continue;
      }
      const value: Record<string, string> = {};
      header.forEach((column, i) => (value[column] = restoreFormulaText(record[i]!)));
      yield { value, position };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === undefined || !code.startsWith('CSV_')) throw error;
    const { lines, record } = error as { lines?: number; record?: unknown[] };
    const message =
      code.startsWith('CSV_RECORD_INCONSISTENT') && header && record
        ? `has ${record.length} fields but the header has ${header.length} (check the quoting)`
        : code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted field is never closed'
          : (error as Error).message;
    throw new SyntaxProblem(message, lines ?? null);
  } finally {
    rows.destroy();
    input.destroy();
  }
}
