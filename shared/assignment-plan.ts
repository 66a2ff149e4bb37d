/**
 * Who rates what. Every sampled output gets `overlap` raters; loads differ by at most one; each
 * rater's share of every (task kind, model, bin) stratum is proportional, so no rater sees mostly one
 * model or one quality level. All choices come from one seeded PRNG, so a stored seed reproduces the
 * plan. Model names and bins are only used here, in the master; nothing of them reaches a package.
 */
import { TASK_KINDS, type PresentedA, type TaskKind } from './domain';
import { deriveSeed, createPrng, shuffled, type Prng } from './prng';

/** A sampled output as the planner sees it (master-side only). */
export interface PlannableTask {
  taskId: number;
  kind: TaskKind;
  model: string;
  bin: number;
}

export interface RaterTasks {
  rater: string;
  taskIds: number[];
}

/** One of a rater's tasks in their own order; preferences carry which answer is shown first. */
export interface OrderedTask {
  taskId: number;
  /** 1-based over all of the rater's tasks, ratings before preferences. */
  position: number;
  presentedA: PresentedA | null;
}

export class PlanError extends Error {}

/**
 * Tasks grouped by stratum in a fixed order, each stratum shuffled. Strata are ordered by kind,
 * model and bin, and tasks sorted by id before shuffling, so the result depends only on the seed.
 */
function stratifiedOrder(tasks: readonly PlannableTask[], prng: Prng): PlannableTask[][] {
  const strata = new Map<string, PlannableTask[]>();
  const key = (t: PlannableTask) => JSON.stringify([TASK_KINDS.indexOf(t.kind), t.model, t.bin]);
  for (const task of [...tasks].sort((a, b) => a.taskId - b.taskId)) {
    const list = strata.get(key(task)) ?? [];
    list.push(task);
    strata.set(key(task), list);
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
 * so each rater gets ⌊n·overlap/R⌋ or ⌈n·overlap/R⌉ of every stratum.
 */
export function planAssignments(
  tasks: readonly PlannableTask[],
  raters: readonly string[],
  overlap: number,
  seed: number,
): RaterTasks[] {
  checkRaterNames(raters);
  if (!Number.isInteger(overlap) || overlap < 1 || overlap > raters.length) {
    throw new PlanError(`--overlap ${overlap}: give a whole number from 1 to the number of raters (${raters.length}).`);
  }
  const prng = createPrng(seed);
  const order = stratifiedOrder(tasks, prng).flat();
  const dealOrder = shuffled(raters, prng);
  const dealt = new Map<string, number[]>(raters.map((r) => [r, []]));
  let turn = 0;
  for (const task of order) {
    for (let copy = 0; copy < overlap; copy++) dealt.get(dealOrder[turn++ % raters.length]!)!.push(task.taskId);
  }
  return raters.map((rater) => ({ rater, taskIds: dealt.get(rater)! }));
}

/**
 * Tasks for a rater added to an existing plan, touching nobody else's: `load` tasks, taken from those
 * with the fewest raters so far. Within one coverage level the pick is a systematic sample (fixed
 * step, random start) over the stratified order, so every kind, model and bin gets its share ±1.
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
  for (const level of levels) {
    const candidates = order.filter((t) => (ratersPerTask.get(t.taskId) ?? 0) === level);
    const wanted = Math.min(load - picked.length, candidates.length);
    const step = candidates.length / wanted;
    const start = prng.nextFloat() * step;
    for (let k = 0; k < wanted; k++) picked.push(candidates[Math.floor(start + k * step)]!.taskId);
    if (picked.length === load) break;
  }
  return picked;
}

/**
 * A rater's own order: ratings first, then preferences, each kind shuffled with a stream derived from
 * (seed, rater name), and for each preference a fair draw of which answer is shown as A.
 */
export function orderRaterTasks(
  tasks: readonly { taskId: number; kind: TaskKind }[],
  rater: string,
  seed: number,
): OrderedTask[] {
  const prng = createPrng(deriveSeed(seed, rater));
  const ordered: OrderedTask[] = [];
  for (const kind of TASK_KINDS) {
    const ofKind = tasks
      .filter((t) => t.kind === kind)
      .map((t) => t.taskId)
      .sort((a, b) => a - b);
    for (const taskId of shuffled(ofKind, prng)) {
      const presentedA: PresentedA | null =
        kind === 'preference' ? (prng.nextInt(2) === 0 ? 'model' : 'reference') : null;
      ordered.push({ taskId, position: ordered.length + 1, presentedA });
    }
  }
  return ordered;
}

/** How many outputs are rated by 1, 2, … raters: index k holds the count for k raters. */
export function coverageHistogram(ratersPerTask: Iterable<number>): number[] {
  const histogram: number[] = [];
  for (const count of ratersPerTask) histogram[count] = (histogram[count] ?? 0) + 1;
  return Array.from({ length: histogram.length }, (_, k) => histogram[k] ?? 0);
}
