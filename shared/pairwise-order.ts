/**
 * A rater's pairwise queue: in which order their pairs come and which model of each pair is shown at A.
 * Pure; `prng` must be the rater's own stream keyed by the plan's secret (electron/services/secret-stream.ts),
 * as for preferences, so nothing public re-derives it. Called by orderRaterTasks (shared/assignment-plan.ts).
 */
import { shuffled, type Prng } from './prng';

/** One of the rater's pairwise tasks, master-side: its item and its two models (`first` before `second`). */
export interface RaterPairTask {
  taskId: number;
  itemId: string;
  first: string;
  second: string;
}

export interface OrderedPairTask {
  taskId: number;
  /** The model whose answer is shown at A; the other is shown at B. */
  modelA: string;
}

/**
 * Orders the tasks so that two pairs of one item are never next to each other (whenever the item counts
 * allow it), and shows every model at A and at B equally often, ±1, within the rater's queue.
 */
export function orderPairTasks(tasks: ReadonlyArray<RaterPairTask>, prng: Prng): OrderedPairTask[] {
  const sorted = [...tasks].sort((a, b) => a.taskId - b.taskId);
  const atA = balancedSides(sorted, prng);
  return spreadItems(sorted, prng).map((task) => ({ taskId: task.taskId, modelA: atA.get(task.taskId)! }));
}

/**
 * A random order without two tasks of one item in a row. Each step draws uniformly among the tasks of
 * other items than the previous one, except when an item holds so many of the remaining tasks that it
 * must come now to be spread at all (2c − 1 ≥ remaining). When no arrangement exists (one item holds more
 * than half), the rest of that item follows as spread as it can be.
 */
function spreadItems(tasks: ReadonlyArray<RaterPairTask>, prng: Prng): RaterPairTask[] {
  const remaining = shuffled(tasks, prng);
  const order: RaterPairTask[] = [];
  let previous: string | null = null;
  while (remaining.length > 0) {
    const counts = new Map<string, number>();
    for (const task of remaining) counts.set(task.itemId, (counts.get(task.itemId) ?? 0) + 1);
    const forced = [...counts].find(([itemId, count]) => itemId !== previous && 2 * count - 1 >= remaining.length);
    const candidates = remaining
      .map((task, index) => ({ task, index }))
      .filter(({ task }) => (forced ? task.itemId === forced[0] : task.itemId !== previous));
    const pool = candidates.length > 0 ? candidates : remaining.map((task, index) => ({ task, index }));
    const { task, index } = pool[prng.nextInt(pool.length)]!;
    remaining.splice(index, 1);
    order.push(task);
    previous = task.itemId;
  }
  return order;
}

/**
 * Which model of each pair is shown at A, so that each model is at A and at B equally often (±1): the pairs
 * are edges of a multigraph on the models; joining the models of odd degree to a virtual vertex makes every
 * degree even, and orienting each edge along an Euler circuit (Hierholzer; edges taken in a random order,
 * each circuit in a random direction) gives every model as many edges out (at A) as in (at B), less at most
 * the one virtual edge it had.
 */
function balancedSides(tasks: ReadonlyArray<RaterPairTask>, prng: Prng): Map<number, string> {
  const VIRTUAL = '\u0000virtual';
  interface Edge {
    taskId: number | null;
    ends: [string, string];
    used: boolean;
  }
  const edges: Edge[] = shuffled(tasks, prng).map((task) => ({
    taskId: task.taskId,
    ends: [task.first, task.second],
    used: false,
  }));
  const degree = new Map<string, number>();
  for (const { ends } of edges) for (const model of ends) degree.set(model, (degree.get(model) ?? 0) + 1);
  for (const [model, count] of [...degree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count % 2 === 1) edges.push({ taskId: null, ends: [model, VIRTUAL], used: false });
  }
  const incident = new Map<string, Edge[]>();
  for (const edge of edges) for (const model of edge.ends) incident.set(model, [...(incident.get(model) ?? []), edge]);
  const atA = new Map<number, string>();
  for (const start of incident.keys()) {
    // Hierholzer: walk unused edges from `start`, splicing sub-circuits in; record each edge's direction.
    const circuit: Array<{ edge: Edge; from: string }> = [];
    const stack: Array<{ vertex: string; via: { edge: Edge; from: string } | null }> = [{ vertex: start, via: null }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const next = incident.get(top.vertex)!.find((edge) => !edge.used);
      if (next) {
        next.used = true;
        const to = next.ends[0] === top.vertex ? next.ends[1] : next.ends[0];
        stack.push({ vertex: to, via: { edge: next, from: top.vertex } });
      } else {
        stack.pop();
        if (top.via) circuit.push(top.via);
      }
    }
    const reversed = prng.nextInt(2) === 1;
    for (const { edge, from } of circuit) {
      if (edge.taskId === null) continue;
      const to = edge.ends[0] === from ? edge.ends[1] : edge.ends[0];
      atA.set(edge.taskId, reversed ? to : from);
    }
  }
  return atA;
}
