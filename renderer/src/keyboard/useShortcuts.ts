import { useEffect, useRef } from 'react';

/** A shortcut handler; return false to let the key through (e.g. Enter on an incomplete rating). */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

/** Where typed characters belong to the field, not to shortcuts. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
}

/** Where Enter and Space already mean "press this" and must not be taken over. */
function isPressable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], [role="button"]') !== null;
}

/**
 * The digit of a top-row or keypad key, whatever the layout prints on it: on AZERTY keyboards the
 * unshifted top row types & é " ' ( … while the rubric's scale keys are digits.
 */
function digitOfKeyCode(code: string): string | undefined {
  return /^(?:Digit|Numpad)([0-9])$/.exec(code)?.[1];
}

/**
 * Single-key shortcuts for a workspace, keyed by `event.key` (letters in lower case). Keys typed into a
 * text field, with Ctrl/Alt/Meta held, or while a dialog is open are left alone; "mod+f" names Ctrl/Cmd+F,
 * "shift+1" or "shift+g" a key with Shift held.
 * `isPaused` is asked at each key (not at render, so pausing needs no render): while it is true, no
 * shortcut runs.
 */
export function useShortcuts(shortcuts: Record<string, ShortcutHandler>, isPaused: () => boolean = () => false): void {
  const latest = useRef({ shortcuts, isPaused });
  useEffect(() => {
    latest.current = { shortcuts, isPaused };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || latest.current.isPaused()) return;
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('[role="dialog"]')) return;
      const mod = event.ctrlKey || event.metaKey;
      let name: string;
      if (mod && event.key.toLowerCase() === 'f' && !event.altKey) name = 'mod+f';
      else if (mod || event.altKey) return;
      else name = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (name !== 'mod+f' && isTextEntry(target)) return;
      if ((name === 'Enter' || name === ' ') && isPressable(target)) return;
      const { shortcuts: current } = latest.current;
      const digit = digitOfKeyCode(event.code);
      // "shift+1" names Shift with a digit key whatever the layout types for it; unclaimed, the key acts as without Shift.
      const shifted = event.shiftKey ? current[`shift+${digit ?? name}`] : undefined;
      const handler = shifted ?? current[name] ?? current[digit ?? ''];
      if (handler && handler(event) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
