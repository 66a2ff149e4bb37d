/**
 * The main-process implementation of BlindRateApi: one instance per app session, holding the open
 * file and, in a rater package, its rater's session. The file decides the role: a master opens a
 * coordinator session (progress, reports, no rating), a package a session of its one rater (rating,
 * no rater list, no reports). Electron IPC and browser mode both call `dispatch`, which validates
 * the untrusted argument and answers with the shared envelope.
 */
import { ADJUDICATION_REASON_SLUGS, type AdjudicationReason } from '../../shared/adjudication/reasons';
import { MAX_TASK_DURATION_MS } from '../../shared/duration';
import { MAX_COMMENT_LENGTH } from '../../shared/package-contents';
import { randomBytes } from 'node:crypto';
import { basename, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { ApiMethod, BlindRateApi, StudyRef } from '../../shared/api';
import type { Clock } from '../../shared/clock';
import { FINAL_VALUES } from '../../shared/analysis/final-values';
import { TASK_KINDS } from '../../shared/domain';
import { isApiMethod, type ApiResponse } from '../../shared/transport';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { analyzeStudyOffThread, readReportStudy } from './analysis';
import { plannedAnalysisOptions } from './protocol';
import { backupFolderFor, startBackupSchedule, type BackupSchedule } from './backups';
import { PACKAGE_RATER_ID, readPackageFacts, startPackageSession, type RaterSession } from './session';
import { openMasterOrPackage, readActiveRubric, readStudyName } from './study';
import { readRaterProgress } from './study-status';
import { COORDINATOR_ARGUMENTS } from './coordinator-arguments';
import { createCoordinatorApi, type CoordinatorPlacement, type Download } from './coordinator';
import { createFileHandles } from './file-handles';
import { createJobs } from './jobs';
import { FILE_PURPOSES, type FileHandle, type FilePurpose } from '../../shared/coordinator-api';

/** Where a passphrase may be remembered; only Electron's safeStorage provides one. */
export interface PassphraseMemory {
  canRemember(): boolean;
  isRemembered(path: string): boolean;
  /** Null when none is remembered; throws a readable StudyError (and forgets it) when one is remembered but can no longer be unsealed. */
  recall(path: string): string | null;
  remember(path: string, passphrase: string): void;
  forget(path: string): void;
}

export interface ApiHostOptions {
  clock: Clock;
  /** Study files the UI may unlock: the recent list in Electron, the served file in browser mode. */
  studies(): StudyRef[];
  /** The desktop app's Open dialog: adds the chosen file to `studies()` and returns its path, null when cancelled. */
  chooseStudyFile?(): Promise<string | null>;
  passphrases?: PassphraseMemory;
  /** How the coordinator's files are chosen and placed: dialogs (desktop) or the workspace (browser mode). */
  placement?: CoordinatorPlacement;
  /**
   * The desktop app's data folder for backups (one folder per study inside it), so none pile up beside
   * a package the rater sends back; without it, backups go beside the study (browser mode).
   */
  backupFolder?: string;
  /** The desktop app: selects a file in the system's file manager. */
  showInFolder?(path: string): void;
}

export interface ApiHost extends BlindRateApi {
  /** One call from an untrusted transport: method name and argument checked, errors as values. */
  dispatch(method: string, arg?: unknown): Promise<ApiResponse>;
  /** Whether a study or package is open: the desktop shell then lets the page save before it closes it. */
  hasOpenStudy(): boolean;
  /** Browser mode: an uploaded file, held in memory as a handle for the coordinator's calls. */
  acceptUpload(name: string, purpose: FilePurpose, data: Buffer): FileHandle;
  /** Browser mode: a finished export's bytes by its download token; null when unknown. */
  takeDownload(token: string): Download | null;
  /**
   * Desktop app: the paths the preload read from files dropped on a drop zone, as handles for its
   * purpose (shared/transport.ts). The argument is untrusted and checked; a refusal names files, not paths.
   */
  acceptDroppedFiles(arg: unknown): ApiResponse<FileHandle[]>;
}

const droppedFiles = z
  .object({
    purpose: z.enum(FILE_PURPOSES),
    multiple: z.boolean(),
    paths: z
      .array(z.string().refine(isAbsolute, { error: 'must be absolute' }))
      .min(1)
      .max(1000),
  })
  .strict();

const assignmentId = z.string().min(1).max(64);
const comment = z.string().max(MAX_COMMENT_LENGTH);
const durationMs = z
  .number()
  .finite()
  .nonnegative()
  .max(MAX_TASK_DURATION_MS, { error: `must be at most 24 h (${MAX_TASK_DURATION_MS} ms)` })
  .transform(Math.round);

/** An adjudicator's reason tag and guideline gap per disputed dimension (adjudication packages only). */
const marks = z
  .record(
    z.string(),
    z
      .object({
        reason: z.enum(ADJUDICATION_REASON_SLUGS as [AdjudicationReason, ...AdjudicationReason[]]).nullable(),
        guidelineGap: z.boolean(),
      })
      .strict(),
  )
  .optional();

/**
 * The argument schema of a method, tied to its signature in BlindRateApi: null for a method without an
 * argument, else a schema whose parsed value is the argument's type. A method missing from the table, or
 * a schema that parses to something else, does not compile.
 */
export type ArgumentSchema<M extends ApiMethod> =
  Parameters<BlindRateApi[M]> extends [] ? null : z.ZodType<Parameters<BlindRateApi[M]>[0]>;
export type ApiArgumentSchemas = { readonly [M in ApiMethod]: ArgumentSchema<M> };

export const API_ARGUMENTS: ApiArgumentSchemas = {
  listStudies: null,
  canRememberPassphrase: null,
  unlockStudy: z.object({ path: z.string().min(1), passphrase: z.string(), remember: z.boolean() }).strict(),
  listRaterProgress: null,
  startSession: z.number().int().positive(),
  getOverview: null,
  listAssignments: z.enum(TASK_KINDS),
  getTask: assignmentId,
  saveRating: z
    .object({ assignmentId, values: z.record(z.string(), z.number().int()), comment, durationMs, marks })
    .strict(),
  savePreference: z.object({ assignmentId, choice: z.enum(['A', 'B', 'T']), comment, durationMs, marks }).strict(),
  savePairwise: z
    .object({
      assignmentId,
      // Null in an adjudication package (the overall choice when it is not disputed, the mark always); the
      // session refuses null from a rater.
      choice: z.enum(['A', 'B', 'T']).nullable(),
      bothUnacceptable: z.boolean().nullable(),
      aspects: z.record(z.string(), z.enum(['A', 'B', 'T'])).optional(),
      comment,
      durationMs,
      marks,
    })
    .strict(),
  setFlag: z.object({ assignmentId, flagged: z.boolean() }).strict(),
  lockRater: null,
  getReport: z
    .object({ finalValues: z.enum(FINAL_VALUES) })
    .strict()
    .optional(),
  showStudyInFolder: null,
  closeStudy: null,
  openStudyFile: null,
  ...COORDINATOR_ARGUMENTS,
};

export function createApiHost(options: ApiHostOptions): ApiHost {
  /** The passphrase stays with a master while it is open: the coordinator's jobs open it in a worker thread. */
  let open: { db: StudyDb; path: string; passphrase: string } | null = null;
  const created: StudyRef[] = [];
  const files = createFileHandles();
  const jobs = createJobs(options.clock);
  const downloads = new Map<string, Download>();
  /** Set while a rater package is open: its one rater's session. */
  let packageSession: RaterSession | null = null;
  let session: RaterSession | null = null;
  let backups: BackupSchedule | null = null;

  function study(): { db: StudyDb; path: string; passphrase: string } {
    if (!open) throw new StudyError('No study is open: unlock a study first.');
    return open;
  }

  function rater(): RaterSession {
    study();
    if (!session) throw new StudyError('No rater session: open your rater package to rate.');
    return session;
  }

  function coordinator(): StudyDb {
    const { db } = study();
    if (packageSession)
      throw new StudyError('This is a rater package: progress of other raters and reports are for the coordinator.');
    return db;
  }

  function close(): void {
    files.clear();
    downloads.clear();
    backups?.beforeClose();
    session = null;
    backups = null;
    packageSession = null;
    open?.db.close();
    open = null;
  }

  function studies(): StudyRef[] {
    const offered = options.studies();
    const known = new Set(offered.map((ref) => resolve(ref.path)));
    return [...offered, ...created.filter((ref) => !known.has(resolve(ref.path)))];
  }

  function knownStudy(path: string): StudyRef {
    const wanted = resolve(path);
    const found = studies().find((ref) => resolve(ref.path) === wanted);
    if (!found) throw new StudyError(`${path} is not in the list of studies this window may open.`);
    return found;
  }

  const coordinatorApi = createCoordinatorApi({
    clock: options.clock,
    placement: options.placement,
    master: () => ({ ...study(), db: coordinator() }),
    async openCreatedStudy(path, passphrase) {
      created.push({ path, label: basename(path) });
      return api.unlockStudy({ path, passphrase, remember: false });
    },
    files,
    jobs,
    downloads,
    newToken: () => randomBytes(16).toString('hex'),
  });

  const api: BlindRateApi = {
    ...coordinatorApi,
    async listStudies() {
      return studies();
    },
    async openStudyFile() {
      if (!options.chooseStudyFile) {
        throw new StudyError(
          'Browser mode serves only the study it was started with: start BlindRate on another file to open it.',
        );
      }
      const chosen = await options.chooseStudyFile();
      return chosen === null ? null : knownStudy(chosen);
    },
    async canRememberPassphrase() {
      return options.passphrases?.canRemember() ?? false;
    },
    /** An empty passphrase means "use the remembered one". A failure leaves the previous state closed and the file untouched. */
    async unlockStudy({ path, passphrase, remember }) {
      const ref = knownStudy(path);
      const memory = options.passphrases;
      if (remember && !memory?.canRemember()) {
        throw new StudyError('This computer offers no secure store, so the passphrase cannot be remembered.');
      }
      const recalled = passphrase === '' ? (memory?.recall(ref.path) ?? '') : '';
      if (passphrase === '' && !recalled)
        throw new StudyError(`Enter the passphrase for ${ref.label}: none is remembered on this computer.`);
      jobs.assertIdle();
      close();
      let opened: ReturnType<typeof openMasterOrPackage>;
      try {
        opened = openMasterOrPackage(ref.path, passphrase || recalled);
      } catch (error) {
        if (recalled) memory?.forget(ref.path);
        throw error;
      }
      const { db, kind } = opened;
      open = { db, path: ref.path, passphrase: kind === 'master' ? passphrase || recalled : '' };
      backups = startBackupSchedule(
        db,
        ref.path,
        options.clock,
        (message) => process.emitWarning(message),
        backupFolderFor(ref.path, options.backupFolder),
      );
      if (remember && passphrase) memory?.remember(ref.path, passphrase);
      if (kind === 'package') {
        const facts = readPackageFacts(db);
        packageSession = startPackageSession(db, options.clock);
        return {
          path: ref.path,
          name: facts.studyName,
          rubric: facts.rubric,
          role: 'rater',
          rater: packageSession.rater(),
          canShowInFolder: Boolean(options.showInFolder),
        };
      }
      return {
        path: ref.path,
        name: readStudyName(db),
        rubric: readActiveRubric(db),
        role: 'coordinator',
        rater: null,
        canShowInFolder: Boolean(options.showInFolder),
      };
    },
    async listRaterProgress() {
      return readRaterProgress(coordinator());
    },
    async startSession(raterId) {
      study();
      if (!packageSession) {
        throw new StudyError(
          "This is the coordinator's master study: rating happens in rater packages (blindrate pack).",
        );
      }
      if (raterId !== PACKAGE_RATER_ID)
        throw new StudyError(`This package belongs to ${packageSession.rater().name} only.`);
      session = packageSession;
      return session.overview();
    },
    async getOverview() {
      return rater().overview();
    },
    async listAssignments(kind) {
      return rater().listAssignments(kind);
    },
    async getTask(id) {
      return rater().getTask(id);
    },
    async saveRating(request) {
      const calibrationFeedback = rater().saveRating(request);
      backups?.saved();
      return calibrationFeedback ? { ...rater().overview(), calibrationFeedback } : rater().overview();
    },
    async savePreference(request) {
      rater().savePreference(request);
      backups?.saved();
      return rater().overview();
    },
    async savePairwise(request) {
      rater().savePairwise(request);
      backups?.saved();
      return rater().overview();
    },
    async setFlag({ assignmentId: id, flagged }) {
      rater().setFlag(id, flagged);
    },
    async lockRater() {
      return rater().lock();
    },
    async getReport(request) {
      // The sealed protocol's analysis, or fixed defaults: the same data always shows the same intervals.
      const db = coordinator();
      const finalValues = request?.finalValues ?? 'raters_mean';
      return {
        result: await analyzeStudyOffThread(db, { ...plannedAnalysisOptions(db), finalValues }),
        study: readReportStudy(db, options.clock),
      };
    },
    async showStudyInFolder() {
      const { path } = study();
      if (!options.showInFolder) throw new StudyError(`Only the desktop app can open the folder: the file is ${path}.`);
      options.showInFolder(path);
    },
    /** Closes at once (the shell closes on quit without waiting); a running job is cancelled and awaited. */
    async closeStudy() {
      const stopping = jobs.stopAll();
      close();
      await stopping;
    },
  };

  async function dispatch(method: string, arg: unknown): Promise<ApiResponse> {
    try {
      if (!isApiMethod(method)) throw new StudyError(`Unknown method "${method}".`);
      const call = api[method] as (arg: unknown) => Promise<unknown>;
      const value = await call(parsedArgument(method, arg));
      return { ok: true, value: value ?? null };
    } catch (error) {
      return { ok: false, error: describeFailure(error) };
    }
  }

  return {
    ...api,
    dispatch,
    hasOpenStudy: () => open !== null,
    acceptUpload(name, purpose, data) {
      study();
      return files.addUpload(name, purpose, data);
    },
    takeDownload(token) {
      return downloads.get(token) ?? null;
    },
    acceptDroppedFiles(arg) {
      const request = droppedFiles.safeParse(arg);
      if (!request.success) return { ok: false, error: 'Refused: the dropped files were not described as expected.' };
      const { purpose, multiple, paths } = request.data;
      try {
        study();
        return { ok: true, value: (multiple ? paths : paths.slice(0, 1)).map((path) => addDropped(path, purpose)) };
      } catch (error) {
        if (error instanceof StudyError) return { ok: false, error: error.message };
        throw error;
      }
    },
  };

  function addDropped(path: string, purpose: FilePurpose): FileHandle {
    try {
      return files.addPath(path, purpose);
    } catch (error) {
      if (!(error instanceof StudyError)) throw error;
      // A folder, or a file gone since the drop: say which by its name (the page never sees paths).
      throw new StudyError(`${basename(path)} cannot be used: only files can be dropped here, and it is not one.`);
    }
  }
}

function parsedArgument(method: ApiMethod, arg: unknown): unknown {
  const schema: z.ZodType | null = API_ARGUMENTS[method];
  if (schema === null) return undefined;
  const result = schema.safeParse(arg);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new StudyError(`${method}: invalid argument${where}: ${issue.message}`);
}

/** SQLite's storage failures in words a rater can act on; the transaction was rolled back, so nothing is half-saved. */
const STORAGE_FAILURES: ReadonlyArray<[RegExp, string]> = [
  [
    /^SQLITE_FULL$/,
    'The disk is full, so this was not saved. Free some disk space, then save again: your answer is still on screen.',
  ],
  [
    /^SQLITE_READONLY/,
    'The study file or its folder is read-only, so this was not saved. Make it writable, then save again: your answer is still on screen.',
  ],
  [
    /^SQLITE_(IOERR|CANTOPEN)/,
    'The disk could not be written, so this was not saved. Check the disk, then save again: your answer is still on screen.',
  ],
];

/** The one line the renderer shows for a failed call. */
export function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const storage = typeof code === 'string' ? STORAGE_FAILURES.find(([pattern]) => pattern.test(code)) : undefined;
  if (storage) return storage[1];
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim() || 'Unknown error.';
}
