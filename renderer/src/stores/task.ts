import { create } from 'zustand';
import type {
  AdjudicationDisputeView,
  AdjudicationMark,
  PairwiseTaskPayload,
  SavePairwiseRequest,
  SaveRatingResult,
  SessionOverview,
  TaskPayload,
} from '../../../shared/api';
import type { AdjudicationReason } from '../../../shared/adjudication/reasons';
import { disputedRubric } from '../../../shared/adjudication/disputed-rubric';
import type { CalibrationFeedback } from '../../../shared/qc/calibration';
import { assertNever } from '../../../shared/kinds/assert-never';
import { OVERALL_PAIRWISE_DIMENSION, pairwiseAspects } from '../../../shared/kinds/pairwise';
import type { PreferenceKey } from '../../../shared/domain';
import type { Rubric } from '../../../shared/rubric';
import { conditionProblem, shownDimensions } from '../../../shared/rubric-conditions';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { TaskClock } from '../../../shared/task-clock';

/** What the rater has entered on a task and not necessarily saved yet. */
export interface Draft {
  values: Record<string, number>;
  choice: PreferenceKey | null;
  /** Pairwise tasks: the "both unacceptable" mark (X), saved with the choice; false for the other kinds. */
  bothUnacceptable: boolean;
  /** Pairwise tasks: the choice on each of the rubric's pairwise aspects so far, by dimension key; empty otherwise. */
  aspects: Record<string, PreferenceKey>;
  comment: string;
  /** An adjudication task only: the reason tag and guideline gap by disputed dimension (empty otherwise). */
  marks: Record<string, AdjudicationMark>;
}

export type TaskStatus = 'loading' | 'ready' | 'saving' | 'error';

interface TaskState {
  task: TaskPayload | null;
  draft: Draft;
  /** Unsaved drafts of tasks the rater left, so going back restores them. */
  keptDrafts: Record<string, Draft>;
  activeIndex: number;
  status: TaskStatus;
  /** A save or load has been pending for BUSY_SHOWN_AFTER_MS: only then does the screen say so. */
  busyShown: boolean;
  error: string | null;
  /**
   * The last save failed: the answer is still only on screen. Cleared by the next save, load or task,
   * so the screen says "Not saved" exactly while that is true.
   */
  notSaved: boolean;
  /** Position of the task saved last, announced once the next task is on screen. */
  lastSavedPosition: number | null;
  /** Time on the task on screen, pauses excluded (what the save reports as durationMs). */
  clock: TaskClock;
  /** Paused by the rater (P) or after idle minutes: the texts are hidden and the clock stopped. */
  paused: 'manual' | 'idle' | null;
  /** A calibration task was just saved: its feedback is on screen until the rater continues. */
  calibration: { feedback: CalibrationFeedback; given: Record<string, number>; overview: SessionOverview } | null;
  open(assignmentId: string, rubric: Rubric): Promise<void>;
  rate(dimensionKey: string, value: number, rubric: Rubric): void;
  setActive(index: number): void;
  choose(choice: PreferenceKey): void;
  /** A pairwise task's choice on one of the rubric's aspects. */
  chooseAspect(dimension: string, choice: PreferenceKey): void;
  toggleBothUnacceptable(): void;
  setComment(comment: string): void;
  /** An adjudication task: tag why the raters disagreed on a disputed dimension (null clears it). */
  setReason(dimension: string, reason: AdjudicationReason | null): void;
  toggleGuidelineGap(dimension: string): void;
  /** `since` dates an idle pause back to the last activity, so the idle minutes do not count either. */
  pause(reason: 'manual' | 'idle', since?: number): void;
  resume(): void;
  toggleFlag(): Promise<void>;
  /**
   * Resolves with the overview after the save once the main process says the answer is on disk; null when
   * it failed (the error is on screen) or another save or load is still pending. `andThen` runs in the same
   * update that records the save, so whatever it changes (the next task, say) reaches the screen at once.
   */
  save(andThen?: (result: SaveRatingResult) => Promise<void> | void): Promise<SaveRatingResult | null>;
  clear(): void;
}

const EMPTY_DRAFT: Draft = { values: {}, choice: null, bothUnacceptable: false, aspects: {}, comment: '', marks: {} };

/**
 * A save or load shorter than this shows nothing: a "Saving…" that flashes on every Enter only distracts,
 * and redrawing the screen for it takes the CPU from the save itself.
 */
export const BUSY_SHOWN_AFTER_MS = 300;
let busyTimer: ReturnType<typeof setTimeout> | undefined;

/** True while a save or a load is pending: keys and buttons wait, whether or not the screen says so yet. */
export function isTaskBusy(): boolean {
  const { status } = useTask.getState();
  return status === 'saving' || status === 'loading';
}

function startBusy(status: 'saving' | 'loading', patch: Partial<TaskState> = {}): void {
  clearTimeout(busyTimer);
  useTask.setState({ ...patch, status, error: null, notSaved: false });
  busyTimer = setTimeout(() => useTask.setState({ busyShown: true }), BUSY_SHOWN_AFTER_MS);
}

function endBusy(patch: Partial<TaskState>): void {
  clearTimeout(busyTimer);
  useTask.setState({ ...patch, busyShown: false });
}

/**
 * The payload of the task after the one on screen, fetched while the rater reads, so Enter waits only for
 * the save. A payload cannot change while another task is on screen (only that task is saved or flagged),
 * and a fetch that failed is simply made again when the task is opened.
 */
let prefetched: { assignmentId: string; payload: TaskPayload | null } | null = null;
/** Bumped when the rater leaves the task screen, so a prefetch still waiting for its frame is dropped. */
let prefetchGeneration = 0;

/**
 * Fetches the next task once the one just opened has been painted: starting a fetch and reading its reply
 * take the renderer's time, which belongs to showing the task first.
 */
function prefetchAfterPaint(assignmentId: string | null): void {
  const generation = prefetchGeneration;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (generation === prefetchGeneration) prefetch(assignmentId);
    }),
  );
}

function prefetch(assignmentId: string | null): void {
  if (!assignmentId || prefetched?.assignmentId === assignmentId) return;
  const entry: { assignmentId: string; payload: TaskPayload | null } = { assignmentId, payload: null };
  prefetched = entry;
  api()
    .getTask(assignmentId)
    .then((payload) => (entry.payload = payload))
    .catch(() => {
      if (prefetched === entry) prefetched = null;
    });
}

/** Leaving the task screen: a payload fetched before the rater locks their work, say, must not be shown after. */
export function forgetPrefetchedTask(): void {
  prefetched = null;
  prefetchGeneration += 1;
}

function takePrefetched(assignmentId: string): TaskPayload | null {
  const payload = prefetched?.assignmentId === assignmentId ? prefetched.payload : null;
  if (payload) prefetched = null;
  return payload;
}

/** Any task kind's disputes (an adjudication package's), which is all the marks depend on. */
type Disputed = { adjudication?: AdjudicationDisputeView[] };

/** The saved marks of an adjudication task's disputes, by dimension. */
function marksOf(task: Disputed): Record<string, AdjudicationMark> {
  return Object.fromEntries(
    (task.adjudication ?? []).map((d) => [d.dimension, { reason: d.reason, guidelineGap: d.guidelineGap }]),
  );
}

export function draftOf(task: TaskPayload): Draft {
  const marks = marksOf(task);
  switch (task.kind) {
    case 'rating':
      return { ...EMPTY_DRAFT, values: { ...task.values }, comment: task.comment, marks };
    case 'preference':
      return { ...EMPTY_DRAFT, choice: task.choice, comment: task.comment, marks };
    case 'pairwise':
      return {
        ...EMPTY_DRAFT,
        choice: task.choice,
        bothUnacceptable: task.bothUnacceptable,
        aspects: { ...task.aspects },
        comment: task.comment,
        marks,
      };
    default:
      return assertNever(task, 'task kind');
  }
}

export function isDirty(task: TaskPayload, draft: Draft): boolean {
  return JSON.stringify(draftOf(task)) !== JSON.stringify(draft);
}

/** An adjudication task is rated on its disputed dimensions alone; any other task on the study's rubric. */
export function rubricOf(task: TaskPayload, rubric: Rubric): Rubric {
  return disputedRubric(rubric, task.adjudication);
}

/** An adjudication task's disputes with these marks saved; nothing for a rater's task. */
function withSavedMarks(task: Disputed, marks: Record<string, AdjudicationMark>): Disputed {
  return task.adjudication ? { adjudication: task.adjudication.map((d) => ({ ...d, ...marks[d.dimension] })) } : {};
}

/**
 * The task has an answer on disk (the payload carries what was saved last). A pairwise adjudication task
 * may settle aspects alone, its overall choice left null.
 */
export function hasSavedAnswer(task: TaskPayload): boolean {
  switch (task.kind) {
    case 'rating':
      return Object.keys(task.values).length > 0;
    case 'preference':
      return task.choice !== null;
    case 'pairwise':
      return task.choice !== null || Object.keys(task.aspects).length > 0;
    default:
      return assertNever(task, 'task kind');
  }
}

export function isComplete(task: TaskPayload, draft: Draft, rubric: Rubric): boolean {
  switch (task.kind) {
    case 'rating':
      return conditionProblem(rubricOf(task, rubric), draft.values, draft.comment) === null;
    case 'preference':
      return draft.choice !== null;
    case 'pairwise':
      return firstUnchosenPairwiseRow(task, rubric, draft) === -1;
    default:
      return assertNever(task, 'task kind');
  }
}

/**
 * A pairwise task's rows by dimension: the overall choice (OVERALL_PAIRWISE_DIMENSION), then the rubric's
 * aspects; without aspects the overall choice is the only row. An adjudication task asks only its disputed
 * rows, in the package's order.
 */
export function pairwiseRowKeys(rubric: Rubric, disputes: readonly AdjudicationDisputeView[] | undefined): string[] {
  if (disputes) return disputes.map((d) => d.dimension);
  return [OVERALL_PAIRWISE_DIMENSION, ...pairwiseAspects(rubric).map((d) => d.key)];
}

/** The draft's choice on one row of a pairwise task (pairwiseRowKeys), null while there is none. */
export function pairwiseChoiceOn(draft: Draft, rowKey: string): PreferenceKey | null {
  return rowKey === OVERALL_PAIRWISE_DIMENSION ? draft.choice : (draft.aspects[rowKey] ?? null);
}

/** The first row of a pairwise task still without a choice; -1 when every row has one. */
export function firstUnchosenPairwiseRow(task: Disputed, rubric: Rubric, draft: Draft): number {
  return pairwiseRowKeys(rubric, task.adjudication).findIndex((key) => pairwiseChoiceOn(draft, key) === null);
}

/** The answer part of a pairwise save (shared/api.ts SavePairwiseRequest). */
type PairwiseAnswer = Pick<SavePairwiseRequest, 'choice' | 'bothUnacceptable' | 'aspects'>;

/**
 * What a pairwise save sends as the answer: a rater's whole answer; in an adjudication package only the
 * disputed rows, the overall choice null when it is not disputed and the both-unacceptable mark null, since
 * a round does not adjudicate it. Throws while a row the save needs has no choice.
 */
function pairwiseAnswer(task: PairwiseTaskPayload, draft: Draft): PairwiseAnswer {
  if (!task.adjudication) {
    if (!draft.choice) throw new Error('Choose an answer first.');
    return {
      choice: draft.choice,
      bothUnacceptable: draft.bothUnacceptable,
      // Only a rubric with pairwise aspects has them; a plain comparison's save stays as it was.
      ...(Object.keys(draft.aspects).length > 0 && { aspects: draft.aspects }),
    };
  }
  const rows = task.adjudication.map((d) => d.dimension);
  if (rows.some((key) => pairwiseChoiceOn(draft, key) === null)) throw new Error('Choose on every disputed row first.');
  const aspects = rows.filter((key) => key !== OVERALL_PAIRWISE_DIMENSION);
  return {
    choice: rows.includes(OVERALL_PAIRWISE_DIMENSION) ? draft.choice : null,
    bothUnacceptable: null,
    ...(aspects.length > 0 && { aspects: Object.fromEntries(aspects.map((key) => [key, draft.aspects[key]!])) }),
  };
}

/**
 * Where a task opens: a rating at its first unrated dimension among those shown for these values
 * (shared/rubric-conditions.ts), a pairwise task at its first row without a choice.
 */
function firstActiveIndex(task: TaskPayload, rubric: Rubric, draft: Draft): number {
  switch (task.kind) {
    case 'rating': {
      const index = shownDimensions(rubric, draft.values).findIndex((d) => draft.values[d.key] === undefined);
      return index === -1 ? 0 : index;
    }
    case 'preference':
      return 0;
    case 'pairwise':
      return Math.max(0, firstUnchosenPairwiseRow(task, rubric, draft));
    default:
      return assertNever(task, 'task kind');
  }
}

export const useTask = create<TaskState>((set, get) => ({
  task: null,
  draft: EMPTY_DRAFT,
  keptDrafts: {},
  activeIndex: 0,
  status: 'loading',
  busyShown: false,
  error: null,
  notSaved: false,
  lastSavedPosition: null,
  clock: new TaskClock(() => performance.now()),
  paused: null,
  calibration: null,

  async open(assignmentId, rubric) {
    const { task: leaving, draft: leavingDraft, keptDrafts } = get();
    const kept = { ...keptDrafts };
    if (leaving && isDirty(leaving, leavingDraft)) kept[leaving.assignmentId] = leavingDraft;
    // A prefetched payload is shown in the same update that leaves the current task: no loading state in between.
    const ready = takePrefetched(assignmentId);
    if (!ready) startBusy('loading', { keptDrafts: kept });
    let task: TaskPayload;
    try {
      task = ready ?? (await api().getTask(assignmentId));
    } catch (error) {
      endBusy({ status: 'error', error: userMessage(error) });
      return;
    }
    const draft = kept[assignmentId] ?? draftOf(task);
    delete kept[assignmentId];
    endBusy({
      task,
      draft,
      keptDrafts: kept,
      activeIndex: firstActiveIndex(task, rubricOf(task, rubric), draft),
      status: 'ready',
      error: null,
      notSaved: false,
      clock: new TaskClock(() => performance.now()),
      paused: null,
      calibration: null,
    });
    prefetchAfterPaint(task.nextId);
  },

  rate(dimensionKey, value, rubric) {
    const { draft, task } = get();
    if (!task || task.readOnly) return;
    // A value that hides a dimension (safety back to safe) drops that dimension's value: it is not asked for.
    const shown = shownDimensions(rubric, { ...draft.values, [dimensionKey]: value });
    const values = Object.fromEntries(
      shown.flatMap((d) => {
        const kept = d.key === dimensionKey ? value : draft.values[d.key];
        return kept === undefined ? [] : [[d.key, kept]];
      }),
    );
    const index = shown.findIndex((d) => d.key === dimensionKey);
    const activeIndex = Math.min(index + 1, shown.length - 1);
    set({ draft: { ...draft, values }, activeIndex });
  },

  setActive(index) {
    set({ activeIndex: index });
  },

  choose(choice) {
    const { draft, task } = get();
    if (!task || task.readOnly) return;
    set({ draft: { ...draft, choice } });
  },

  chooseAspect(dimension, choice) {
    const { draft, task } = get();
    if (!task || task.readOnly) return;
    set({ draft: { ...draft, aspects: { ...draft.aspects, [dimension]: choice } } });
  },

  toggleBothUnacceptable() {
    const { draft, task } = get();
    if (!task || task.readOnly) return;
    set({ draft: { ...draft, bothUnacceptable: !draft.bothUnacceptable } });
  },

  setComment(comment) {
    set({ draft: { ...get().draft, comment } });
  },

  setReason(dimension, reason) {
    const { draft, task } = get();
    const mark = draft.marks[dimension];
    if (!task || task.readOnly || !mark) return;
    set({ draft: { ...draft, marks: { ...draft.marks, [dimension]: { ...mark, reason } } } });
  },

  toggleGuidelineGap(dimension) {
    const { draft, task } = get();
    const mark = draft.marks[dimension];
    if (!task || task.readOnly || !mark) return;
    set({
      draft: { ...draft, marks: { ...draft.marks, [dimension]: { ...mark, guidelineGap: !mark.guidelineGap } } },
    });
  },

  pause(reason, since) {
    if (get().paused) return;
    get().clock.pause(since);
    set({ paused: reason });
  },

  resume() {
    get().clock.resume();
    set({ paused: null });
  },

  async toggleFlag() {
    const task = get().task;
    if (!task) return;
    const flagged = !task.flagged;
    try {
      await api().setFlag({ assignmentId: task.assignmentId, flagged });
      set({ task: { ...task, flagged }, error: null });
    } catch (error) {
      set({ error: userMessage(error) });
    }
  },

  async save(andThen) {
    const { task, draft, clock } = get();
    if (!task || task.readOnly || isTaskBusy()) return null;
    startBusy('saving');
    const durationMs = clock.elapsedMs();
    const { assignmentId } = task;
    // Only an adjudication package takes marks; a rater's refuses them.
    const marks = task.adjudication ? { marks: draft.marks } : {};
    const savedMarks = withSavedMarks(task, draft.marks);
    let overview: SaveRatingResult;
    try {
      let saved: TaskPayload;
      switch (task.kind) {
        case 'rating':
          overview = await api().saveRating({
            assignmentId,
            values: draft.values,
            comment: draft.comment,
            durationMs,
            ...marks,
          });
          saved = { ...task, values: { ...draft.values }, comment: draft.comment, ...savedMarks };
          break;
        case 'preference':
          if (!draft.choice) throw new Error('Choose an answer first.');
          overview = await api().savePreference({
            assignmentId,
            choice: draft.choice,
            comment: draft.comment,
            durationMs,
            ...marks,
          });
          saved = { ...task, choice: draft.choice, comment: draft.comment, ...savedMarks };
          break;
        case 'pairwise': {
          const answer = pairwiseAnswer(task, draft);
          overview = await api().savePairwise({
            assignmentId,
            ...answer,
            comment: draft.comment,
            durationMs,
            ...marks,
          });
          saved = {
            ...task,
            choice: answer.choice,
            // An adjudication package leaves the rater's mark as it was: it is not adjudicated.
            bothUnacceptable: answer.bothUnacceptable ?? task.bothUnacceptable,
            aspects: { ...answer.aspects },
            comment: draft.comment,
            ...savedMarks,
          };
          break;
        }
        default:
          return assertNever(task, 'task kind');
      }
      endBusy({ task: saved, status: 'ready', lastSavedPosition: task.position });
    } catch (error) {
      endBusy({ status: 'error', error: userMessage(error), notSaved: true });
      return null;
    }
    // Outside the try: whatever goes wrong after the commit must not be reported as "Not saved".
    await andThen?.(overview);
    return overview;
  },

  clear() {
    forgetPrefetchedTask();
    endBusy({
      task: null,
      draft: EMPTY_DRAFT,
      keptDrafts: {},
      status: 'loading',
      error: null,
      notSaved: false,
      lastSavedPosition: null,
      paused: null,
      calibration: null,
    });
  },
}));
