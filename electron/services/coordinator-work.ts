/**
 * The body of every coordinator job, run in a worker thread on the worker's own connection to the
 * master (job-worker.ts): import and its validation, packing, merging returns, exports. Each calls the
 * service the CLI calls, so the app and the CLI do exactly the same thing.
 */
import { randomInt } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { inRolledBackTransaction, type StudyDb } from '../../db/connection';
import { serializeAnalysisResult } from '../../shared/analysis';
import type { Clock } from '../../shared/clock';
import type {
  AdjudicateRequest,
  ExportRequest,
  ImportProblem,
  ImportJoinOf,
  ImportProblems,
  IssuedPackageSheet,
  JobProgress,
  JobResult,
  ReturnChoices,
  ReturnVerdict,
} from '../../shared/coordinator-api';
import { PackageRefusal, StudyError } from '../../shared/errors';
import { describeAdjudicationMerge, describeMerge } from '../../shared/merge-summary';
import { generatePassphrase } from '../../shared/passphrase';
import { renderReportHtml } from '../../shared/report';
import { packAdjudicationPackage } from './adjudication';
import { adjudicationRoundOf, MERGED_ALONE, mergeAdjudicationPackage } from './adjudication-merge';
import { analyzeStudy, readReportStudy } from './analysis';
import { writeFileAtomically } from './atomic-file';
import { backUpStudy } from './backups';
import { benchmarkJoin, mapJoinFiles } from './benchmark-import';
import { memorySource, pathSource, type ByteSource } from './byte-source';
import { exportTable, writeTable } from './exporter';
import { handOverSheet, packageFileName } from './hand-over';
import { ImportCancelled, importFiles, ImportRefused } from './importer';
import { mergePackages, type MergeOptions } from './merge';
import { packRaterPackage } from './pack';
import { plannedAnalysisOptions } from './protocol';
import { readStudyName } from './study';

/** A returned package to merge, with what the coordinator said of it. */
export interface ReturnFile {
  name: string;
  path: string;
  choices: ReturnChoices;
}

/** A file a job reads: a path (desktop dialog, or a returned package written to a private folder) or uploaded bytes. */
export type WireSource = { name: string; path: string } | { name: string; data: Uint8Array };

export type WorkerTask =
  | {
      kind: 'import';
      dryRun: boolean;
      sources: WireSource[];
      map: Record<string, string>;
      model: string;
      ignoreUnknown: boolean;
      join: ImportJoinOf<WireSource> | null;
    }
  | { kind: 'pack'; raters: string[]; folder: string; folderLabel: string }
  | { kind: 'merge'; files: ReturnFile[] }
  | { kind: 'export'; request: ExportRequest; fileName: string; target: string | null; folderLabel: string }
  | { kind: 'adjudicate'; request: AdjudicateRequest; fileName: string; target: string | null; folderLabel: string };

/** A job's result, and for browser-mode exports the bytes to offer as a download. */
export interface WorkOutcome {
  result: JobResult;
  download: Uint8Array | null;
}

export interface WorkContext {
  db: StudyDb;
  studyPath: string;
  /** The master's passphrase, which no package may share. */
  masterPassphrase: string;
  clock: Clock;
  report(progress: Partial<JobProgress>): void;
  cancelled(): boolean;
}

/** A failure with the import problems it found; the worker sends both back. */
export class WorkFailure extends Error {
  constructor(
    message: string,
    readonly problems: ImportProblems | null,
  ) {
    super(message);
  }
}

export class WorkCancelled extends Error {}

export async function runWork(task: WorkerTask, context: WorkContext): Promise<WorkOutcome> {
  switch (task.kind) {
    case 'import':
      return { result: await runImport(task, context), download: null };
    case 'pack':
      return { result: runPack(task, context), download: null };
    case 'merge':
      return { result: runMerge(task, context), download: null };
    case 'export':
      return runExport(task, context);
    case 'adjudicate':
      return runAdjudicate(task, context);
  }
}

function byteSourceOf(wire: WireSource): ByteSource {
  return 'path' in wire
    ? { ...pathSource(wire.path), name: wire.name }
    : memorySource(wire.name, Buffer.from(wire.data.buffer, wire.data.byteOffset, wire.data.byteLength));
}

async function runImport(task: Extract<WorkerTask, { kind: 'import' }>, context: WorkContext): Promise<JobResult> {
  const sources = task.sources.map(byteSourceOf);
  const totalBytes = sources.reduce((sum, s) => sum + s.size, 0);
  const doneBytes = new Map<string, number>();
  let records = 0;
  let recordsBefore = 0;
  let currentFile = '';
  context.report({ step: 'Reading', totalBytes, bytesRead: 0, done: 0 });
  try {
    const joined = task.join === null ? null : await benchmarkJoin(mapJoinFiles(task.join, byteSourceOf), sources);
    const summary = await importFiles(context.db, sources, {
      map: joined?.map ?? task.map,
      join: joined?.join,
      model: task.model === '' ? undefined : task.model,
      // As the CLI: a joined import drops the fields no study field reads unless told otherwise.
      ignoreUnknown: task.ignoreUnknown || undefined,
      clock: context.clock,
      dryRun: task.dryRun,
      cancelled: context.cancelled,
      onProgress(progress) {
        if (progress.file !== currentFile) {
          recordsBefore = records;
          currentFile = progress.file;
        }
        records = recordsBefore + progress.records;
        doneBytes.set(progress.file, progress.bytesRead);
        const bytesRead = [...doneBytes.values()].reduce((sum, n) => sum + n, 0);
        context.report({ step: `Reading ${progress.file}`, done: records, bytesRead, totalBytes });
      },
      onSaving() {
        context.report({ step: 'Saving the import', done: records, bytesRead: totalBytes });
      },
    });
    const files = summary.files.map(({ sha256: _sha, ...file }) => file);
    if (task.dryRun) {
      return { kind: 'validate', problems: { first: [], count: 0 }, records: summary.outputs };
    }
    return { kind: 'import', summary: { ...summary, files } };
  } catch (error) {
    if (error instanceof ImportCancelled) throw new WorkCancelled();
    if (error instanceof StudyError) {
      const problems =
        error instanceof ImportRefused
          ? { first: error.problems, count: Object.values(error.totals).reduce((sum, n) => sum + n, 0) }
          : importProblemsOf(error.message);
      if (task.dryRun) return { kind: 'validate', problems, records };
      throw new WorkFailure(error.message, problems);
    }
    throw error;
  }
}

const LOCATED = /^(Line|Record|Row) (.+?) of (.+?): (.*)$/s;

/** The importer's refusal as problems ("Line 7 of a.jsonl: …" → file, where, message). */
export function importProblemsOf(message: string): ImportProblems {
  const located = LOCATED.exec(message);
  const problem: ImportProblem = located
    ? { file: located[3]!, record: `${located[1]!.toLowerCase()} ${located[2]!}`, field: null, message: located[4]! }
    : { file: '', record: null, field: null, message };
  return { first: [problem], count: 1 };
}

function runPack(task: Extract<WorkerTask, { kind: 'pack' }>, context: WorkContext): JobResult {
  const studyName = readStudyName(context.db);
  const sheets: IssuedPackageSheet[] = [];
  const written: string[] = [];
  try {
    for (const [index, rater] of task.raters.entries()) {
      if (context.cancelled()) throw new WorkCancelled();
      context.report({ step: `Writing the package of ${rater}`, done: index, total: task.raters.length });
      const fileName = freeFileName(task.folder, packageFileName(rater));
      const out = join(task.folder, fileName);
      const passphrase = generatePassphrase((n) => randomInt(n));
      const summary = packRaterPackage(context.db, {
        rater,
        out,
        passphrase,
        masterPassphrase: context.masterPassphrase,
        clock: context.clock,
      });
      written.push(out);
      sheets.push({
        ...handOverSheet({ studyName, rater: summary.rater, fileName, passphrase }),
        packageId: summary.packageId,
        tasks: summary.tasks,
        file: { name: fileName, bytes: summary.bytes, folderLabel: task.folderLabel, downloadToken: null },
      });
    }
  } catch (error) {
    // Packages already written stay issued and valid; only a cancel before the first one leaves nothing.
    if (error instanceof WorkCancelled && sheets.length === 0) throw error;
    if (sheets.length === 0) throw error;
    throw new WorkFailure(
      `${(error as Error).message} The packages of ${sheets.map((s) => s.rater).join(', ')} were written; give them to their raters.`,
      null,
    );
  }
  context.report({ step: 'Packages written', done: task.raters.length, total: task.raters.length });
  return { kind: 'pack', packages: sheets };
}

/** `Dr A.blindrate`, or `Dr A-2.blindrate` when a re-issued package meets the earlier file. */
function freeFileName(folder: string, wanted: string): string {
  const stem = wanted.replace(/\.blindrate$/, '');
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? wanted : `${stem}-${n}.blindrate`;
    if (!existsSync(join(folder, name))) return name;
  }
}

function runMerge(task: Extract<WorkerTask, { kind: 'merge' }>, context: WorkContext): JobResult {
  const adjudication = task.files.filter((file) => adjudicationRoundOf(context.db, file.path) !== null);
  if (adjudication.length > 0) return runAdjudicationMerge(task.files, adjudication, context);
  const verdicts: ReturnVerdict[] = [];
  const total = task.files.length;
  for (const [index, file] of task.files.entries()) {
    if (context.cancelled()) throw new WorkCancelled();
    context.report({ step: `Checking ${file.name}`, done: index, total });
    verdicts.push(checkReturn(context, file));
  }
  const duplicate = firstDuplicatePackage(verdicts);
  if (duplicate)
    verdicts[duplicate.index] = { ...verdicts[duplicate.index]!, accepted: false, detail: duplicate.detail };
  if (verdicts.some((v) => !v.accepted)) return { kind: 'merge', files: verdicts, merged: false };
  if (context.cancelled()) throw new WorkCancelled();
  context.report({ step: 'Merging', done: total, total });
  const summaries = mergePackages(
    context.db,
    task.files.map((f) => f.path),
    context.clock,
    mergeOptionsOf(task.files),
  );
  const files = summaries.map((s, i) => ({
    file: task.files[i]!.name,
    rater: s.rater,
    accepted: true,
    detail: describeMerge({ ...s, file: task.files[i]!.name }),
  }));
  return { kind: 'merge', files, merged: true };
}

/**
 * An adjudication package, as `merge` takes it: alone (given with other files, each adjudication package is
 * refused with the CLI's sentence and nothing is merged), checked in a rolled-back transaction, then merged.
 */
function runAdjudicationMerge(
  files: readonly { name: string; path: string }[],
  adjudication: readonly { name: string; path: string }[],
  context: WorkContext,
): JobResult {
  if (files.length > 1) {
    const alone = new Set(adjudication);
    const verdicts = files.map((file) =>
      alone.has(file)
        ? { file: file.name, rater: null, accepted: false, detail: MERGED_ALONE }
        : {
            file: file.name,
            rater: null,
            accepted: false,
            detail: 'not checked: merge the adjudication package first, on its own.',
          },
    );
    return { kind: 'merge', files: verdicts, merged: false };
  }
  const [file] = files as [{ name: string; path: string }];
  context.report({ step: `Checking ${file.name}`, done: 0, total: 1 });
  try {
    inRolledBackTransaction(context.db, () => mergeAdjudicationPackage(context.db, file.path, context.clock));
  } catch (error) {
    if (!(error instanceof StudyError)) throw error;
    return { kind: 'merge', files: [refusedFile(file, error)], merged: false };
  }
  if (context.cancelled()) throw new WorkCancelled();
  context.report({ step: 'Merging', done: 1, total: 1 });
  const merged = mergeAdjudicationPackage(context.db, file.path, context.clock);
  const detail = describeAdjudicationMerge({ ...merged, file: file.name });
  return {
    kind: 'merge',
    files: [{ file: file.name, rater: merged.adjudicator, accepted: true, detail }],
    merged: true,
  };
}

/** The CLI's merge options, from what the coordinator said of each file. */
function mergeOptionsOf(files: readonly ReturnFile[]): MergeOptions {
  return {
    receipts: new Map(files.flatMap((f) => (f.choices.receipt ? [[f.path, f.choices.receipt] as const] : []))),
    adopt: files.flatMap((f) =>
      f.choices.adoptPassphrase ? [{ file: f.path, passphrase: f.choices.adoptPassphrase }] : [],
    ),
    acceptDivergedHistory: new Set(files.filter((f) => f.choices.acceptDivergedHistory).map((f) => f.path)),
  };
}

/**
 * A refused file's verdict: each problem of the refusal as a sentence (the table names the file as the
 * coordinator chose it), and the remedy the coordinator may take; a refusal of the whole merge (the study
 * busy, its disk full) as merge words it.
 */
function refusedFile(file: { name: string }, error: StudyError): ReturnVerdict {
  const verdict = { file: file.name, rater: null, accepted: false };
  if (!(error instanceof PackageRefusal)) return { ...verdict, detail: error.message };
  const detail = error.problems.map((problem) => `${problem}.`).join(' ');
  return error.remedy === null ? { ...verdict, detail } : { ...verdict, detail, remedy: error.remedy };
}

interface CheckedReturn extends ReturnVerdict {
  packageId?: string;
}

/** One package checked as merge checks it, inside a transaction that is always rolled back. */
function checkReturn(context: WorkContext, file: ReturnFile): CheckedReturn {
  try {
    const [summary] = inRolledBackTransaction(context.db, () =>
      mergePackages(context.db, [file.path], context.clock, mergeOptionsOf([file])),
    );
    return {
      file: file.name,
      rater: summary!.rater,
      accepted: true,
      detail: describeMerge({ ...summary!, file: file.name }),
      packageId: summary!.packageId,
    };
  } catch (error) {
    if (error instanceof StudyError) return refusedFile(file, error);
    // Only this file was being read: a damaged page of it (SQLITE_CORRUPT…) is its refusal.
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('SQLITE_')) throw error;
    const detail = `is damaged or was changed outside BlindRate (${(error as Error).message}).`;
    return { file: file.name, rater: null, accepted: false, detail };
  }
}

function firstDuplicatePackage(verdicts: CheckedReturn[]): { index: number; detail: string } | null {
  const seen = new Map<string, string>();
  for (const [index, verdict] of verdicts.entries()) {
    if (!verdict.packageId) continue;
    const earlier = seen.get(verdict.packageId);
    if (earlier) return { index, detail: `the same package as ${earlier}.` };
    seen.set(verdict.packageId, verdict.file);
  }
  return null;
}

/** Collects a stream's bytes in memory: a download's content, never a temporary file. */
class MemorySink extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk);
    done();
  }
}

async function runExport(task: Extract<WorkerTask, { kind: 'export' }>, context: WorkContext): Promise<WorkOutcome> {
  const { db } = context;
  const { request, target } = task;
  context.report({ step: `Writing ${task.fileName}`, done: 0 });
  if (request.what === 'backup') {
    // As `blindrate backup`: an encrypted copy beside the study; the chosen place gets a copy of it.
    const beside = backUpStudy(db, context.studyPath, context.clock);
    if (target !== null) copyFileSync(beside, target);
    const bytes = readFileSync(beside);
    return finished(task, bytes.length, null, target === null ? bytes : null);
  }
  if (request.what === 'report' || request.what === 'analysis') {
    // As `blindrate report --out … --json … [--adjudicated]`: the sealed protocol's analysis, or the defaults.
    const result = analyzeStudy(db, { ...plannedAnalysisOptions(db), finalValues: request.finalValues });
    const text =
      request.what === 'report'
        ? renderReportHtml(result, readReportStudy(db, context.clock))
        : serializeAnalysisResult(result);
    if (target !== null) writeFileAtomically(target, text);
    return finished(task, Buffer.byteLength(text), null, target === null ? Buffer.from(text, 'utf8') : null);
  }
  if (target !== null) {
    const rows = await exportTable(db, { what: request.what, format: request.format, out: target });
    return finished(task, statSync(target).size, rows, null);
  }
  const sink = new MemorySink();
  const rows = await writeTable(db, request, sink);
  const bytes = Buffer.concat(sink.chunks);
  return finished(task, bytes.length, rows, bytes);
}

/** `adjudicate --out`: into the chosen file, or (browser mode) a private folder whose copy becomes the download. */
function runAdjudicate(task: Extract<WorkerTask, { kind: 'adjudicate' }>, context: WorkContext): WorkOutcome {
  const { request } = task;
  if (context.cancelled()) throw new WorkCancelled();
  context.report({ step: `Writing ${task.fileName}`, done: 0, total: 1 });
  const folder = task.target === null ? mkdtempSync(join(tmpdir(), 'blindrate-adjudication-')) : null;
  const out = folder === null ? task.target! : join(folder, task.fileName);
  try {
    const passphrase = request.passphrase ?? generatePassphrase((n) => randomInt(n));
    const summary = packAdjudicationPackage(context.db, {
      adjudicator: request.adjudicator,
      out,
      passphrase,
      masterPassphrase: context.masterPassphrase,
      showRatings: request.showRatings,
      thresholds: request.thresholds,
      clock: context.clock,
    });
    context.report({ step: 'Package written', done: 1, total: 1 });
    const fileName = basename(out);
    const sheet = {
      ...handOverSheet({ studyName: readStudyName(context.db), rater: summary.adjudicator, fileName, passphrase }),
      roundId: summary.roundId,
      tasks: summary.tasks,
      disputes: summary.disputes,
      file: { name: fileName, bytes: summary.bytes, folderLabel: task.folderLabel, downloadToken: null },
    };
    return { result: { kind: 'adjudicate', sheet }, download: folder === null ? null : readFileSync(out) };
  } finally {
    if (folder !== null) rmSync(folder, { recursive: true, force: true });
  }
}

function finished(
  task: Extract<WorkerTask, { kind: 'export' }>,
  size: number,
  rows: number | null,
  download: Buffer | null,
): WorkOutcome {
  return {
    result: {
      kind: 'export',
      rows,
      file: { name: task.fileName, bytes: size, folderLabel: task.folderLabel, downloadToken: null },
    },
    download,
  };
}
