/**
 * Time on a task is measured by the rating screen; no real task lasts a day. A larger value is a bug
 * or a forged request, and stored it would make the analysis refuse the study's own export.
 */
export const MAX_TASK_DURATION_MS = 24 * 60 * 60 * 1000;
