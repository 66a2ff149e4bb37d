/** Scale points for the preset modules, keyed 1, 2, 3 … in order whatever their values. */
import type { ScalePoint } from '../rubric';

/**
 * Ordered points valued from `firstValue` up (1–5 Likert scales start at 1, harm scales at 0), each keyed by
 * its position. Anchors may be left out: the scale then shows its labels only.
 */
export function orderedPoints(
  firstValue: number,
  labels: readonly string[],
  anchors: readonly string[] = [],
): ScalePoint[] {
  return labels.map((label, i) => ({ value: firstValue + i, label, anchor: anchors[i] ?? '', key: String(i + 1) }));
}

/** A 1–5 Likert scale with five labels (and, optionally, an anchor for each). */
export function likert5(
  labels: readonly [string, string, string, string, string],
  anchors: readonly string[] = [],
): ScalePoint[] {
  return orderedPoints(1, labels, anchors);
}

/** Two points, No = 0 and Yes = 1, keyed 0 and 1 by their values, each with its anchor. */
export function noOrYes(noAnchor: string, yesAnchor: string): ScalePoint[] {
  return [
    { value: 0, label: 'No', anchor: noAnchor, key: '0' },
    { value: 1, label: 'Yes', anchor: yesAnchor, key: '1' },
  ];
}
