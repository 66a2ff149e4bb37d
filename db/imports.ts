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
  /** Returns the new import's id; its hash (known once the file is read) and record count are set by completeImport. */
  startImport(file: { name: string; format: ImportFormat }, at: string): number;
  completeImport(importId: number, sha256: string, records: number): void;
  findItem(itemId: string): StoredItemRow | undefined;
  insertItem(record: OutputRecord, importId: number, sourceLine: number): void;
  findOutput(itemId: string, model: string): RowSource | undefined;
  /** Stores the output and its scores; false, storing nothing, when the model already has an output for the item. */
  insertOutput(record: OutputRecord, importId: number, sourceLine: number): boolean;
}

export function prepareImportStatements(db: StudyDb): ImportStatements {
  const findImport = db.prepare('SELECT id, imported_at FROM imports WHERE sha256 = ?');
  // Until the file is read the row holds a unique placeholder hash.
  const insertImport = db.prepare(
    `INSERT INTO imports (file_name, sha256, format, record_count, imported_at) VALUES (?, 'pending:' || hex(randomblob(16)), ?, 0, ?)`,
  );
  const completeImport = db.prepare('UPDATE imports SET sha256 = ?, record_count = ? WHERE id = ?');
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
  const insertOutput = db.prepare(
    'INSERT INTO outputs (item_id, model, text, import_id, source_line) VALUES (?, ?, ?, ?, ?)',
  );
  const insertScore = prepareScoreInsert(db);
  return {
    findImport: (sha256) => findImport.get(sha256) as { id: number; imported_at: string } | undefined,
    startImport: (file, at) => Number(insertImport.run(file.name, file.format, at).lastInsertRowid),
    completeImport: (importId, sha256, records) => {
      completeImport.run(sha256, records, importId);
    },
    findItem: (itemId) => findItem.get(itemId) as StoredItemRow | undefined,
    insertItem: (record, importId, sourceLine) => {
      insertItem.run(
        record.itemId,
        record.question,
        record.context,
        record.reference,
        record.category,
        importId,
        sourceLine,
      );
    },
    findOutput: (itemId, model) => findOutput.get(itemId, model) as RowSource | undefined,
    // The unique (item_id, model) index finds a second output: no lookup per record.
    insertOutput: (record, importId, sourceLine) => {
      let outputId: number | bigint;
      try {
        outputId = insertOutput.run(record.itemId, record.model, record.output, importId, sourceLine).lastInsertRowid;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
        throw error;
      }
      for (const [metric, value] of Object.entries(record.scores)) insertScore(outputId, metric, value);
      return true;
    },
  };
}

export interface ImportHistoryRow {
  importId: number;
  file: string;
  format: ImportFormat;
  records: number;
  importedAt: string;
  sha256: string;
}

/** Every completed import, oldest first: the study's import history. */
export function readImportHistory(db: StudyDb): ImportHistoryRow[] {
  return db
    .prepare(
      `SELECT id AS importId, file_name AS file, format, record_count AS records, imported_at AS importedAt, sha256
       FROM imports ORDER BY id`,
    )
    .all() as ImportHistoryRow[];
}
