/**
 * The one contract between the renderer and the main process. The renderer sees `window.blindrate`
 * typed as BlindRateApi and nothing else; Electron IPC (electron/preload) and browser mode
 * (electron/serve) both implement exactly this, checked by the compiler.
 *
 * Blinding lives here: task payloads carry an opaque assignment id and the texts a rater must read,
 * never a model name, score, bin or anything derived from them.
 */
import type { CoordinatorApi } from './coordinator-api';
import type { CalibrationFeedback } from './qc/calibration';
import type { AnalysisResult } from './analysis/types';
import type { FinalValues } from './analysis/final-values';
import type { ReportStudy } from './report/types';
import type { PreferenceKey, TaskKind } from './domain';
import type { Rubric } from './rubric';
import type { AdjudicationReason } from './adjudication/reasons';

export interface StudyRef {
  path: string;
  /** File name without folders, for display. */
  label: string;
  /** A passphrase is sealed in the OS key store: unlockStudy with an empty passphrase uses it. */
  passphraseRemembered?: boolean;
}

export interface RaterProfile {
  id: number;
  name: string;
  /** Set when the rater has finished and locked their work. */
  lockedAt: string | null;
  /**
   * A locked package's receipt (shared/lock-receipt.ts), which the rater reads to the coordinator by
   * another channel; a merge given it refuses the package if its history up to the lock changed since.
   * Package sessions only.
   */
  lockReceipt?: string;
}

export interface StudySummary {
  path: string;
  name: string;
  rubric: Rubric;
  /**
   * What the file is: a master opens a coordinator session (progress per rater, reports, no rating);
   * a rater package opens a session of its one rater (rating, no rater list, no reports).
   */
  role: 'rater' | 'coordinator';
  /** The package's rater; null in a coordinator session. */
  rater: RaterProfile | null;
  /** The desktop app can show the file in the system's file manager (showStudyInFolder); browser mode cannot. */
  canShowInFolder: boolean;
}

export interface TaskProgress {
  kind: TaskKind;
  done: number;
  total: number;
  flagged: number;
}

export interface SessionOverview {
  rater: RaterProfile;
  progress: TaskProgress[];
  /** First unfinished assignment per kind, in the rater's order: where "Resume" goes. */
  resume: Partial<Record<TaskKind, string>>;
}

/** One rater's standing as the coordinator sees it in the master (answers merged so far). */
export interface RaterProgress {
  rater: RaterProfile;
  progress: TaskProgress[];
  packagesIssued: number;
  /** When a package of this rater was last merged; null before the first return. */
  lastReturnedAt: string | null;
}

export interface AssignmentSummary {
  assignmentId: string;
  kind: TaskKind;
  /** 1-based position in this rater's shuffled order of that kind. */
  position: number;
  done: boolean;
  flagged: boolean;
}

interface TaskPayloadBase {
  assignmentId: string;
  position: number;
  total: number;
  question: string;
  /** e.g. the discharge summary; empty for summarisation studies. */
  context: string;
  comment: string;
  flagged: boolean;
  previousId: string | null;
  nextId: string | null;
  /** The rater has locked their work: the payload is read-only. */
  readOnly: boolean;
  /** An adjudication package's task only: its disputed dimensions, the only ones it asks for. */
  adjudication?: AdjudicationDisputeView[];
}

/** One disputed dimension as the adjudicator sees it (docs/adjudication.md). */
export interface AdjudicationDisputeView {
  /**
   * A rubric dimension key, `preference` for a preference's choice; on a pairwise task `pairwise` for the
   * overall choice or a pairwise aspect's key (its raters' values then are the letters A, B, T as shown).
   */
  dimension: string;
  /** The raters' values as "Rater 1", … in the order drawn for the task; empty when the round hides them. */
  shown: { label: string; value: number | string }[];
  /** The adjudicator's saved marks. */
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
}

/** What the adjudicator says of a disputed dimension besides its final value. */
export interface AdjudicationMark {
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
}

export interface RatingTaskPayload extends TaskPayloadBase {
  kind: 'rating';
  answer: string;
  /** Saved values by dimension key, empty when not yet rated. */
  values: Record<string, number>;
  /**
   * A practice task (calibration, at the start of the queue): the screen says so before it is rated.
   * Only that: its expected rating comes with the save (SaveRatingResult), and no other role shows.
   */
  practice: boolean;
}

export interface PreferenceTaskPayload extends TaskPayloadBase {
  kind: 'preference';
  answerA: string;
  answerB: string;
  allowTie: boolean;
  choice: PreferenceKey | null;
}

/** Two models' answers in their drawn positions; nothing says which model wrote which. */
export interface PairwiseTaskPayload extends TaskPayloadBase {
  kind: 'pairwise';
  answerA: string;
  answerB: string;
  allowTie: boolean;
  choice: PreferenceKey | null;
  /** The rater's "both unacceptable" mark, saved with the choice (false until saved). */
  bothUnacceptable: boolean;
  /** Saved choices on the rubric's pairwise aspects (`rubric.pairwise.aspects`), by dimension key; empty until saved. */
  aspects: Record<string, PreferenceKey>;
}

/** Each task kind's payload; a kind without one does not compile. */
export interface TaskPayloadByKind {
  rating: RatingTaskPayload;
  preference: PreferenceTaskPayload;
  pairwise: PairwiseTaskPayload;
}
export type TaskPayload = TaskPayloadByKind[TaskKind];

export interface SaveRatingRequest {
  assignmentId: string;
  values: Record<string, number>;
  comment: string;
  /** Time the task was on screen, measured by the renderer. */
  durationMs: number;
  /** An adjudication package only: marks by disputed dimension (absent: none). */
  marks?: Record<string, AdjudicationMark>;
}

/**
 * The overview after a rating is saved. A calibration task (quality control at the start of the queue)
 * also returns the coordinator's expected rating and rationale, shown before moving on; no other task
 * ever carries feedback, so nothing tells a repeat or a reference control from an ordinary task.
 */
export interface SaveRatingResult extends SessionOverview {
  calibrationFeedback?: CalibrationFeedback;
}

export interface SavePreferenceRequest {
  assignmentId: string;
  choice: PreferenceKey;
  comment: string;
  durationMs: number;
  /** An adjudication package only: the choice's marks, under `preference`. */
  marks?: Record<string, AdjudicationMark>;
}

export interface SavePairwiseRequest {
  assignmentId: string;
  /** The overall choice; null only in an adjudication package whose task does not dispute it. */
  choice: PreferenceKey | null;
  /** The "both unacceptable" mark; null in an adjudication package, which does not adjudicate the mark. */
  bothUnacceptable: boolean | null;
  /**
   * A choice on each of the rubric's pairwise aspects, by dimension key; absent when the rubric asks none. In
   * an adjudication package: exactly the task's disputed aspects.
   */
  aspects?: Record<string, PreferenceKey>;
  comment: string;
  durationMs: number;
  /** An adjudication package only: marks by disputed dimension (`pairwise` for the overall choice, an aspect's key). */
  marks?: Record<string, AdjudicationMark>;
}

/** The rater's and the coordinator's calls; the coordinator's workspace is in shared/coordinator-api.ts. */
export interface BlindRateApi extends CoordinatorApi {
  /** Studies this installation knows (recent list, or the one served in browser mode). */
  listStudies(): Promise<StudyRef[]>;
  /**
   * The system's Open dialog (desktop app only) for a master study or a rater package: the chosen
   * file joins the study list and is returned; null when the user cancels.
   */
  openStudyFile(): Promise<StudyRef | null>;
  /** Whether the OS offers a secure store to remember a passphrase (never a plain-text fallback). */
  canRememberPassphrase(): Promise<boolean>;
  unlockStudy(request: { path: string; passphrase: string; remember: boolean }): Promise<StudySummary>;
  /** Coordinator sessions: every rater's progress and packages. */
  listRaterProgress(): Promise<RaterProgress[]>;
  /** Rater packages only, and only for the package's own rater. */
  startSession(raterId: number): Promise<SessionOverview>;
  getOverview(): Promise<SessionOverview>;
  listAssignments(kind: TaskKind): Promise<AssignmentSummary[]>;
  getTask(assignmentId: string): Promise<TaskPayload>;
  /**
   * Resolves only once the answer is committed to disk, with the overview after it (progress, where to
   * resume), so the renderer need not ask again before showing the next task.
   */
  saveRating(request: SaveRatingRequest): Promise<SaveRatingResult>;
  savePreference(request: SavePreferenceRequest): Promise<SessionOverview>;
  savePairwise(request: SavePairwiseRequest): Promise<SessionOverview>;
  setFlag(request: { assignmentId: string; flagged: boolean }): Promise<void>;
  /** Ends rating for this rater: the package becomes read-only, ready to send back. */
  lockRater(): Promise<RaterProfile>;
  /**
   * Coordinator sessions only: the analysis and the study's facts, from which the report model is built;
   * `finalValues` as `report --adjudicated` chooses it (default: the raters' mean).
   */
  getReport(request?: ReportRequest): Promise<StudyReport>;
  /** Desktop app only: the open study's file, selected in the system's file manager (to send it back). */
  showStudyInFolder(): Promise<void>;
  closeStudy(): Promise<void>;
}

/** Which value stands for an output in the report's model figures (shared/analysis/final-values.ts). */
export interface ReportRequest {
  finalValues: FinalValues;
}

/** What the Reports screen shows: the same inputs as the HTML report (shared/report buildReportModel). */
export interface StudyReport {
  result: AnalysisResult;
  study: ReportStudy;
}

/** The method names, for transports that register one handler per method. */
export const API_METHODS = [
  'listStudies',
  'openStudyFile',
  'canRememberPassphrase',
  'unlockStudy',
  'listRaterProgress',
  'startSession',
  'getOverview',
  'listAssignments',
  'getTask',
  'saveRating',
  'savePreference',
  'savePairwise',
  'setFlag',
  'lockRater',
  'getReport',
  'showStudyInFolder',
  'closeStudy',
  'getCoordinatorCapabilities',
  'chooseFiles',
  'releaseFile',
  'listRubricPresets',
  'previewRubric',
  'checkPassphrase',
  'createStudy',
  'previewImport',
  'startImportValidation',
  'startImport',
  'listImports',
  'getJob',
  'cancelJob',
  'getSampleSetup',
  'previewSample',
  'drawSample',
  'checkRaterNames',
  'getAssignmentSetup',
  'previewAssignment',
  'assignRaters',
  'addRaters',
  'listPackages',
  'startPack',
  'revealPackageSheet',
  'startMerge',
  'startExport',
  'previewAdjudication',
  'startAdjudicate',
  'listAdjudicationRounds',
  'getProtocolSeal',
  'sealProtocol',
] as const satisfies ReadonlyArray<keyof BlindRateApi>;

export type ApiMethod = (typeof API_METHODS)[number];

/** Fails to compile when a contract method is missing from API_METHODS. */
export const API_METHODS_COMPLETE: Exclude<keyof BlindRateApi, ApiMethod> extends never ? true : never = true;
