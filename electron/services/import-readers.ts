/**
 * Streaming readers for the three import formats. Each yields raw records with their position
 * (line, or array index for JSON) and never holds more than a chunk and one record in memory.
 */
import { createInterface } from 'node:readline';
import { pipeline, Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { createDuplicateKeyScanner } from '../../shared/import/duplicate-keys';
import type { ImportFormat } from '../../shared/import/format';
import { countLineBreaks } from '../../shared/text/line-breaks';
import { restoreFormulaText } from '../../shared/text/spreadsheet-cell';
import type { ByteSource } from './byte-source';
import { InvalidUtf8, StrictUtf8Decoder } from './strict-utf8';

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

export async function* readRecords(
  source: ByteSource,
  format: ImportFormat,
  options: ReaderOptions,
): AsyncGenerator<SourceRecord> {
  const text = Readable.from(readCheckedText(source, format, options.onChunk));
  if (format === 'jsonl') yield* readJsonLines(text);
  else if (format === 'json') yield* readJsonArray(text);
  else yield* readCsv(text, options.checkHeader);
}

/**
 * The one read of the file. Each chunk goes to `onChunk` (hash, progress), then is decoded and checked
 * for what the parsers would accept silently: invalid UTF-8 (decoded to U+FFFD), NUL bytes (kept in
 * texts) and, in JSON, a key given twice in one object (the last wins). Only checked text reaches the
 * parser, so a problem is reported before any record after it; records before it were written inside
 * the import's savepoint and are undone with it. The decoder drops a leading byte order mark.
 */
async function* readCheckedText(
  source: ByteSource,
  format: ImportFormat,
  onChunk: ReaderOptions['onChunk'],
): AsyncGenerator<string> {
  const decoder = new StrictUtf8Decoder();
  const duplicates = format === 'csv' ? null : createDuplicateKeyScanner();
  let linesBefore = 1;
  let bytesRead = 0;
  const fail = (line: number, message: string): never => {
    throw format === 'json' ? new SyntaxProblem(`line ${line}: ${message}`, null) : new SyntaxProblem(message, line);
  };
  const decode = (chunk?: Buffer): string => {
    try {
      if (chunk) return decoder.write(chunk);
      decoder.end();
      return '';
    } catch (error) {
      if (!(error instanceof InvalidUtf8)) throw error;
      return fail(
        linesBefore + countLineBreaks(error.textBefore),
        'not valid UTF-8 text; save the file as UTF-8 and import it again',
      );
    }
  };
  for await (const chunk of source.read()) {
    bytesRead += chunk.length;
    onChunk(chunk, bytesRead);
    const text = decode(chunk);
    const nul = text.indexOf('\0');
    if (nul !== -1) fail(linesBefore + countLineBreaks(text, nul), 'a NUL byte (\\0), which no text may hold');
    const duplicate = duplicates?.push(text);
    if (duplicate) fail(duplicate.line, `the key "${duplicate.key}" appears twice in one record`);
    linesBefore += countLineBreaks(text);
    yield text;
  }
  decode(); // a file that ends inside a multi-byte character
}

async function* readJsonLines(input: Readable): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let position = 0;
  try {
    for await (const line of lines) {
      position += 1;
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

async function* readJsonArray(input: Readable): AsyncGenerator<SourceRecord> {
  // pipeline, not pipe: a problem found in the text must reach the loop below as the parser's error.
  const elements = pipeline(input, streamArray.withParserAsStream(), () => {});
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
  return fields.reduce((sum, field) => sum + countLineBreaks(field), 0);
}

/** An empty header cell (pandas' index column) becomes `#` + its position from 0, so `--map item_id=#0` can name it. */
function nameUnnamedColumns(header: string[]): string[] {
  return header.map((column, i) => (column.trim() === '' ? `#${i}` : column));
}

async function* readCsv(input: Readable, checkHeader: (header: string[]) => void): AsyncGenerator<SourceRecord> {
  const rows = pipeline(input, parseCsv({ info: true, skip_empty_lines: true, relax_column_count: false }), () => {});
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
    // csv-parse's codes: CSV_RECORD_INCONSISTENT_…, CSV_QUOTE_NOT_CLOSED, INVALID_OPENING_QUOTE, CSV_INVALID_CLOSING_QUOTE, …
    const code = (error as { code?: string }).code;
    if (error instanceof SyntaxProblem || code === undefined || !/^(CSV_|INVALID_)/.test(code)) throw error;
    const { lines, record } = error as { lines?: number; record?: unknown[] };
    const message =
      code.startsWith('CSV_RECORD_INCONSISTENT') && header && record
        ? `has ${record.length} fields but the header has ${header.length} (check the quoting)`
        : code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted field is never closed'
          : /QUOTE/.test(code)
            ? 'a stray quote (") in an unquoted field: quote the whole field and double any quote inside it ("")'
            : (error as Error).message;
    throw new SyntaxProblem(message, lines ?? null);
  } finally {
    rows.destroy();
    input.destroy();
  }
}
