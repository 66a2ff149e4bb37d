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

/** Where a record is, in words: "Line 12 of outputs.jsonl" (CSV: the line its row starts on) or "Record 3 of outputs.json". */
export function describeRecordLocation(fileName: string, format: ImportFormat, position: number): string {
  return format === 'json' ? `Record ${position} of ${fileName}` : `Line ${position} of ${fileName}`;
}

/** Short form for naming a second place in a message: "outputs.jsonl:12" or "outputs.json record 3". */
export function recordReference(fileName: string, format: ImportFormat, position: number): string {
  return format === 'json' ? `${fileName} record ${position}` : `${fileName}:${position}`;
}
