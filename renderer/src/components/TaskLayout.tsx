import { Alert, Button, Group, Text, Textarea, Title } from '@mantine/core';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { TaskPayload } from '../../../shared/api';
import { useShortcuts, type ShortcutHandler } from '../keyboard/useShortcuts';
import { continueAfterCalibration, leaveTaskFor, moveTo, saveAndAdvance } from '../stores/navigation';
import { hasSavedAnswer, isDirty, isTaskBusy, useTask } from '../stores/task';
import { useUi } from '../stores/ui';
import { ContextPanel } from './ContextPanel';
import { PausedPanel } from './PausedPanel';
import { NAVIGATION_SHORTCUTS, ShortcutLegend, type Shortcut } from './ShortcutLegend';

interface Props {
  task: TaskPayload;
  title: string;
  complete: boolean;
  /** What the rater must still do before Enter can save, shown next to the save button. */
  incompleteHint: string;
  /** Keys of this kind of task; they win over the shared shortcuts. */
  shortcuts: Record<string, ShortcutHandler>;
  /** Enter on an incomplete answer: show the rater what is missing. */
  onIncomplete?(): void;
  /** Keys that apply only when no other shortcut claims them (e.g. another dimension's letter keys). */
  fallbackShortcuts?: Record<string, ShortcutHandler>;
  legend: Shortcut[];
  /** The answer(s) and the rating controls. */
  children: ReactNode;
  className: string;
}

/** What every workspace shares: title, navigation, flag, question, context, comment, save state, legend. */
/**
 * Toolbar buttons clicked with the mouse do not take the focus: otherwise the next Enter would press
 * that button again (flag twice) instead of saving. Keyboard users still reach them with Tab.
 */
function keepKeyboardFocus(event: MouseEvent): void {
  event.preventDefault();
}

export function TaskLayout(props: Props) {
  const {
    task,
    title,
    complete,
    incompleteHint,
    shortcuts,
    fallbackShortcuts,
    onIncomplete,
    legend,
    children,
    className,
  } = props;
  // Only a save or load that takes long enough to notice changes the screen (see BUSY_SHOWN_AFTER_MS).
  const pending = useTask((s) => (s.busyShown ? s.status : null));
  const error = useTask((s) => s.error);
  const notSaved = useTask((s) => s.notSaved);
  const dirty = useTask((s) => s.task !== null && isDirty(s.task, s.draft));
  const lastSavedPosition = useTask((s) => s.lastSavedPosition);
  const toggleFlag = useTask((s) => s.toggleFlag);
  const paused = useTask((s) => s.paused);
  const pause = useTask((s) => s.pause);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const findRef = useRef<HTMLInputElement>(null);
  const leftPaneRef = useRef<HTMLDivElement>(null);
  const rightPaneRef = useRef<HTMLDivElement>(null);
  const busy = pending !== null;
  const allShortcuts = useMemo(() => [...legend, ...NAVIGATION_SHORTCUTS], [legend]);
  const focusWorkspace = useCallback(() => titleRef.current?.focus(), []);

  // The help dialog (H) lists the keys of this workspace.
  useEffect(() => {
    useUi.getState().setScreenShortcuts(allShortcuts);
    return () => useUi.getState().setScreenShortcuts([]);
  }, [allShortcuts]);

  // A new task is read from the top: both panes would otherwise keep the scroll of the task before.
  useLayoutEffect(() => {
    for (const pane of [leftPaneRef.current, rightPaneRef.current]) if (pane) pane.scrollTop = 0;
  }, [task.assignmentId]);

  const focusFind = () => {
    findRef.current?.focus();
    findRef.current?.select();
  };
  useShortcuts(
    {
      ...fallbackShortcuts,
      Enter: () => {
        if (useTask.getState().calibration) void continueAfterCalibration();
        else if (complete || task.readOnly) void saveAndAdvance();
        else onIncomplete?.();
      },
      ArrowLeft: () => void moveTo(task.previousId),
      '[': () => void moveTo(task.previousId),
      ArrowRight: () => void moveTo(task.nextId),
      ']': () => void moveTo(task.nextId),
      f: () => void toggleFlag(),
      c: () => commentRef.current?.focus(),
      '/': focusFind,
      'mod+f': focusFind,
      p: () => pause('manual'),
      ...shortcuts,
    },
    isTaskBusyOrPaused,
  );

  const saveState =
    pending === 'saving'
      ? 'Saving…'
      : pending === 'loading'
        ? 'Loading…'
        : notSaved
          ? 'Not saved'
          : lastSavedPosition !== null
            ? `Saved task ${lastSavedPosition}.`
            : '';
  const answerState = task.readOnly
    ? 'Your ratings are locked.'
    : notSaved
      ? 'Not saved: press Enter to try again.'
      : hasSavedAnswer(task) && !dirty
        ? 'Saved.'
        : !complete
          ? incompleteHint
          : hasSavedAnswer(task)
            ? 'Changed, not saved yet: Enter saves.'
            : 'Ready to save.';

  return (
    <div className={`workspace ${className}`} aria-busy={busy}>
      <Group className="workspace-bar" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={1} size="h3" ref={titleRef} tabIndex={-1} className="workspace-title">
            {title}
          </Title>
          {task.flagged && (
            <Text component="span" className="flag-badge">
              Flagged
            </Text>
          )}
          {task.readOnly && (
            <Text component="span" className="flag-badge">
              Locked (read-only)
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" role="status" aria-live="polite" className="save-state">
            {saveState}
          </Text>
          <Button
            variant="default"
            onMouseDown={keepKeyboardFocus}
            onClick={() => void moveTo(task.previousId)}
            disabled={!task.previousId || busy}
          >
            ← Previous
          </Button>
          <Button
            variant="default"
            onMouseDown={keepKeyboardFocus}
            onClick={() => void moveTo(task.nextId)}
            disabled={!task.nextId || busy}
          >
            Next →
          </Button>
          <Button
            variant="default"
            aria-pressed={task.flagged}
            onMouseDown={keepKeyboardFocus}
            onClick={() => void toggleFlag()}
          >
            {task.flagged ? 'Unflag' : 'Flag for later'} (F)
          </Button>
          <Button
            variant="default"
            onMouseDown={keepKeyboardFocus}
            onClick={() => pause('manual')}
            disabled={paused !== null}
          >
            Pause (P)
          </Button>
          <Button variant="default" onMouseDown={keepKeyboardFocus} onClick={() => void leaveTaskFor('home')}>
            Home
          </Button>
        </Group>
      </Group>

      {error && (
        // Outside the scrolling panes, under the toolbar: whole and in view at once, whatever was scrolled.
        <Alert color="red" role="alert" title={notSaved ? 'Not saved' : 'Problem'} className="workspace-alert">
          {error}
          {notSaved && ' Your answer is still here: press Enter to try again.'}
        </Alert>
      )}

      {paused ? (
        <PausedPanel reason={paused} />
      ) : (
        <div className="workspace-grid">
          <div className="workspace-left" tabIndex={-1} ref={leftPaneRef}>
            <section aria-labelledby="question-title" className="question">
              <Title order={2} size="h4" id="question-title">
                Question
              </Title>
              <p className="question-text">{task.question}</p>
            </section>
            {task.context && (
              <ContextPanel
                key={task.assignmentId}
                text={task.context}
                findInputRef={findRef}
                onLeaveFind={focusWorkspace}
              />
            )}
          </div>

          <div className="workspace-right" ref={rightPaneRef}>
            {children}
            <CommentField inputRef={commentRef} disabled={task.readOnly} onLeave={focusWorkspace} />
            <Group justify="space-between" className="save-row">
              <Text size="sm" c={notSaved ? 'red.9' : 'dimmed'} fw={notSaved ? 600 : undefined}>
                {answerState}
              </Text>
              <Button
                onClick={() => void saveAndAdvance()}
                disabled={(!complete && !task.readOnly) || busy}
                loading={pending === 'saving'}
              >
                {task.readOnly ? 'Next' : 'Save and next'} (Enter)
              </Button>
            </Group>
            <ShortcutLegend shortcuts={allShortcuts} />
          </div>
        </div>
      )}
    </div>
  );
}

/** While paused only the pause screen's own keys work: nothing may rate or move on unseen. */
function isTaskBusyOrPaused(): boolean {
  return isTaskBusy() || useTask.getState().paused !== null;
}

/**
 * The comment box renders only when the comment or its state changes: its autosize measures the
 * textarea with getComputedStyle after every render, which forces a layout of the whole page.
 */
interface CommentFieldProps {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  onLeave(): void;
}

const CommentField = memo(function CommentField({ inputRef, disabled, onLeave }: CommentFieldProps) {
  const comment = useTask((s) => s.draft.comment);
  const setComment = useTask((s) => s.setComment);
  return (
    <Textarea
      ref={inputRef}
      label="Comment (optional)"
      description="C to write, Esc to leave"
      autosize
      minRows={2}
      maxRows={6}
      value={comment}
      disabled={disabled}
      onChange={(e) => setComment(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onLeave();
        }
      }}
    />
  );
});
