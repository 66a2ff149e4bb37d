/**
 * Idle times of a rating session, unless a study sets its own. Apart from shared/rubric.ts so that the preset
 * modules rubric.ts imports can use it without an import cycle.
 */
export const DEFAULT_IDLE = { pauseAfterMinutes: 5, lockAfterMinutes: 30 } as const;
