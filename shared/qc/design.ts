/**
 * Designs quality control into one rater's rating queue: calibration tasks first, then the rater's
 * tasks in their drawn order with reference controls and hidden repeats placed among them. Pure: every draw
 * comes from the Prng given, the rater's stream keyed by the plan's secret, so the plan is reproducible from
 * the master and unpredictable from a package.
 */
import { shuffled, type Prng } from '../prng';
import type { QcOptions } from './options';

export interface QcDesignInput<Task, Reference, Calibration> {
  /** The rater's rating tasks in the order they are shown without QC (assign's shuffled order). */
  tasks: ReadonlyArray<Task>;
  /**
   * Items whose reference answer may be shown as a reference control; `referenceControls` of them are drawn.
   * The caller leaves out items the rater also compares in a preference pair, whose reference it would repeat.
   */
  referenceCandidates: ReadonlyArray<Reference>;
  /** Calibration tasks in file order; the first `calibration` of them open the queue, in that order. */
  calibration: ReadonlyArray<Calibration>;
}

/**
 * One entry of the rater's queue. `qc` says what the entry is for; it is the coordinator's to know and
 * must never be written into the rater's package: a repeat shows exactly the texts of its first showing,
 * a reference control is presented like any model answer.
 */
export type PlannedTask<Task, Reference, Calibration> =
  | { qc: null; task: Task }
  /** `firstShowing` is the 0-based position of the same task's first showing in the queue. */
  | { qc: 'repeat'; task: Task; firstShowing: number }
  | { qc: 'reference_control'; reference: Reference }
  | { qc: 'calibration'; calibration: Calibration };

/** The options cannot be realised with this rater's tasks; the message says which option to change. */
export class QcDesignError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QcDesignError';
  }
}

/** How many tasks a share P of n tasks is: P·n rounded, but at least one when P > 0 and there are tasks. */
export function repeatCount(tasks: number, share: number): number {
  if (share <= 0 || tasks === 0) return 0;
  return Math.min(tasks, Math.max(1, Math.round(share * tasks)));
}

/** Fewest tasks between a first showing and its repeat: a third of the whole queue, rounded up. */
export function minimumTasksBetweenRepeats(queueLength: number): number {
  return Math.ceil(queueLength / 3);
}

/**
 * The queue has c calibration tasks, then a body of the n tasks, k reference controls and r repeats.
 * The body is cut at a point `cut`: first showings of repeated tasks are drawn from task positions
 * before it, repeats go to random positions from cut + g on (g = minimumTasksBetweenRepeats), so every
 * pair has at least g tasks between it, whichever first showing is paired with whichever repeat. The cut
 * lies halfway in the range that leaves room for r first showings (plus the k reference controls that
 * may fall before it) and r repeats, so both halves stay as random as the spacing allows.
 */
export function planRatingQueue<Task, Reference, Calibration>(
  input: QcDesignInput<Task, Reference, Calibration>,
  options: QcOptions,
  prng: Prng,
): PlannedTask<Task, Reference, Calibration>[] {
  const n = input.tasks.length;
  const r = repeatCount(n, options.repeats);
  const k = options.referenceControls;
  const c = options.calibration;
  if (k > input.referenceCandidates.length) {
    throw new QcDesignError(
      `${k} reference controls need ${k} items with a reference answer outside the rater's preference pairs, only ${input.referenceCandidates.length} available`,
    );
  }
  if (c > input.calibration.length) {
    throw new QcDesignError(
      `${c} calibration tasks need ${c} entries in the calibration file, it has ${input.calibration.length}`,
    );
  }
  const queueLength = c + n + k + r;
  const gap = minimumTasksBetweenRepeats(queueLength);
  const bodyLength = n + k + r;
  const earliestCut = r + k;
  const latestCut = bodyLength - gap - r;
  if (r > 0 && earliestCut > latestCut) {
    throw new QcDesignError(
      `Repeats of ${options.repeats} give ${r} repeat${r === 1 ? '' : 's'} of ${n} rating task${n === 1 ? '' : 's'}, which cannot be spaced ${gap} tasks (a third of a queue of ${queueLength}) from their first showing; give a lower share of repeats`,
    );
  }
  const cut = Math.floor((earliestCut + latestCut) / 2);

  const kinds = new Array<'task' | 'repeat' | 'reference'>(bodyLength).fill('task');
  const repeatSlots = r > 0 ? shuffled(range(cut + gap, bodyLength), prng).slice(0, r) : [];
  for (const slot of repeatSlots) kinds[slot] = 'repeat';
  const referenceSlots = shuffled(
    range(0, bodyLength).filter((slot) => kinds[slot] === 'task'),
    prng,
  ).slice(0, k);
  for (const slot of referenceSlots) kinds[slot] = 'reference';

  // The remaining slots take the tasks in their drawn order.
  const taskAt = new Map<number, number>();
  kinds.forEach((kind, slot) => kind === 'task' && taskAt.set(slot, taskAt.size));
  const firstShowings = shuffled(
    [...taskAt.keys()].filter((slot) => slot < cut),
    prng,
  ).slice(0, r);
  const firstShowingOf = new Map(repeatSlots.map((slot, i) => [slot, firstShowings[i]!]));
  const references = shuffled(input.referenceCandidates, prng).slice(0, k);

  let nextReference = 0;
  const body = kinds.map((kind, slot): PlannedTask<Task, Reference, Calibration> => {
    if (kind === 'task') return { qc: null, task: input.tasks[taskAt.get(slot)!]! };
    if (kind === 'reference') return { qc: 'reference_control', reference: references[nextReference++]! };
    const first = firstShowingOf.get(slot)!;
    return { qc: 'repeat', task: input.tasks[taskAt.get(first)!]!, firstShowing: c + first };
  });
  const calibration = input.calibration
    .slice(0, c)
    .map((entry): PlannedTask<Task, Reference, Calibration> => ({ qc: 'calibration', calibration: entry }));
  return [...calibration, ...body];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** How many entries of a planned queue have each role, for the plan `assign` prints. */
export function countQueueRoles(queue: ReadonlyArray<PlannedTask<unknown, unknown, unknown>>): {
  tasks: number;
  repeat: number;
  reference_control: number;
  calibration: number;
} {
  const counts = { tasks: 0, repeat: 0, reference_control: 0, calibration: 0 };
  for (const entry of queue) counts[entry.qc ?? 'tasks'] += 1;
  return counts;
}
