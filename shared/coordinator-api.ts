/**
 * The coordinator's part of the contract (BlindRateApi extends CoordinatorApi): set a master study up,
 * import, sample, assign, pack, merge and export from the app, over the same services as the CLI.
 *
 * Paths never cross the contract. Every file the coordinator gives is a FileHandle: an opaque token the
 * main process hands out for a file chosen in a system dialog (desktop: `chooseFiles`) or uploaded to the
 * loopback server (browser mode: `POST /upload`, see shared/transport.ts). Every file BlindRate writes is
 * placed by the main process: a system Save or folder dialog in the desktop app, the served workspace
 * folder (studies, packages) or a download (exports) in browser mode.
 *
 * Long work (import, validation, pack, merge, export, report) runs as a Job: `start…` answers at once with
 * a JobRef, `getJob` reports progress (the job refreshes it at least four times a second; poll every
 * 250 ms), `cancelJob` stops it with the study unchanged. A job ends `done` (with its result), `failed`
 * (one line, plus every problem for imports), or `cancelled`.
 */
import type { ImportProblem } from './import/problems';
import type { StudySummary } from './api';
import type { OutputRecord, SampleParameters, TaskKind } from './domain';
import type { ImportFormat } from './import/format';
import type { QcOptions } from './qc/options';
import type { Rubric } from './rubric';
import type { FinalValues } from './analysis/final-values';
import type { DisputeThresholds } from './adjudication/disagreement';
import type { DimensionKind } from './kinds/dimension-kinds';
import type { PackageRemedy } from './errors';

// ── Files ──────────────────────────────────────────────────────────────────────────────────────────

/** What a chosen or uploaded file is for: decides the dialog's filters and the upload's size cap. */
export const FILE_PURPOSES = ['rubric', 'import', 'items', 'calibration', 'returns'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** A file the main process holds for this window; the token is valid until the window's study closes. */
export interface FileHandle {
  token: string;
  /** File name without folders, for display. */
  name: string;
  bytes: number;
  purpose: FilePurpose;
}

/** How this front end moves files: dialogs (desktop app) or uploads and downloads (browser mode). */
export interface CoordinatorCapabilities {
  files: 'dialogs' | 'uploads';
  /** Browser mode: the folder new studies and packages are written into, for display; null in the desktop app. */
  workspaceLabel: string | null;
  /** Browser mode: the largest upload accepted per purpose, in bytes. */
  uploadLimits: Record<FilePurpose, number>;
}

/** A file BlindRate wrote: where (for display only) and, in browser mode, how to download it. */
export interface WrittenFile {
  name: string;
  bytes: number;
  /** Folder shown to the user (the chosen folder, or the workspace); never sent back. */
  folderLabel: string;
  /** Browser mode exports: GET <DOWNLOAD_PATH_PREFIX><token> with the session token header. */
  downloadToken: string | null;
}

// ── Jobs ───────────────────────────────────────────────────────────────────────────────────────────

export const JOB_KINDS = ['import', 'validate', 'pack', 'merge', 'export', 'adjudicate'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface JobRef {
  jobId: string;
  kind: JobKind;
}

export interface JobProgress {
  /** What is happening now, in words ("Reading outputs.jsonl", "Checking package Dr A.blindrate"). */
  step: string;
  /** Records read (import), tasks written (pack), packages checked (merge), rows written (export). */
  done: number;
  /** Total of `done` when known in advance, else null. */
  total: number | null;
  bytesRead: number;
  totalBytes: number | null;
  /** Per second over the job so far, of `done`. */
  rate: number;
  /** Estimated from bytes (or `done`) and the rate; null until it can be told. */
  secondsLeft: number | null;
  /** Since the job started; it grows with every refresh, also while the work itself cannot report. */
  elapsedSeconds: number;
}

interface JobStatusBase extends JobRef {
  progress: JobProgress;
  startedAt: string;
}

export type JobStatus =
  | (JobStatusBase & { state: 'running' })
  | (JobStatusBase & { state: 'cancelled' })
  | (JobStatusBase & { state: 'failed'; error: string; problems: ImportProblems | null })
  | (JobStatusBase & { state: 'done'; result: JobResult });

export type JobResult =
  | { kind: 'import'; summary: ImportResult }
  | { kind: 'validate'; problems: ImportProblems; records: number }
  | { kind: 'pack'; packages: IssuedPackageSheet[] }
  | { kind: 'merge'; files: ReturnVerdict[]; merged: boolean }
  | { kind: 'export'; file: WrittenFile; rows: number | null }
  | { kind: 'adjudicate'; sheet: AdjudicationSheet };

// ── New study ──────────────────────────────────────────────────────────────────────────────────────

export type RubricSource = { preset: string } | { file: string /* FileHandle.token, purpose rubric */ };

export type RubricPreview = { ok: true; rubric: Rubric } | { ok: false; problems: string[] };

export interface PassphraseFeedback {
  strong: boolean;
  /** zxcvbn's 0–4. */
  score: number;
  /** Why it is too weak and what would help; empty when strong. */
  message: string;
}

export interface NewStudyRequest {
  /** The file name offered in the Save dialog (desktop) or written in the workspace (browser mode), e.g. "Discharge study.db". */
  fileName: string;
  /** Shown to raters; empty = the file name. */
  name: string;
  rubric: RubricSource;
  passphrase: string;
  confirmation: string;
}

// ── Import ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Outputs whose items are in another file: the GUI form of `--join`/`--on` and `--from`
 * (docs/benchmark-import.md). `F` is how the other files are given: FileHandle tokens (purpose items)
 * over the contract.
 */
export type ImportJoinOf<F> =
  | { kind: 'items'; items: F; on: string }
  | {
      kind: 'clue';
      dataset: F;
      fewShot?: number;
      /** Python's random.seed of the run, as decimal text. */
      seed?: string;
      joinBy?: 'position' | 'reference';
      /** The dataset field shown as the context; null for none; absent for the one the dataset's layout has. */
      contextField?: string | null;
    }
  | { kind: 'chq-summ'; source: F; target?: F };

export type ImportJoin = ImportJoinOf<string>;

export interface ImportRequest {
  /** With a join: exactly one file of outputs. */
  files: string[];
  /** Canonical field (or score_<metric>) → column name, applied to every file; a benchmark join brings its own. */
  map: Record<string, string>;
  /** Model name for files holding one model's outputs without a model column; empty = none. */
  model: string;
  ignoreUnknown: boolean;
  join: ImportJoin | null;
}

export interface ImportFilePreview {
  file: string;
  format: ImportFormat;
  /** The columns (CSV header, or keys of the first records) in file order. */
  columns: string[];
  /** Canonical field or score_<metric> → the column it is read from (detected, after `map`); null when absent. */
  mapping: Record<string, string | null>;
  /** Columns no field reads (refused unless ignoreUnknown). */
  unmappedColumns: string[];
  /** The first records as the study would store them. */
  records: OutputRecord[];
  /** Problems already visible in the first records (the full list comes from a validate job). */
  problems: ImportProblem[];
}

/** One problem of an import's input (the importer's ImportProblem, shared/import/problems.ts once it lands). */
export type { ImportProblem } from './import/problems';

export interface ImportProblems {
  /** The first 100 of each file, in file and record order. */
  first: ImportProblem[];
  /** Every problem, listed or not. */
  count: number;
}

export interface ImportResult {
  files: {
    file: string;
    format: ImportFormat;
    status: 'imported' | 'already-imported';
    records: number;
    newItems: number;
    importId: number | null;
    importedAt: string | null;
  }[];
  outputs: number;
  newItems: number;
  models: string[];
}

export interface ImportHistoryEntry {
  importId: number;
  file: string;
  format: ImportFormat;
  records: number;
  importedAt: string;
  sha256: string;
}

// ── Sample ─────────────────────────────────────────────────────────────────────────────────────────

export interface SampleSetup {
  models: string[];
  metrics: string[];
  /** A fresh random seed in 0 … maxSeed, to pre-fill (and show). */
  suggestedSeed: number;
  maxSeed: number;
  samples: StoredSampleInfo[];
  /** Why no sample may be drawn again (packages were issued); null while redrawing is allowed. */
  redrawRefusal: string | null;
}

export interface StoredSampleInfo extends SampleParameters {
  sampleId: number;
  tasks: number;
  createdAt: string;
}

export type SampleDraft = SampleParameters & {
  /** Empty = every model. */
  models: string[];
};

export interface SampleModelPreview {
  model: string;
  eligible: number;
  ineligible: number;
  withoutReference: number;
  /** Histogram of average automatic scores of the eligible outputs: `counts[i]` in [edges[i], edges[i+1]). */
  histogram: { edges: number[]; counts: number[] };
  /** Average scores where one bin ends and the next begins (bins − 1 values). */
  cutPoints: number[];
  binSizes: number[];
  drawn: number;
  /** Why this choice cannot be drawn (a bin smaller than N), with the largest N that works; null when it can. */
  impossible: { reason: string; largestPerBin: number } | null;
}

export interface SamplePreview {
  draft: SampleDraft;
  metrics: string[];
  perModel: SampleModelPreview[];
  tasks: number;
  /** A sample of this task exists: drawing again replaces it (confirm first). */
  replaces: StoredSampleInfo | null;
  /** One line when the draft cannot be drawn at all (bad N, unknown model, redraw refused); else null. */
  problem: string | null;
}

export interface SampleResult {
  sampleId: number;
  task: TaskKind;
  seed: number;
  replaced: boolean;
  tasks: number;
  perModel: { model: string; eligible: number; binSizes: number[]; drawn: number }[];
}

// ── Raters and assignment ──────────────────────────────────────────────────────────────────────────

/**
 * Why a change to a sealed protocol is made (the app's form of the CLI's deviation reason): with it the
 * change is recorded as a deviation, without it refused. Ignored while the protocol is not sealed.
 */
export interface DeviationReason {
  deviationReason?: string;
}

export interface AssignDraft extends DeviationReason {
  raters: string[];
  /** Raters per sampled output; null = every rater. */
  overlap: number | null;
  seed: number;
  qc: QcOptions;
  /** FileHandle token (purpose calibration); required when qc.calibration > 0. */
  calibrationFile: string | null;
  /** Plan again over an existing plan (allowed while nothing came back). */
  replace: boolean;
}

export interface PlanOverview {
  overlap: number;
  seed: number;
  tasksPerRater: { name: string; tasks: number }[];
  /** Index k: outputs rated by k raters. */
  coverage: number[];
  qc: QcOptions;
  qcTasks: { repeat: number; reference_control: number; calibration: number };
  /** sharedOutputs[i][j]: outputs both rater i and rater j rate (tasksPerRater order). */
  sharedOutputs: number[][];
}

export type AssignPreview = { ok: true; plan: PlanOverview } | { ok: false; problems: string[] };

export interface AssignmentSetup {
  /** The stored plan, or null before the first assign. */
  plan: PlanOverview | null;
  suggestedSeed: number;
  packagesIssued: number;
  /** Why the plan can no longer be replaced; null while it can. */
  replaceRefusal: string | null;
}

// ── Packages ───────────────────────────────────────────────────────────────────────────────────────

export interface PackRequest {
  raters: string[];
}

/** What a rater is handed apart from the file: printed, or read out. */
export interface HandOverSheet {
  studyName: string;
  rater: string;
  fileName: string;
  passphrase: string;
  /** Steps to open the package, one sentence each. */
  howToOpen: string[];
}

export interface IssuedPackageSheet extends HandOverSheet {
  packageId: string;
  tasks: number;
  file: WrittenFile;
}

export interface IssuedPackageInfo {
  packageId: string;
  rater: string;
  fileName: string;
  tasks: number;
  issuedAt: string;
  returnedAt: string | null;
  /** A later package of the same rater replaces this one. */
  superseded: boolean;
}

// ── Returns ────────────────────────────────────────────────────────────────────────────────────────

export interface ReturnVerdict {
  file: string;
  rater: string | null;
  accepted: boolean;
  /** Refused: the one-line reason merge gives. Accepted: what merging adds ("12 answers added, …"). */
  detail: string;
  /** Refused, and the coordinator may still take it that way (ReturnChoices says how); absent otherwise. */
  remedy?: PackageRemedy;
}

/** What the coordinator says of one returned file when merging it, as the CLI's merge options say it. */
export interface ReturnChoices {
  /** The lock receipt the rater read out from their Finish screen: the merge refuses a history that differs. */
  receipt?: string;
  /** The package's passphrase, to adopt a package packed after the backup this master was restored from. */
  adoptPassphrase?: string;
  /** Merge it although its audit history departs from the version merged before (answers merged before are kept). */
  acceptDivergedHistory?: boolean;
}

// ── Adjudication ───────────────────────────────────────────────────────────────────────────────────

/** The disagreements after the merge at the given thresholds (absent kinds: their defaults), as `adjudicate` finds them. */
export interface AdjudicationPreview {
  /** Each judged dimension of the study (a choice such as `preference` too), in rubric order. */
  dimensions: {
    dimension: string;
    label: string;
    /** The dimension's kind; null for a choice. */
    kind: DimensionKind | null;
    /** Scale steps apart from which raters dispute; null where any difference disputes. */
    threshold: number | null;
    /** Units (outputs) compared, and those disputed. */
    compared: number;
    disputes: number;
  }[];
  /** The rubric's kinds that take a threshold, with the one used and the kind's default. */
  thresholds: { kind: DimensionKind; threshold: number; defaultThreshold: number }[];
  /** Disputed outputs (tasks of the package) and disputed units over them. */
  tasks: number;
  disputes: number;
  /** Why no package can be written at these thresholds, in adjudicate's words; null when one can. */
  problem: string | null;
}

export interface AdjudicateRequest {
  adjudicator: string;
  /** False: the raters' values are not shown (a fully blind second opinion). */
  showRatings: boolean;
  thresholds: DisputeThresholds;
  /** The coordinator's own passphrase for the package, or null for a generated one (shown once). */
  passphrase: string | null;
}

export interface AdjudicationSheet extends HandOverSheet {
  roundId: string;
  tasks: number;
  disputes: number;
  file: WrittenFile;
}

export interface AdjudicationRoundInfo {
  roundId: string;
  adjudicator: string;
  fileName: string;
  tasks: number;
  showsRatings: boolean;
  issuedAt: string;
  /** When its package was merged; null until then. */
  returnedAt: string | null;
  /** Disputed units it sent, and those it settled (0 until merged). */
  disputes: number;
  settled: number;
}

// ── Exports ────────────────────────────────────────────────────────────────────────────────────────

export const TABLE_EXPORTS = ['ratings', 'ratings-wide', 'outputs', 'sample', 'dictionary', 'audit'] as const;
export type TableExport = (typeof TABLE_EXPORTS)[number];

/** The report and the analysis JSON: with the raters' mean (absent finalValues) or, as `report --adjudicated`, the adjudicated values. */
export type ExportRequest =
  | { what: TableExport; format: 'csv' | 'jsonl' }
  | { what: 'report'; finalValues?: FinalValues }
  | { what: 'analysis'; finalValues?: FinalValues }
  | { what: 'backup' };

// ── The sealed protocol ────────────────────────────────────────────────────────────────────────────

/** The protocol's seal (pre-registration): when, its SHA-256, and how many deviations were recorded since. */
export interface ProtocolSealInfo {
  sealedAt: string;
  hash: string;
  deviations: number;
}

// ── The methods ────────────────────────────────────────────────────────────────────────────────────

export interface CoordinatorApi {
  getCoordinatorCapabilities(): Promise<CoordinatorCapabilities>;
  /** Desktop: the system Open dialog; [] when cancelled. Browser mode refuses: upload instead. */
  chooseFiles(request: { purpose: FilePurpose; multiple: boolean }): Promise<FileHandle[]>;
  /** Drops a file handle (a removed upload is freed at once). */
  releaseFile(token: string): Promise<void>;

  listRubricPresets(): Promise<{ id: string; rubric: Rubric }[]>;
  previewRubric(source: RubricSource): Promise<RubricPreview>;
  checkPassphrase(request: { passphrase: string; context: string[] }): Promise<PassphraseFeedback>;
  /** Writes the new master (Save dialog or workspace), adds it to the study list and opens it; null when the dialog is cancelled. */
  createStudy(request: NewStudyRequest): Promise<StudySummary | null>;

  previewImport(request: ImportRequest): Promise<ImportFilePreview[]>;
  /** Reads every file completely and lists every problem; writes nothing. */
  startImportValidation(request: ImportRequest): Promise<JobRef>;
  /** All or nothing: any problem fails the job with every problem listed and the study unchanged. */
  startImport(request: ImportRequest): Promise<JobRef>;
  listImports(): Promise<ImportHistoryEntry[]>;

  getJob(jobId: string): Promise<JobStatus>;
  /** Stops a running job; the study is as before it started. A finished job is left as it is. */
  cancelJob(jobId: string): Promise<JobStatus>;

  getSampleSetup(): Promise<SampleSetup>;
  previewSample(draft: SampleDraft): Promise<SamplePreview>;
  /** `replace` must be true to draw over an existing sample of the task (after the user confirmed). */
  drawSample(request: SampleDraft & { replace: boolean } & DeviationReason): Promise<SampleResult>;

  /** Every problem of the names, as assign checks them; [] when they are fine. */
  checkRaterNames(names: string[]): Promise<string[]>;
  getAssignmentSetup(): Promise<AssignmentSetup>;
  previewAssignment(draft: AssignDraft): Promise<AssignPreview>;
  assignRaters(draft: AssignDraft): Promise<PlanOverview>;
  /** Raters joining the stored plan, each with the mean load, nobody else's tasks changed. */
  addRaters(request: { raters: string[] } & DeviationReason): Promise<PlanOverview>;

  listPackages(): Promise<IssuedPackageInfo[]>;
  /** Writes one package per rater (a new one replaces that rater's earlier package: re-issue); desktop asks for the folder (null when cancelled). */
  startPack(request: PackRequest): Promise<JobRef | null>;
  /** The hand-over sheet of an issued package again, after the master passphrase is entered again. */
  revealPackageSheet(request: { packageId: string; masterPassphrase: string }): Promise<HandOverSheet>;

  /** Verifies every file as merge does; merges only when every one passes. */
  startMerge(request: { files: string[]; choices?: Record<string, ReturnChoices> }): Promise<JobRef>;

  /** Desktop: the Save dialog first (null when cancelled); browser mode: the result is a download. */
  startExport(request: ExportRequest): Promise<JobRef | null>;

  previewAdjudication(request: { thresholds: DisputeThresholds }): Promise<AdjudicationPreview>;
  /**
   * Writes the adjudication package as `adjudicate` does, after the same refusals (checked before the
   * Save dialog opens); desktop: the Save dialog (null when cancelled), browser mode: a download.
   */
  startAdjudicate(request: AdjudicateRequest): Promise<JobRef | null>;
  listAdjudicationRounds(): Promise<AdjudicationRoundInfo[]>;

  /** The protocol's seal, or null while it is not sealed. */
  getProtocolSeal(): Promise<ProtocolSealInfo | null>;
  /**
   * Seals the protocol as it stands with the default analysis (1000 bootstrap resamples, seed 1; the CLI's
   * `seal` can plan others); refused once answers came back. Later changes are refused unless given a
   * deviation reason (drawSample, assignRaters, addRaters), then recorded as deviations.
   */
  sealProtocol(): Promise<ProtocolSealInfo>;
}
