/**
 * Writing imported files: imports (one row per file, by content hash), items (stored once, shared by
 * models) and outputs with their scores. Statements are prepared once per import call.
 */
import type { OutputRecord } from '../shared/domain';
import type { ImportFormat } from '../shared/import/format';
import type { StudyDb } from './connection';
import { prepareScoreInsert } from './scores';

/** Where a stored row came from: file, format and the line or record number in it. */
export interface RowSource {
  file_name: string;
  format: ImportFormat;
  source_line: number;
}

export interface StoredItemRow extends RowSource {
  question: string;
  context: string;
  reference: string;
  category: string;
}

export interface ImportStatements {
  findImport(sha256: string): { id: number; imported_at: string } | undefined;
  /** Returns the new import's id; the record count is set by finishImport. */
  startImport(file: { name: string; sha256: string; format: ImportFormat }, at: string): number;
  setRecordCount(importId: number, records: number): void;
  findItem(itemId: string): StoredItemRow | undefined;
  insertItem(record: OutputRecord, importId: number, sourceLine: number): void;
  findOutput(itemId: string, model: string): RowSource | undefined;
  /** Stores the output and its scores. */
  insertOutput(record: OutputRecord, importId: number, sourceLine: number): void;
}

export function prepareImportStatements(db: StudyDb): ImportStatements {
  const findImport = db.prepare('SELECT id, imported_at FROM imports WHERE sha256 = ?');
  const insertImport = db.prepare('INSERT INTO imports (file_name, sha256, format, record_count, imported_at) VALUES (?, ?, ?, 0, ?)');
  const setRecordCount = db.prepare('UPDATE imports SET record_count = ? WHERE id = ?');
  const findItem = db.prepare(
    `SELECT i.question, i.context, i.reference, i.category, i.source_line, m.file_name, m.format
     FROM items i JOIN imports m ON m.id = i.import_id WHERE i.item_id = ?`,
  );
  const insertItem = db.prepare(
    `INSERT INTO items (item_id, question, context, reference, category, import_id, source_line)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const findOutput = db.prepare(
    `SELECT o.source_line, m.file_name, m.format FROM outputs o JOIN imports m ON m.id = o.import_id
     WHERE o.item_id = ? AND o.model = ?`,
  );
  const insertOutput = db.prepare('INSERT INTO outputs (item_id, model, text, import_id, source_line) VALUES (?, ?, ?, ?, ?)');
  const insertScore = prepareScoreInsert(db);
  return {
    findImport: (sha256) => findImport.get(sha256) as { id: number; imported_at: string } | undefined,
    startImport: (file, at) => Number(insertImport.run(file.name, file.sha256, file.format, at).lastInsertRowid),
    setRecordCount: (importId, records) => {
      setRecordCount.run(records, importId);
    },
    findItem: (itemId) => findItem.get(itemId) as StoredItemRow | undefined,
    insertItem: (record, importId, sourceLine) => {
      insertItem.run(record.itemId, record.question, record.context, record.reference, record.category, importId, sourceLine);
    },
    findOutput: (itemId, model) => findOutput.get(itemId, model) as RowSource | undefined,
    insertOutput: (record, importId, sourceLine) => {
      const outputId = insertOutput.run(record.itemId, record.model, record.output, importId, sourceLine).lastInsertRowid;
      for (const [metric, value] of Object.entries(record.scores)) insertScore(outputId, metric, value);
    },
  };
}
