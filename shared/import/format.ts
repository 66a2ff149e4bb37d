/** Which reader an import file needs: by extension when it is telling, otherwise by its first character. */
export type ImportFormat = 'jsonl' | 'json' | 'csv';

/**
 * `head` is the start of the file decoded as UTF-8. A `.json` file may hold an array or, as some
 * tools write, one object per line; the first non-blank character tells them apart.
 */
export function detectImportFormat(fileName: string, head: string): ImportFormat {
  const extension = /\.([^./\\]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  const first = head.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '[') return 'json';
  if (first === '{') return 'jsonl';
  return 'csv';
}

/**
 * Where a record is, as the coordinator finds it: "row 42 (line 3122)" for CSV, the row a spreadsheet
 * shows (header row 1, blank lines counted) with the editor's line where the row starts when the two
 * differ (quoted newlines); "line 12" for JSON lines; "record 3" for a JSON array. Without a row a
 * CSV record is named by its line.
 */
export function describeRecord(format: ImportFormat, position: number, row?: number): string {
  if (format === 'json') return `record ${position}`;
  if (format === 'csv' && row !== undefined) return row === position ? `row ${row}` : `row ${row} (line ${position})`;
  return `line ${position}`;
}

/** The record in words with its file: "Row 42 (line 3122) of outputs.csv", "Line 12 of outputs.jsonl", "Record 3 of outputs.json". */
export function describeRecordLocation(fileName: string, format: ImportFormat, position: number, row?: number): string {
  const record = describeRecord(format, position, row);
  return `${record.charAt(0).toUpperCase()}${record.slice(1)} of ${fileName}`;
}

/** Short form for naming a second place in a message: "outputs.jsonl:12" or "outputs.json record 3". */
export function recordReference(fileName: string, format: ImportFormat, position: number): string {
  return format === 'json' ? `${fileName} record ${position}` : `${fileName}:${position}`;
}
