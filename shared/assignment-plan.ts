/**
 * Who rates what. Every sampled output gets `overlap` raters; loads differ by at most one; each
 * rater's share of every (task kind, model, bin) stratum is proportional, so no rater sees mostly one
 * model or one quality level; no rater gets two preference pairs of one item where the deal allows it. Who
 * rates what comes from the plan's seed; each rater's order and A/B draws from a stream the caller keys with
 * the plan's secret, so a package's order cannot be re-derived from anything public. Model names, items and
 * bins are only used here, in the master; nothing of them reaches a package.
 */
import { TASK_KINDS, type PairPresentedA, type PresentedA, type TaskKind } from './domain';
import { TASK_KIND_SPECS } from './kinds/task-kinds';
import { assertNever } from './kinds/assert-never';
import { orderPairTasks } from './pairwise-order';
import { deriveSeed, createPrng, shuffled, type Prng } from './prng';

/** A sampled output as the planner sees it (master-side only). */
export interface PlannableTask {
  taskId: number;
  kind: TaskKind;
  model: string;
  bin: number;
  /** A preference pair shows its item's reference: two pairs of one item to one rater would mark it. */
  itemId: string;
}

export interface RaterTasks {
  rater: string;
  taskIds: number[];
}

interface OrderedTaskBase {
  taskId: number;
  /** 1-based over all of the rater's tasks, ratings before preferences. */
  position: number;
}

/** One of a rater's tasks in their own order, with what its kind draws for it. */
export type OrderedTask = OrderedRatingTask | OrderedPreferenceTask | OrderedPairwiseTask;
export interface OrderedRatingTask extends OrderedTaskBase {
  kind: 'rating';
}
/** A preference carries which answer is shown first. */
export interface OrderedPreferenceTask extends OrderedTaskBase {
  kind: 'preference';
  presentedA: PresentedA;
}

/** A pairwise task carries which of its two outputs is shown at A. */
export interface OrderedPairwiseTask extends OrderedTaskBase {
  kind: 'pairwise';
  presentedA: PairPresentedA;
}

/** What ordering a rater's tasks needs of each: its kind, and for a pairwise task its item and two models. */
export interface TaskToOrder {
  taskId: number;
  kind: TaskKind;
  itemId: string;
  /** The model of the task's (first) output. */
  model: string;
  /** A pairwise task's second model; null for the other kinds. */
  modelB: string | null;
}

export class PlanError extends Error {}

/**
 * Tasks grouped by stratum in a fixed order, each stratum shuffled. Strata are ordered by kind,
 * model and bin, and tasks sorted by id before shuffling, so the result depends only on the seed.
 */
const stratumOf = (t: PlannableTask) => JSON.stringify([TASK_KINDS.indexOf(t.kind), t.model, t.bin]);

function stratifiedOrder(tasks: readonly PlannableTask[], prng: Prng): PlannableTask[][] {
  const strata = new Map<string, PlannableTask[]>();
  for (const task of [...tasks].sort((a, b) => a.taskId - b.taskId)) {
    const list = strata.get(stratumOf(task)) ?? [];
    list.push(task);
    strata.set(stratumOf(task), list);
  }
  return [...strata.keys()].sort(compareKeys).map((k) => shuffled(strata.get(k)!, prng));
}

function compareKeys(a: string, b: string): number {
  const [ka, ma, ba] = JSON.parse(a) as [number, string, number];
  const [kb, mb, bb] = JSON.parse(b) as [number, string, number];
  return ka - kb || (ma < mb ? -1 : ma > mb ? 1 : 0) || ba - bb;
}

export function checkRaterNames(raters: readonly string[]): void {
  if (raters.length === 0) throw new PlanError('Name at least one rater.');
  const seen = new Map<string, string>();
  for (const name of raters) {
    const folded = name.toLowerCase();
    if (seen.has(folded)) throw new PlanError(`"${name}" is named twice (as "${seen.get(folded)}").`);
    seen.set(folded, name);
  }
}

/**
 * Deals each task to `overlap` distinct raters. Tasks are laid out stratum after stratum and dealt
 * round-robin over a shuffled rater order, `overlap` consecutive raters per task: the cycle makes
 * total loads differ by at most one, and a stratum's n tasks take n × overlap consecutive turns,
 * so each rater gets ⌊n·overlap/R⌋ or ⌈n·overlap/R⌉ of every stratum. Then preference pairs of one item
 * dealt to one rater are spread by swaps that keep all of that (spreadSharedItems).
 */
export function planAssignments(
  tasks: readonly PlannableTask[],
  raters: readonly string[],
  overlap: number,
  seed: number,
): RaterTasks[] {
  checkRaterNames(raters);
  if (!Number.isInteger(overlap) || overlap < 1 || overlap > raters.length) {
    throw new PlanError(
      `The overlap (${overlap}) must be a whole number from 1 to the number of raters (${raters.length}).`,
    );
  }
  const prng = createPrng(seed);
  const order = stratifiedOrder(tasks, prng).flat();
  const dealOrder = shuffled(raters, prng);
  const dealt = new Map<string, number[]>(raters.map((r) => [r, []]));
  let turn = 0;
  for (const task of order) {
    for (let copy = 0; copy < overlap; copy++) dealt.get(dealOrder[turn++ % raters.length]!)!.push(task.taskId);
  }
  spreadSharedItems(dealt, dealOrder, tasks);
  return raters.map((rater) => ({ rater, taskIds: dealt.get(rater)! }));
}

/** One rater's preference items, counted, and their tasks, kept in step as tasks are swapped. */
class RaterHand {
  readonly taskIds: Set<number>;
  private readonly items = new Map<string, number>();

  constructor(taskIds: readonly number[], byId: ReadonlyMap<number, PlannableTask>) {
    this.taskIds = new Set(taskIds);
    for (const id of taskIds) this.count(byId.get(id)!, 1);
  }

  private count(task: PlannableTask, by: number): void {
    if (TASK_KIND_SPECS[task.kind].showsReference) this.items.set(task.itemId, (this.items.get(task.itemId) ?? 0) + by);
  }

  pairsOf(itemId: string): number {
    return this.items.get(itemId) ?? 0;
  }

  swap(out: PlannableTask, into: PlannableTask): void {
    this.taskIds.delete(out.taskId);
    this.count(out, -1);
    this.taskIds.add(into.taskId);
    this.count(into, 1);
  }
}

/**
 * Two preference pairs of one item show a rater its reference text twice, which marks the reference side of
 * both. Each such pair is swapped with another rater's pair of the same stratum wherever that gives neither
 * rater a repeated item: loads, every output's raters and each rater's share of every stratum stay as dealt.
 * Every swap removes at least one repeat, so this ends; repeats no swap can mend stay (the plan summary
 * counts them). Deterministic, so the seed still reproduces who rates what.
 */
function spreadSharedItems(
  dealt: Map<string, number[]>,
  raters: readonly string[],
  tasks: readonly PlannableTask[],
): void {
  const byId = new Map(tasks.map((t) => [t.taskId, t]));
  const hands = new Map(raters.map((r) => [r, new RaterHand(dealt.get(r)!, byId)]));
  const strata = new Map<string, PlannableTask[]>();
  for (const task of tasks) strata.set(stratumOf(task), [...(strata.get(stratumOf(task)) ?? []), task]);
  const swapFor = (holder: RaterHand, task: PlannableTask) => {
    const sameStratum = strata.get(stratumOf(task))!;
    for (const other of hands.values()) {
      if (other === holder || other.taskIds.has(task.taskId) || other.pairsOf(task.itemId) > 0) continue;
      const candidate = sameStratum.find(
        (t) => other.taskIds.has(t.taskId) && !holder.taskIds.has(t.taskId) && holder.pairsOf(t.itemId) === 0,
      );
      if (candidate) return { other, candidate };
    }
    return null;
  };
  let swapped = true;
  while (swapped) {
    swapped = false;
    for (const hand of hands.values()) {
      for (const id of [...hand.taskIds]) {
        const task = byId.get(id)!;
        if (!TASK_KIND_SPECS[task.kind].showsReference || hand.pairsOf(task.itemId) < 2) continue;
        const swap = swapFor(hand, task);
        if (!swap) continue;
        hand.swap(task, swap.candidate);
        swap.other.swap(swap.candidate, task);
        swapped = true;
      }
    }
  }
  for (const [rater, hand] of hands) dealt.set(rater, [...hand.taskIds]);
}

/**
 * Tasks for a rater added to an existing plan, touching nobody else's: `load` tasks, taken from those
 * with the fewest raters so far. Within one coverage level the pick is a systematic sample (fixed
 * step, random start) over the stratified order, so every kind, model and bin gets its share ±1. A preference
 * pick whose item the rater already compares gives way to the next free pair of its stratum, if any.
 */
export function planAddedRater(
  tasks: readonly PlannableTask[],
  ratersPerTask: ReadonlyMap<number, number>,
  rater: string,
  load: number,
  seed: number,
): number[] {
  const prng = createPrng(deriveSeed(seed, `added:${rater}`));
  const order = stratifiedOrder(tasks, prng).flat();
  const levels = [...new Set(order.map((t) => ratersPerTask.get(t.taskId) ?? 0))].sort((a, b) => a - b);
  const picked: number[] = [];
  const taken = new Set<number>();
  const items = new Set<string>();
  for (const level of levels) {
    const candidates = order.filter((t) => (ratersPerTask.get(t.taskId) ?? 0) === level);
    const wanted = Math.min(load - picked.length, candidates.length);
    const step = candidates.length / wanted;
    const start = prng.nextFloat() * step;
    for (let k = 0; k < wanted; k++) {
      const at = Math.floor(start + k * step);
      const untaken = [...candidates.slice(at), ...candidates.slice(0, at)].filter((t) => !taken.has(t.taskId));
      const ofStratum = untaken.filter((t) => stratumOf(t) === stratumOf(candidates[at]!));
      const pick =
        ofStratum.find((t) => !TASK_KIND_SPECS[t.kind].showsReference || !items.has(t.itemId)) ??
        ofStratum[0] ??
        untaken[0]!;
      taken.add(pick.taskId);
      if (TASK_KIND_SPECS[pick.kind].showsReference) items.add(pick.itemId);
      picked.push(pick.taskId);
    }
    if (picked.length === load) break;
  }
  return picked;
}

/**
 * A rater's own order: ratings first, then preferences, then pairwise tasks. Ratings and preferences are
 * shuffled, each preference with a fair draw of which answer is shown as A; pairwise tasks are ordered so
 * that two pairs of one item never follow each other, with every model shown at A and at B equally often
 * (±1; shared/pairwise-order.ts). `prng` must be the rater's own stream keyed by the plan's secret: what it
 * draws is all a package shows of the plan.
 */
export function orderRaterTasks(tasks: readonly TaskToOrder[], prng: Prng): OrderedTask[] {
  const ordered: OrderedTask[] = [];
  for (const kind of TASK_KINDS) {
    const ofKind = tasks.filter((t) => t.kind === kind).sort((a, b) => a.taskId - b.taskId);
    for (const task of orderedOfKind(kind, ofKind, ordered.length, prng)) ordered.push(task);
  }
  return ordered;
}

function orderedOfKind(kind: TaskKind, tasks: readonly TaskToOrder[], before: number, prng: Prng): OrderedTask[] {
  switch (kind) {
    case 'rating':
      return shuffled(tasks, prng).map((t, index) => ({ kind, taskId: t.taskId, position: before + index + 1 }));
    case 'preference':
      return shuffled(tasks, prng).map((t, index) => ({
        kind,
        taskId: t.taskId,
        position: before + index + 1,
        presentedA: prng.nextInt(2) === 0 ? 'model' : 'reference',
      }));
    case 'pairwise': {
      const byId = new Map(tasks.map((t) => [t.taskId, t]));
      const pairs = tasks.map((t) => ({ taskId: t.taskId, itemId: t.itemId, first: t.model, second: t.modelB! }));
      return orderPairTasks(pairs, prng).map(({ taskId, modelA }, index) => ({
        kind,
        taskId,
        position: before + index + 1,
        presentedA: modelA === byId.get(taskId)!.model ? 'first' : 'second',
      }));
    }
    default:
      return assertNever(kind, 'task kind');
  }
}

/** How many outputs are rated by 1, 2, … raters: index k holds the count for k raters. */
export function coverageHistogram(ratersPerTask: Iterable<number>): number[] {
  const histogram: number[] = [];
  for (const count of ratersPerTask) histogram[count] = (histogram[count] ?? 0) + 1;
  return Array.from({ length: histogram.length }, (_, k) => histogram[k] ?? 0);
}
