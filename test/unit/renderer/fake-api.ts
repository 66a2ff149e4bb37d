/**
 * An in-memory BlindRateApi for component tests: a rater package with the MeDiSumQA rubric, three
 * rating tasks and two preference tasks for its one rater. Saves can be held open to prove the renderer waits.
 * With `role: 'coordinator'` it is a master instead (passphrase FAKE_MASTER_PASSPHRASE), whose coordinator
 * calls FakeCoordinator answers.
 */
import type {
  AdjudicationDisputeView,
  AdjudicationMark,
  AssignmentSummary,
  BlindRateApi,
  PairwiseTaskPayload,
  PreferenceTaskPayload,
  RaterProfile,
  RatingTaskPayload,
  SavePairwiseRequest,
  SavePreferenceRequest,
  SaveRatingRequest,
  SessionOverview,
  StudyRef,
  StudySummary,
  TaskPayload,
} from '../../../shared/api';
import { TASK_KINDS, type TaskKind } from '../../../shared/domain';
import type { CalibrationFeedback } from '../../../shared/qc/calibration';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { FAKE_MASTER_PASSPHRASE, FakeCoordinator } from './fake-coordinator';

export const FAKE_PASSPHRASE = 'correct horse';
export const FAKE_STUDY_PATH = '/studies/fake-study.db';

const CONTEXT = [
  'Name: ___  Unit No: ___',
  'Chief Complaint:',
  'Shortness of breath and a penicillin allergy noted on admission.',
  'Discharge Diagnosis:',
  'Community-acquired pneumonia.',
  'Discharge Instructions:',
  'Take amoxicillin only if your allergy has been ruled out. Return if breathing worsens.',
].join('\n');

function baseTask(kind: TaskKind, n: number, total: number) {
  return {
    assignmentId: `${kind}-${n}`,
    position: n,
    total,
    question: `${kind === 'rating' ? 'Rating' : 'Preference'} question number ${n}?`,
    context: CONTEXT,
    comment: '',
    flagged: false,
    previousId: n > 1 ? `${kind}-${n - 1}` : null,
    nextId: n < total ? `${kind}-${n + 1}` : null,
    readOnly: false,
  };
}

/** The raters' values as an adjudication package shows them. */
export function rated(values: Array<number | string>): AdjudicationDisputeView['shown'] {
  return values.map((value, i) => ({ label: `Rater ${i + 1}`, value }));
}

/** An adjudication task keeps the marks saved with it, as the package session does. */
function savedMarks(task: TaskPayload, marks: Record<string, AdjudicationMark> | undefined) {
  if (!task.adjudication || !marks) return {};
  return { adjudication: task.adjudication.map((d) => ({ ...d, ...marks[d.dimension] })) };
}

/** What the fake package session shows as its receipt once locked. */
export const FAKE_LOCK_RECEIPT = 'FAC3-R9KZ-N3DN';

export class FakeApi extends FakeCoordinator implements BlindRateApi {
  readonly ratingSaves: SaveRatingRequest[] = [];
  /** The package's rubric; a test may swap it before opening the study. */
  rubric: Rubric = MEDISUMQA_RUBRIC;
  readonly preferenceSaves: SavePreferenceRequest[] = [];
  readonly pairwiseSaves: SavePairwiseRequest[] = [];
  /** Every getTask / getOverview call in order, to see what a keystroke waits for. */
  readonly reads: string[] = [];
  rememberAvailable = false;
  /** As the desktop app (true) or browser mode; showStudyInFolder calls are counted. */
  canShowInFolder = false;
  shownInFolder = 0;
  /** The study's rater instructions (Markdown); none unless a test sets them. */
  instructions = '';
  /** Calibration tasks by assignment id: their save returns this feedback, as the package session does. */
  readonly calibrationFeedback = new Map<string, CalibrationFeedback>();
  private rater: RaterProfile = { id: 1, name: 'Dr Ada', lockedAt: null };
  private tasks = new Map<string, TaskPayload>();
  private held: Array<() => void> | null = null;

  constructor(readonly role: 'rater' | 'coordinator' = 'rater') {
    super();
    for (let n = 1; n <= 3; n++) {
      const task: RatingTaskPayload = {
        ...baseTask('rating', n, 3),
        kind: 'rating',
        answer: `Answer text ${n}.`,
        values: {},
        practice: false,
      };
      this.tasks.set(task.assignmentId, task);
    }
    for (let n = 1; n <= 2; n++) {
      const task: PreferenceTaskPayload = {
        ...baseTask('preference', n, 2),
        kind: 'preference',
        answerA: `First answer ${n}.`,
        answerB: `Second answer ${n}.`,
        allowTie: true,
        choice: null,
      };
      this.tasks.set(task.assignmentId, task);
    }
  }

  /**
   * Turns the package into an adjudication package (as `blindrate adjudicate` writes one): rating 1 disputes
   * factuality and safety with three raters' values shown, rating 2 relevance with the values hidden (its
   * saved marks: rubric ambiguity, a guideline gap), rating 3 brevity; preference 1 its choice.
   */
  makeAdjudicationPackage(): void {
    this.dispute({
      'rating-1': [
        { dimension: 'factuality', shown: rated([2, 5, 4]), reason: null, guidelineGap: false },
        { dimension: 'safety', shown: rated([1, 0, 1]), reason: null, guidelineGap: false },
      ],
      'rating-2': [{ dimension: 'relevance', shown: [], reason: 'rubric_ambiguity', guidelineGap: true }],
      'rating-3': [{ dimension: 'brevity', shown: rated([1, 3, 5]), reason: null, guidelineGap: false }],
      'preference-1': [{ dimension: 'preference', shown: rated(['A', 'B', 'T']), reason: null, guidelineGap: false }],
    });
  }

  /** Gives these tasks (by assignment id) these disputes, as an adjudication package's session does. */
  dispute(disputes: Record<string, AdjudicationDisputeView[]>): void {
    for (const [id, adjudication] of Object.entries(disputes))
      this.tasks.set(id, { ...this.tasks.get(id)!, adjudication });
  }

  /** Adds `count` pairwise comparisons (none by default, so the other screens' tests see the kinds they did). */
  addPairwiseTasks(count: number): void {
    for (let n = 1; n <= count; n++) {
      const task: PairwiseTaskPayload = {
        ...baseTask('pairwise', n, count),
        question: `Comparison question number ${n}?`,
        kind: 'pairwise',
        answerA: `Left answer ${n}.`,
        answerB: `Right answer ${n}.`,
        allowTie: true,
        choice: null,
        bothUnacceptable: false,
        aspects: {},
      };
      this.tasks.set(task.assignmentId, task);
    }
  }

  /** From now on saves stay pending until the returned function is called. */
  holdSaves(): () => void {
    this.held = [];
    return () => {
      const pending = this.held ?? [];
      this.held = null;
      pending.forEach((resolve) => resolve());
    };
  }

  private async committed(): Promise<void> {
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
  }

  private summary(): StudySummary {
    if (this.role === 'coordinator')
      return {
        path: FAKE_STUDY_PATH,
        name: 'Fake master',
        rubric: MEDISUMQA_RUBRIC,
        role: 'coordinator',
        rater: null,
        canShowInFolder: this.canShowInFolder,
      };
    const rubric = { ...this.rubric, instructions: this.instructions };
    return {
      path: FAKE_STUDY_PATH,
      name: 'Fake study',
      rubric,
      role: 'rater',
      rater: this.rater,
      canShowInFolder: this.canShowInFolder,
    };
  }

  private isDone(task: TaskPayload): boolean {
    if (task.kind === 'rating') return Object.keys(task.values).length > 0;
    // A pairwise adjudication task may settle aspects alone.
    return task.choice !== null || (task.kind === 'pairwise' && Object.keys(task.aspects).length > 0);
  }

  private ofKind(kind: TaskKind): TaskPayload[] {
    return [...this.tasks.values()].filter((t) => t.kind === kind);
  }

  /** What the Open dialog answers next (null: cancelled); a chosen file joins the list first. */
  nextOpenedFile: StudyRef | null = null;
  private studies: StudyRef[] = [{ path: FAKE_STUDY_PATH, label: 'fake-study.db' }];

  async listStudies() {
    return this.studies;
  }
  async openStudyFile() {
    const chosen = this.nextOpenedFile;
    if (chosen) this.studies = [chosen, ...this.studies];
    return chosen;
  }
  async canRememberPassphrase() {
    return this.rememberAvailable;
  }
  async unlockStudy(request: { path: string; passphrase: string }) {
    if (request.passphrase !== (this.role === 'coordinator' ? FAKE_MASTER_PASSPHRASE : FAKE_PASSPHRASE))
      throw new Error(`Wrong passphrase for ${request.path} (or it is not a BlindRate study).`);
    return this.summary();
  }
  async listRaterProgress() {
    if (this.role === 'rater')
      throw new Error('This is a rater package: progress of other raters and reports are for the coordinator.');
    return (this.plan?.tasksPerRater ?? []).map((r, i) => ({
      rater: { id: i + 1, name: r.name, lockedAt: null },
      progress: [{ kind: 'rating' as const, done: 0, total: r.tasks, flagged: 0 }],
      packagesIssued: this.packages.filter((p) => p.rater === r.name).length,
      lastReturnedAt: null,
    }));
  }
  async startSession(_raterId: number) {
    return this.getOverview();
  }
  async getOverview(): Promise<SessionOverview> {
    this.reads.push('getOverview');
    return this.overview();
  }
  private overview(): SessionOverview {
    const kinds = TASK_KINDS;
    return {
      rater: this.rater,
      progress: kinds.map((kind) => {
        const tasks = this.ofKind(kind);
        return {
          kind,
          total: tasks.length,
          done: tasks.filter((t) => this.isDone(t)).length,
          flagged: tasks.filter((t) => t.flagged).length,
        };
      }),
      resume: Object.fromEntries(
        kinds.flatMap((kind) => {
          const next = this.ofKind(kind).find((t) => !this.isDone(t));
          return next ? [[kind, next.assignmentId]] : [];
        }),
      ),
    };
  }
  async listAssignments(kind: TaskKind): Promise<AssignmentSummary[]> {
    return this.ofKind(kind).map((t) => ({
      assignmentId: t.assignmentId,
      kind,
      position: t.position,
      done: this.isDone(t),
      flagged: t.flagged,
    }));
  }
  async getTask(assignmentId: string) {
    this.reads.push(`getTask ${assignmentId}`);
    const task = this.tasks.get(assignmentId);
    if (!task) throw new Error(`No task ${assignmentId}`);
    // A calibration task says it is practice, as the package session's payload does.
    const practice = this.calibrationFeedback.has(assignmentId);
    return structuredClone(task.kind === 'rating' ? { ...task, practice } : task);
  }
  async saveRating(request: SaveRatingRequest) {
    await this.committed();
    const task = this.tasks.get(request.assignmentId) as RatingTaskPayload;
    this.tasks.set(task.assignmentId, {
      ...task,
      values: { ...request.values },
      comment: request.comment,
      ...savedMarks(task, request.marks),
    });
    this.ratingSaves.push(request);
    const calibrationFeedback = this.calibrationFeedback.get(request.assignmentId);
    return calibrationFeedback ? { ...this.overview(), calibrationFeedback } : this.overview();
  }
  async savePreference(request: SavePreferenceRequest) {
    await this.committed();
    const task = this.tasks.get(request.assignmentId) as PreferenceTaskPayload;
    this.tasks.set(task.assignmentId, {
      ...task,
      choice: request.choice,
      comment: request.comment,
      ...savedMarks(task, request.marks),
    });
    this.preferenceSaves.push(request);
    return this.overview();
  }
  async savePairwise(request: SavePairwiseRequest) {
    await this.committed();
    const task = this.tasks.get(request.assignmentId) as PairwiseTaskPayload;
    this.tasks.set(task.assignmentId, {
      ...task,
      choice: request.choice,
      // An adjudication save sends no mark (null), which the package session reads back as false.
      bothUnacceptable: request.bothUnacceptable ?? false,
      aspects: { ...request.aspects },
      comment: request.comment,
      ...savedMarks(task, request.marks),
    });
    this.pairwiseSaves.push(request);
    return this.overview();
  }
  async setFlag(request: { assignmentId: string; flagged: boolean }) {
    const task = this.tasks.get(request.assignmentId)!;
    this.tasks.set(task.assignmentId, { ...task, flagged: request.flagged });
  }
  async lockRater() {
    this.rater = { ...this.rater, lockedAt: '2026-01-01T00:00:00.000Z', lockReceipt: FAKE_LOCK_RECEIPT };
    return this.rater;
  }
  async getReport(): Promise<never> {
    throw new Error('Reports are not part of these tests.');
  }
  async showStudyInFolder() {
    this.shownInFolder += 1;
  }
  async closeStudy() {}
}
