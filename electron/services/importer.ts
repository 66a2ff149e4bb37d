/**
 * Import of model outputs: every file of one call is streamed into a single transaction, so either
 * all records of all files land or nothing does. Items shared by several models are stored once.
 */
import { createHash } from 'node:crypto';
import { appendAudit } from '../../db/audit';
import { inAsyncSavepoint, inAsyncTransaction, type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { prepareImportStatements, type StoredItemRow } from '../../db/imports';
import { isoNow, type Clock } from '../../shared/clock';
import type { OutputRecord } from '../../shared/domain';
import {
  describeRecordLocation,
  detectImportFormat,
  recordReference,
  type ImportFormat,
} from '../../shared/import/format';
import {
  buildColumnMap,
  missingRequiredColumns,
  RecordError,
  toOutputRecord,
  type ColumnMap,
} from '../../shared/import/record';
import type { RecordJoiner } from '../../shared/import/join';
import { pathSource, type ByteSource } from './byte-source';
import { readRecords, SyntaxProblem } from './import-readers';
import { COORDINATOR_ACTOR } from './study';

export interface ImportProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  records: number;
}

export interface ImportOptions {
  /** Canonical field (or score_<metric>) → column name in the file. */
  map?: Record<string, string>;
  /** Model name for files that hold one model's outputs without a model column. */
  model?: string;
  /** For outputs whose items are in another file: a fresh joiner per imported file (shared/import/join.ts). */
  join?: () => RecordJoiner;
  /**
   * Drop fields BlindRate does not know instead of refusing the record. Defaults to true with `join`,
   * whose records carry every column of both files, of which only the mapped ones matter.
   */
  ignoreUnknown?: boolean;
  clock: Clock;
  onProgress?: (progress: ImportProgress) => void;
  /** Asked after every record; true stops the import with ImportCancelled and nothing written. */
  cancelled?: () => boolean;
  /** Read and check everything, then roll back: the study is unchanged and the summary says what would be imported. */
  dryRun?: boolean;
}

/** The import was stopped on request; its transaction was rolled back. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled; nothing was imported.');
    this.name = 'ImportCancelled';
  }
}

/** Undoes a dry run's transaction, carrying its results out. */
class DryRunFinished extends Error {
  constructor(readonly files: ImportedFile[]) {
    super('dry run');
  }
}

export interface ImportedFile {
  file: string;
  format: ImportFormat;
  sha256: string;
  /** `already-imported`: the same bytes were imported before (or twice in this call); nothing was added. */
  status: 'imported' | 'already-imported';
  records: number;
  newItems: number;
  /** The import this file created, or the earlier one it duplicates. */
  importId: number | null;
  /** For already-imported files: when the earlier import happened. */
  importedAt: string | null;
}

export interface ImportSummary {
  files: ImportedFile[];
  outputs: number;
  newItems: number;
  models: string[];
}

interface PlannedFile {
  source: ByteSource;
  name: string;
  format: ImportFormat;
  totalBytes: number;
}

export async function importFiles(
  db: StudyDb,
  files: ReadonlyArray<string | ByteSource>,
  options: ImportOptions,
): Promise<ImportSummary> {
  if (files.length === 0) throw new StudyError('No files to import.');
  const map = toColumnMap(options.map ?? {});
  const model = options.model?.trim();
  if (options.model !== undefined && !model) throw new StudyError('--model needs a name.');

  const planned = files.map((file) => planFile(typeof file === 'string' ? pathSource(file) : file));

  const results: ImportedFile[] = [];
  const importer = createRecordWriter(db);
  const at = isoNow(options.clock);
  try {
    await inAsyncTransaction(db, async () => {
      for (const file of planned) {
        results.push(
          await importOrRecognise(db, importer, file, {
            map,
            model,
            at,
            join: options.join?.(),
            onProgress: options.onProgress,
            cancelled: options.cancelled,
            ignoreUnknown: options.ignoreUnknown ?? options.join !== undefined,
          }),
        );
      }
      if (options.dryRun) throw new DryRunFinished(results);
    });
  } catch (error) {
    if (!(error instanceof DryRunFinished)) throw error;
  }
  const imported = results.filter((r) => r.status === 'imported');
  return {
    files: results,
    outputs: imported.reduce((sum, r) => sum + r.records, 0),
    newItems: imported.reduce((sum, r) => sum + r.newItems, 0),
    models: importer.modelsSeen(),
  };
}

function toColumnMap(entries: Record<string, string>): ColumnMap {
  try {
    return buildColumnMap(entries);
  } catch (error) {
    if (error instanceof RecordError) throw new StudyError(error.message);
    throw error;
  }
}

function planFile(source: ByteSource): PlannedFile {
  return {
    source,
    name: source.name,
    format: detectImportFormat(source.name, source.head(256).toString('utf8')),
    totalBytes: source.size,
  };
}

/** SHA-256 of a file fed by the parser's own reads; `digest` reads only what the parser did not (it stopped early). */
class FileHash {
  private readonly hash = createHash('sha256');
  private hashedBytes = 0;

  constructor(private readonly source: ByteSource) {}

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.hashedBytes += chunk.length;
  }

  async digest(): Promise<string> {
    for await (const chunk of this.source.read(this.hashedBytes)) this.update(chunk);
    return this.hash.digest('hex');
  }
}

/** The file's bytes were imported before (or earlier in this call). */
class AlreadyImported extends Error {}

/**
 * Imports one file, hashed in the same pass as it is parsed instead of in a read of its own. The same
 * bytes imported before fail on their first record (each of their outputs exists already), so only a
 * file that fails, or whose hash turns out known, is looked up: its writes are undone and it is
 * reported as already imported.
 */
async function importOrRecognise(
  db: StudyDb,
  writer: RecordWriter,
  file: PlannedFile,
  options: FileImportOptions,
): Promise<ImportedFile> {
  const hash = new FileHash(file.source);
  try {
    return await inAsyncSavepoint(db, () => importOneFile(writer, file, hash, options));
  } catch (error) {
    if (!(error instanceof StudyError || error instanceof AlreadyImported)) throw error;
    const sha256 = await hash.digest();
    const earlier = writer.findImport(sha256);
    if (!earlier) throw error;
    return { ...describeFile(file, sha256), status: 'already-imported', records: 0, newItems: 0, ...earlier };
  }
}

function describeFile(file: PlannedFile, sha256: string): Pick<ImportedFile, 'file' | 'format' | 'sha256'> {
  return { file: file.name, format: file.format, sha256 };
}

interface FileImportOptions {
  map: ColumnMap;
  model: string | undefined;
  at: string;
  join: RecordJoiner | undefined;
  onProgress: ImportOptions['onProgress'];
  cancelled: ImportOptions['cancelled'];
  ignoreUnknown: boolean;
}

async function importOneFile(
  writer: RecordWriter,
  file: PlannedFile,
  hash: FileHash,
  options: FileImportOptions,
): Promise<ImportedFile> {
  const importId = writer.startImport(file, options.at);
  let records = 0;
  let newItems = 0;
  let bytesRead = 0;
  let reportedBytes = -1;
  const report = (force = false) => {
    if (bytesRead === reportedBytes && !force) return;
    reportedBytes = bytesRead;
    options.onProgress?.({ file: file.name, bytesRead, totalBytes: file.totalBytes, records });
  };
  const source = readRecords(file.source, file.format, {
    onChunk: (chunk, n) => {
      hash.update(chunk);
      bytesRead = n;
    },
    checkHeader: (header) => checkCsvHeader(file, header, options),
  });
  try {
    for await (const { value, position } of source) {
      if (options.cancelled?.()) throw new ImportCancelled();
      let record: OutputRecord;
      try {
        record = toOutputRecord(
          options.join ? options.join.join(value, records + 1) : value,
          options.map,
          options.model,
          { ignoreUnknown: options.ignoreUnknown },
        );
      } catch (error) {
        if (error instanceof RecordError) {
          throw new StudyError(`${describeRecordLocation(file.name, file.format, position)}: ${error.message}`);
        }
        throw error;
      }
      if (writer.writeRecord(record, { importId, file, position })) newItems += 1;
      records += 1;
      report();
    }
  } catch (error) {
    if (error instanceof SyntaxProblem) {
      const where =
        error.position === null ? file.name : describeRecordLocation(file.name, file.format, error.position);
      throw new StudyError(`${where}: ${error.message}`);
    }
    throw error;
  }
  if (records === 0) throw new StudyError(`${file.name} contains no records.`);
  try {
    options.join?.finish(records);
  } catch (error) {
    if (error instanceof RecordError) throw new StudyError(`${file.name} ${error.message}.`);
    throw error;
  }
  const sha256 = await hash.digest();
  if (writer.findImport(sha256)) throw new AlreadyImported();
  bytesRead = file.totalBytes;
  report(true);
  const details = {
    file: file.name,
    sha256,
    format: file.format,
    records,
    newItems,
    ...(options.join && { join: options.join.provenance }),
  };
  writer.finishImport(importId, sha256, records, details, options.at);
  return { ...describeFile(file, sha256), status: 'imported', records, newItems, importId, importedAt: options.at };
}

function checkCsvHeader(file: PlannedFile, header: string[], { map, model, join }: FileImportOptions): void {
  const duplicate = header.find((column, i) => header.indexOf(column) !== i);
  if (duplicate !== undefined) throw new StudyError(`Line 1 of ${file.name}: column "${duplicate}" appears twice.`);
  const missing = missingRequiredColumns([...header, ...(join?.addedColumns ?? [])], map, model);
  if (missing.length > 0) {
    const hint = missing.includes('model')
      ? ' (use --model NAME for a file of one model)'
      : ' (use --map field=column)';
    throw new StudyError(`Line 1 of ${file.name}: no column ${missing.map((m) => `"${m}"`).join(', ')}${hint}.`);
  }
}

interface RecordPlace {
  importId: number;
  file: PlannedFile;
  position: number;
}

type RecordWriter = ReturnType<typeof createRecordWriter>;

/** The rules of one import call that need the database (conflicts, duplicates) over db/imports' statements. */
function createRecordWriter(db: StudyDb) {
  const statements = prepareImportStatements(db);
  const models = new Set<string>();
  let lastItem: { itemId: string; row: StoredItemRow } | undefined;

  return {
    findImport(sha256: string): { importId: number; importedAt: string } | null {
      const row = statements.findImport(sha256);
      return row ? { importId: row.id, importedAt: row.imported_at } : null;
    },
    startImport(file: PlannedFile, at: string): number {
      return statements.startImport(file, at);
    },
    finishImport(importId: number, sha256: string, records: number, details: object, at: string): void {
      statements.completeImport(importId, sha256, records);
      appendAudit(db, {
        at,
        actor: COORDINATOR_ACTOR,
        action: 'import',
        entity: 'import',
        entityId: String(importId),
        newValue: details,
      });
    },
    /** Stores one output (and its item if new); returns whether the item was new. */
    writeRecord(record: OutputRecord, place: RecordPlace): boolean {
      const here = () => describeRecordLocation(place.file.name, place.file.format, place.position);
      // Files list an item's models together, so the item just written answers most checks without a read.
      const item = lastItem?.itemId === record.itemId ? lastItem.row : statements.findItem(record.itemId);
      if (item) {
        const differing = (['question', 'context', 'reference', 'category'] as const).filter(
          (f) => item[f] !== record[f],
        );
        if (differing.length > 0) {
          throw new StudyError(
            `${here()}: item "${record.itemId}" conflicts with its definition at ${recordReference(item.file_name, item.format, item.source_line)} (${differing.join(', ')} differ${differing.length === 1 ? 's' : ''}).`,
          );
        }
      } else {
        statements.insertItem(record, place.importId, place.position);
      }
      lastItem = {
        itemId: record.itemId,
        row: item ?? { ...record, file_name: place.file.name, format: place.file.format, source_line: place.position },
      };
      if (!statements.insertOutput(record, place.importId, place.position)) {
        const existing = statements.findOutput(record.itemId, record.model)!;
        throw new StudyError(
          `${here()}: model "${record.model}" already has an output for item "${record.itemId}" at ${recordReference(existing.file_name, existing.format, existing.source_line)}.`,
        );
      }
      models.add(record.model);
      return item === undefined;
    },
    modelsSeen(): string[] {
      return [...models].sort();
    },
  };
}
