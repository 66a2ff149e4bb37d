/**
 * A rubric point's keyboard key: digits pick a point of the active dimension, other keys work whichever
 * dimension is active. Apart from shared/rubric.ts so the rating screen can use it without bundling zod, whose
 * first parse probes `Function('')`, an eval the renderer's Content Security Policy blocks.
 */
export function isDigitKey(key: string): boolean {
  return /^\d$/.test(key);
}
