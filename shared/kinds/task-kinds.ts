/**
 * The registry of task kinds: adding a kind is a module beside rating.ts plus its line here; the
 * compiler then names every Record<TaskKind, …> and every switch (assertNever) that must handle it.
 * Quality control (repeats, reference controls, calibration) is not a kind: those are rating tasks
 * placed in a rater's queue with a `qc_role` (shared/qc/).
 */
import { pairwise } from './pairwise';
import { preference } from './preference';
import { rating } from './rating';
import type { TaskKindSpec } from './task-kind';

/** In the order screens and reports list them. */
export const TASK_KIND_SPECS = { rating, preference, pairwise } satisfies Record<string, TaskKindSpec>;

export type TaskKind = keyof typeof TASK_KIND_SPECS;
export const TASK_KINDS = Object.keys(TASK_KIND_SPECS) as [TaskKind, ...TaskKind[]];
