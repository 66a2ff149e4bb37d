/**
 * Import of model outputs: every file of one call is streamed into a single transaction, so either
 * all records of all files land or nothing does. Items shared by several models are stored once.
 *
 * The API, for the CLI and the coordinator's Import screen alike:
 * - `importFiles(db, files, options)`: `files` are paths or `{ path, map }` (a column map of that file's
 *   own, over `options.map`); `options` also name the model, a join (benchmark runs), whether to drop
 *   unknown fields and whether to leave out empty outputs (`skipEmptyOutputs`).
 * - It resolves to an ImportSummary: per file its status (`imported`, or `already-imported` when the same
 *   bytes were imported before), record and new-item counts, and `emptyOutputs`, the records (in words,
 *   "row 7") whose output is empty.
 * - It rejects with ImportRefused when the input has problems: `problems` is the list of
 *   `{ file, record, field, message }` (record in words: "row 42 (line 3122)", "line 12", "record 3",
 *   "header", or null for the file as a whole), at most 100 per file, and `totals` counts every problem per
 *   file; the study is unchanged. Other StudyErrors (a file that cannot be read, a bad map) come before
 *   any reading.
 */
import { createHash } from 'node:crypto';
import { appendAudit } from '../../db/audit';
import { inAsyncSavepoint, inAsyncTransaction, type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { prepareImportStatements, type StoredItemRow } from '../../db/imports';
import { isoNow, type Clock } from '../../shared/clock';
import type { OutputRecord } from '../../shared/domain';
import { describeRecord, detectImportFormat, recordReference, type ImportFormat } from '../../shared/import/format';
import { describeDifference } from '../../shared/import/differences';
import { FileProblems, ImportRefused } from '../../shared/import/problems';
import {
  buildColumnMap,
  missingRequiredColumns,
  RecordError,
  toOutputRecord,
  unknownFieldError,
  type ColumnMap,
} from '../../shared/import/record';
import { JoinMismatch, type RecordJoiner } from '../../shared/import/join';
import { readRecords, SyntaxProblem } from './import-readers';

export { ImportRefused, type ImportProblem } from '../../shared/import/problems';
import { pathSource, type ByteSource } from './byte-source';
import { COORDINATOR_ACTOR } from './study';

export interface ImportProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  records: number;
}

/** A file to import, with a column mapping of its own (merged over the call's `map`, its entries winning). */
export interface ImportFileRequest {
  /** A path on disk, or bytes handed over by the coordinator workspace (byte-source.ts). */
  path: string | ByteSource;
  /** Canonical field (or score_<metric>) → column name in this file. */
  map?: Record<string, string>;
}

export interface ImportOptions {
  /** Canonical field (or score_<metric>) → column name, for every file of the call. */
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
  /**
   * Leave out outputs whose text is empty (a model that produced nothing). By default they are
   * imported as the real outputs they are; either way each file's summary lists where they were,
   * and the import's audit row records the choice.
   */
  skipEmptyOutputs?: boolean;
  clock: Clock;
  onProgress?: (progress: ImportProgress) => void;
  /** Called once every file was read and checked, just before the transaction is written to disk. */
  onSaving?: () => void;
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

/** Undoes a dry run's transaction once everything was read and checked. */
class DryRunFinished extends Error {
  constructor() {
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
  /** Records whose output text is empty (or only whitespace), in words ("row 7", "line 12"), in file order. */
  emptyOutputs: string[];
  /** Whether those were left out (skipEmptyOutputs) rather than imported. */
  emptyOutputsSkipped: boolean;
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
  map: ColumnMap;
}

/**
 * Imports the files in one transaction. Every file is read to its end and every record checked, also
 * after a problem, so that all problems of all files are found in one call; if there is any, the
 * transaction is rolled back and ImportRefused lists them. A file whose bytes were imported before is
 * recognised and skipped, whatever its records would say now.
 */
export async function importFiles(
  db: StudyDb,
  files: ReadonlyArray<string | ByteSource | ImportFileRequest>,
  options: ImportOptions,
): Promise<ImportSummary> {
  if (files.length === 0) throw new StudyError('No files to import.');
  const model = options.model?.trim();
  if (options.model !== undefined && !model) throw new StudyError('The model name is empty.');

  const planned = files.map((file) => planFile(file, options.map ?? {}));

  const results: ImportedFile[] = [];
  const problems: FileProblems[] = [];
  const importer = createRecordWriter(db);
  const at = isoNow(options.clock);
  try {
    await inAsyncTransaction(db, async () => {
      for (const file of planned) {
        const fileProblems = new FileProblems(file.name);
        problems.push(fileProblems);
        results.push(
          await importOrRecognise(db, importer, file, fileProblems, {
            model,
            at,
            join: options.join?.(),
            onProgress: options.onProgress,
            cancelled: options.cancelled,
            ignoreUnknown: options.ignoreUnknown ?? options.join !== undefined,
            skipEmptyOutputs: options.skipEmptyOutputs ?? false,
          }),
        );
      }
      if (problems.some((p) => p.total > 0)) throw new ImportRefused(problems);
      if (options.dryRun) throw new DryRunFinished();
      options.onSaving?.();
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

function planFile(request: string | ByteSource | ImportFileRequest, commonMap: Record<string, string>): PlannedFile {
  const { path, map = {} } = typeof request === 'string' || !('path' in request) ? { path: request } : request;
  const source = typeof path === 'string' ? pathSource(path) : path;
  return {
    source,
    name: source.name,
    format: detectImportFormat(source.name, source.head(256).toString('utf8')),
    totalBytes: source.size,
    map: toColumnMap({ ...commonMap, ...map }),
  };
}

/**
 * SHA-256 of a file fed by the parser's own reads. When the parser stopped before the end (a syntax
 * problem, a bad header), the file is hashed again in a read of its own: finishing the parser's hash
 * would race with the chunk its stream is still delivering.
 */
class FileHash {
  private readonly hash = createHash('sha256');
  private hashedBytes = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly totalBytes: number,
  ) {}

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.hashedBytes += chunk.length;
  }

  async digest(): Promise<string> {
    if (this.hashedBytes === this.totalBytes) return this.hash.digest('hex');
    const fresh = createHash('sha256');
    for await (const chunk of this.source.read()) fresh.update(chunk);
    return fresh.digest('hex');
  }
}

/** The file's bytes were imported before (or earlier in this call). */
class AlreadyImported extends Error {
  constructor(readonly sha256: string) {
    super('already imported');
  }
}

/**
 * Imports one file inside a savepoint, hashed in the same pass as it is parsed. When its hash turns
 * out known (the same bytes imported before, or earlier in this call), its writes are undone, its
 * problems (each of its outputs exists already) dropped, and it is reported as already imported.
 */
async function importOrRecognise(
  db: StudyDb,
  writer: RecordWriter,
  file: PlannedFile,
  problems: FileProblems,
  options: FileImportOptions,
): Promise<ImportedFile> {
  const hash = new FileHash(file.source, file.totalBytes);
  try {
    return await inAsyncSavepoint(db, () => importOneFile(writer, file, hash, problems, options));
  } catch (error) {
    if (!(error instanceof AlreadyImported)) throw error;
    problems.shown.length = 0;
    problems.total = 0;
    return {
      ...describeFile(file, error.sha256),
      status: 'already-imported',
      records: 0,
      newItems: 0,
      emptyOutputs: [],
      emptyOutputsSkipped: false,
      ...writer.findImport(error.sha256)!,
    };
  }
}

function describeFile(file: PlannedFile, sha256: string): Pick<ImportedFile, 'file' | 'format' | 'sha256'> {
  return { file: file.name, format: file.format, sha256 };
}

interface FileImportOptions {
  model: string | undefined;
  at: string;
  join: RecordJoiner | undefined;
  onProgress: ImportOptions['onProgress'];
  cancelled: ImportOptions['cancelled'];
  ignoreUnknown: boolean;
  skipEmptyOutputs: boolean;
}

/** Reads the whole file, writing its valid records and noting every problem; throws only AlreadyImported. */
async function importOneFile(
  writer: RecordWriter,
  file: PlannedFile,
  hash: FileHash,
  problems: FileProblems,
  options: FileImportOptions,
): Promise<ImportedFile> {
  const importId = writer.startImport(file, options.at);
  let records = 0;
  let newItems = 0;
  let bytesRead = 0;
  let reportedBytes = -1;
  const emptyOutputs: string[] = [];
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
    checkHeader: (header) => checkCsvHeader(header, file.map, options, problems),
  });
  let ordinal = 0;
  try {
    for await (const entry of source) {
      if (options.cancelled?.()) throw new ImportCancelled();
      const place = describeRecord(file.format, entry.position, entry.row);
      if (entry.problem !== undefined) {
        problems.add(place, null, entry.problem);
        continue;
      }
      ordinal += 1;
      let record: OutputRecord;
      try {
        record = toOutputRecord(
          options.join ? options.join.join(entry.value, ordinal) : entry.value,
          file.map,
          options.model,
          // A CSV's columns were checked once, at its header.
          { ignoreUnknown: options.ignoreUnknown || file.format === 'csv' },
        );
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        problems.add(place, error.field, error.message);
        if (error instanceof JoinMismatch) break;
        continue;
      }
      if (record.output.trim() === '') {
        emptyOutputs.push(place);
        if (options.skipEmptyOutputs) continue;
      }
      const written = writer.writeRecord(record, { importId, file, position: entry.position });
      if (typeof written === 'string') {
        problems.add(place, null, written);
        continue;
      }
      if (written) newItems += 1;
      records += 1;
      report();
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    problems.add(error.position === null ? null : describeRecord(file.format, error.position), null, error.message);
  }
  const sha256 = await hash.digest();
  if (writer.findImport(sha256)) throw new AlreadyImported(sha256);
  if (ordinal === 0 && problems.total === 0) problems.add(null, null, 'contains no records');
  if (problems.total === 0) {
    try {
      options.join?.finish(ordinal);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      problems.add(null, error.field, error.message);
    }
  }
  bytesRead = file.totalBytes;
  report(true);
  const details = {
    file: file.name,
    sha256,
    format: file.format,
    records,
    newItems,
    emptyOutputs: { count: emptyOutputs.length, skipped: options.skipEmptyOutputs },
    ...(options.join && { join: options.join.provenance }),
  };
  // A file with problems gets its hash too, so an identical copy later in the call is recognised.
  writer.finishImport(importId, sha256, records, details, options.at);
  return {
    ...describeFile(file, sha256),
    status: 'imported',
    records,
    newItems,
    importId,
    importedAt: options.at,
    emptyOutputs,
    emptyOutputsSkipped: options.skipEmptyOutputs,
  };
}

/**
 * A CSV header's problems; the rows are read only when it has none. Columns it does not know are
 * reported only when none it needs is missing: a file of another layout would list both for each.
 */
function checkCsvHeader(
  header: string[],
  map: ColumnMap,
  { model, join, ignoreUnknown }: FileImportOptions,
  problems: FileProblems,
): boolean {
  const before = problems.total;
  for (const [i, column] of header.entries()) {
    if (header.indexOf(column) !== i) problems.add('header', column, `column "${column}" appears twice`);
  }
  const missing = missingRequiredColumns([...header, ...(join?.addedColumns ?? [])], map, model);
  const columns = header.map((column) => JSON.stringify(column)).join(', ');
  for (const column of missing) {
    const hint = column === 'model' ? '; for a file of one model, give the model name' : '';
    problems.add('header', column, `no column "${column}" (the header has ${columns})${hint}`);
  }
  if (missing.length === 0 && !ignoreUnknown) {
    for (const column of header) {
      const unknown = unknownFieldError(column, map);
      if (unknown) problems.add('header', column, unknown.message);
    }
  }
  return problems.total === before;
}

interface RecordPlace {
  importId: number;
  file: PlannedFile;
  position: number;
}

type RecordWriter = ReturnType<typeof createRecordWriter>;

/** What defines an item: a second record of the same item must agree on all of them. */
const ITEM_FIELDS = ['question', 'context', 'reference', 'category', 'sourceId'] as const;

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
    /**
     * Stores one output (and its item if new); returns whether the item was new, or, storing nothing,
     * why the record cannot be stored (its item is defined otherwise, or the model has an output for it).
     */
    writeRecord(record: OutputRecord, place: RecordPlace): boolean | string {
      // Files list an item's models together, so the item just written answers most checks without a read.
      const item = lastItem?.itemId === record.itemId ? lastItem.row : statements.findItem(record.itemId);
      if (item) {
        const differing = ITEM_FIELDS.filter((f) => item[f] !== record[f]);
        if (differing.length > 0) {
          const where = recordReference(item.file_name, item.format, item.source_line);
          const [first, ...others] = differing;
          const too = others.length > 0 ? `; ${others.join(', ')} differ${others.length === 1 ? 's' : ''} too` : '';
          return `item "${record.itemId}" conflicts with its definition at ${where}: ${describeDifference(first!, item[first!], record[first!])}${too}`;
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
        return `model "${record.model}" already has an output for item "${record.itemId}" at ${recordReference(existing.file_name, existing.format, existing.source_line)}`;
      }
      models.add(record.model);
      return item === undefined;
    },
    modelsSeen(): string[] {
      return [...models].sort();
    },
  };
}
