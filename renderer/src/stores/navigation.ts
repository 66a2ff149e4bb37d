/**
 * Moves between screens and tasks. The rule that matters: a task's answer is saved (and the save
 * acknowledged) before the next task is fetched and shown.
 */
import type { SaveRatingResult, SessionOverview } from '../../../shared/api';
import type { TaskKind } from '../../../shared/domain';
import { userMessage } from '../api/errors';
import { recallLastPlace, rememberLastPlace } from './lastPlace';
import { useSession } from './session';
import { forgetPrefetchedTask, isComplete, isDirty, isTaskBusy, useTask } from './task';
import { useUi } from './ui';

function activeStudy() {
  const { study, rater } = useSession.getState();
  if (!study || !rater) throw new Error('No study is open.');
  return { study, rater };
}

export async function openTask(kind: TaskKind, assignmentId: string): Promise<void> {
  const { study, rater } = activeStudy();
  rememberLastPlace({ studyPath: study.path, raterId: rater.id, kind });
  const ui = useUi.getState();
  ui.navigate({ name: 'task', kind });
  if (!ui.helpShown && study.rubric.instructions.trim() && nothingDoneYet()) ui.setHelpOpen(true);
  await useTask.getState().open(assignmentId, study.rubric);
}

/** The rater has not saved a single answer: their first task is about to open. */
function nothingDoneYet(): boolean {
  const overview = useSession.getState().overview;
  return overview !== null && overview.progress.every((p) => p.done === 0);
}

/** After choosing a rater: straight back to the task they were on, or Home. */
export async function enterSession(overview: SessionOverview): Promise<void> {
  const { study } = activeStudy();
  const last = recallLastPlace(study.path);
  const resumeId = last && last.raterId === overview.rater.id ? overview.resume[last.kind] : undefined;
  if (last && resumeId) await openTask(last.kind, resumeId);
  else useUi.getState().navigate({ name: 'home' });
}

/** Leaving a task: a complete but unsaved answer is saved first; an incomplete one is kept as a draft. */
async function saveCompleteChanges(): Promise<boolean> {
  const { task, draft, save } = useTask.getState();
  if (!task || task.readOnly || !isDirty(task, draft)) return true;
  if (!isComplete(task, draft, activeStudy().study.rubric)) return true;
  const overview = await save();
  if (overview) useSession.getState().showOverview(overview);
  return overview !== null;
}

export async function moveTo(assignmentId: string | null): Promise<void> {
  const task = useTask.getState().task;
  if (!task || !assignmentId || isTaskBusy() || !(await saveCompleteChanges())) return;
  await openTask(task.kind, assignmentId);
}

/**
 * Enter: save, then show the next task in order, else the first unfinished one, else Finish. The save
 * answers with the new overview, and the next task was fetched while this one was on screen, so the
 * only wait is for the commit; the next task then replaces this one in a single update.
 */
export async function saveAndAdvance(): Promise<void> {
  const store = useTask.getState();
  const task = store.task;
  if (!task || isTaskBusy()) return;
  const advance = async (overview: SaveRatingResult) => {
    useSession.getState().showOverview(overview);
    if (overview.calibrationFeedback && task.kind === 'rating') {
      // A calibration task: the expected rating is shown first; Continue (Enter) moves on.
      useTask.setState({
        calibration: {
          feedback: overview.calibrationFeedback,
          given: { ...useTask.getState().draft.values },
          overview,
        },
      });
      return;
    }
    await advanceFrom(task.kind, task.nextId, overview);
  };
  if (task.readOnly) await advance(await useSession.getState().refreshOverview());
  else await store.save(advance);
}

/** Leaves the calibration feedback for the next task. */
export async function continueAfterCalibration(): Promise<void> {
  const { task, calibration } = useTask.getState();
  if (!task || !calibration) return;
  useTask.setState({ calibration: null });
  await advanceFrom(task.kind, task.nextId, calibration.overview);
}

async function advanceFrom(kind: TaskKind, nextTaskId: string | null, overview: SessionOverview): Promise<void> {
  const nextId = nextTaskId ?? overview.resume[kind] ?? null;
  if (nextId) await openTask(kind, nextId);
  else useUi.getState().navigate({ name: 'finish' });
}

/** False when a complete answer on screen could not be saved: the rater stays to see the error. */
export async function saveBeforeLeavingTask(): Promise<boolean> {
  return useUi.getState().screen.name !== 'task' || saveCompleteChanges();
}

/**
 * Close study, from the button or from the desktop shell (another file opened): a complete answer is
 * saved first, an incomplete draft is dropped. False when the save failed: the study stays open and
 * the rater on the task with the error.
 */
export async function closeStudyAfterSaving(): Promise<boolean> {
  if (!(await saveBeforeLeavingTask())) return false;
  try {
    await useSession.getState().close();
  } catch (e) {
    console.error(userMessage(e));
  }
  useTask.getState().clear();
  // The next session (perhaps another study) shows its own instructions before its first task.
  useUi.setState({ helpOpen: false, helpShown: false });
  useUi.getState().navigate({ name: 'unlock' });
  return true;
}

export async function leaveTaskFor(screen: 'home' | 'finish' | 'reports'): Promise<void> {
  // A save in flight moves on to the next task when it lands, which would undo leaving now.
  if (useTask.getState().status === 'saving' || !(await saveBeforeLeavingTask())) return;
  forgetPrefetchedTask();
  useUi.getState().navigate({ name: screen });
}

/**
 * No activity for the study's lock time: a complete answer is saved, the study closes and the unlock
 * screen says why (an incomplete draft is dropped, as with Close study). If that save fails the task
 * stays paused, its texts hidden, with the error.
 */
export async function lockAfterIdle(minutes: number): Promise<void> {
  if (useUi.getState().screen.name === 'task') useTask.getState().pause('idle');
  if (!(await closeStudyAfterSaving())) return;
  useUi
    .getState()
    .setUnlockNotice(
      `BlindRate locked the study after ${minutes} minutes without activity. Enter the passphrase to go on.`,
    );
}
