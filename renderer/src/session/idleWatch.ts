/** What counts as the rater being there: a key, a click or touch, the mouse moving, a scroll. */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll'] as const;

/** How often idleness is looked at: a pause or lock comes at most this late. */
export const IDLE_CHECK_EVERY_MS = 1_000;

export interface IdleSettings {
  pauseAfterMs: number;
  lockAfterMs: number;
}

export interface IdleActions {
  /** No activity for pauseAfterMs: `lastActivity` (same clock as `now`) is when the rater was last there. */
  pause(lastActivity: number): void;
  /** No activity for lockAfterMs. */
  lock(): void;
}

/**
 * Watches the rater's activity on `target`: after `pauseAfterMs` without any, `pause` once; after
 * `lockAfterMs`, `lock` once. Activity starts both counts again. Returns the function that stops watching.
 */
export function watchIdle(
  target: Window,
  settings: IdleSettings,
  actions: IdleActions,
  now: () => number = () => performance.now(),
): () => void {
  let lastActivity = now();
  let pausedFor = -1;
  let locked = false;
  const onActivity = () => {
    lastActivity = now();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { capture: true, passive: true });
  const timer = setInterval(() => {
    const idle = now() - lastActivity;
    if (!locked && idle >= settings.lockAfterMs) {
      locked = true;
      actions.lock();
    } else if (idle >= settings.pauseAfterMs && pausedFor !== lastActivity) {
      pausedFor = lastActivity;
      actions.pause(lastActivity);
    }
  }, IDLE_CHECK_EVERY_MS);
  return () => {
    clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
  };
}
