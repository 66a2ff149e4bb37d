/**
 * The adjudicator's own keys, beside the rating keys they share with raters: Shift with a digit tags the
 * reason of the active disputed dimension, Shift+G flags a guideline gap. With Shift, so no rubric's point
 * keys (digits, letters) can clash with them.
 */
import { ADJUDICATION_REASON_SLUGS, ADJUDICATION_REASONS } from '../../../shared/adjudication/reasons';
import type { Shortcut } from '../components/ShortcutLegend';
import { useTask } from '../stores/task';
import type { ShortcutHandler } from './useShortcuts';

/** Shift+1 … Shift+4 in the order of shared/adjudication/reasons.ts; Shift+0 clears the tag. */
export const REASON_KEYS = ADJUDICATION_REASON_SLUGS.map((reason, i) => ({ digit: String(i + 1), reason }));

export const ADJUDICATION_LEGEND: Shortcut[] = [
  {
    keys: [`Shift+1–${REASON_KEYS.length}`],
    action: `Reason for the disagreement (active dimension): ${REASON_KEYS.map(
      (k) => `${k.digit} ${ADJUDICATION_REASONS[k.reason]}`,
    ).join(' / ')}`,
  },
  { keys: ['Shift+0'], action: 'Clear the reason' },
  { keys: ['Shift+G'], action: 'Guideline gap on / off (active dimension)' },
];

/** The reason and guideline-gap keys acting on one disputed dimension (the active one). */
export function adjudicationShortcuts(dimension: string): Record<string, ShortcutHandler> {
  const { setReason, toggleGuidelineGap } = useTask.getState();
  return {
    ...Object.fromEntries(REASON_KEYS.map((k) => [`shift+${k.digit}`, () => setReason(dimension, k.reason)])),
    'shift+0': () => setReason(dimension, null),
    'shift+g': () => toggleGuidelineGap(dimension),
  };
}
