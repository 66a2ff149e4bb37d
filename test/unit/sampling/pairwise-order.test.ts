import { describe, expect, it } from 'vitest';
import { balancedPairs } from '../../../shared/pairwise-sampling';
import { orderPairTasks, type RaterPairTask } from '../../../shared/pairwise-order';
import { createPrng } from '../../../shared/prng';

const MODELS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];

/** A rater's hand: `items` items with `perItem` balanced pairs of the seven models each. */
function hand(items: number, perItem: number, seed: number): RaterPairTask[] {
  let taskId = 100;
  return balancedPairs(items, MODELS.length, perItem, createPrng(seed)).flatMap((pairs, item) =>
    pairs.map(([i, j]) => ({ taskId: taskId++, itemId: `item${item}`, first: MODELS[i]!, second: MODELS[j]! })),
  );
}

function sideCounts(tasks: RaterPairTask[], ordered: ReturnType<typeof orderPairTasks>): Map<string, number> {
  const byId = new Map(tasks.map((task) => [task.taskId, task]));
  const balance = new Map<string, number>();
  for (const { taskId, modelA } of ordered) {
    const task = byId.get(taskId)!;
    expect([task.first, task.second]).toContain(modelA);
    const modelB = modelA === task.first ? task.second : task.first;
    balance.set(modelA, (balance.get(modelA) ?? 0) + 1);
    balance.set(modelB, (balance.get(modelB) ?? 0) - 1);
  }
  return balance;
}

describe('orderPairTasks', () => {
  it('never puts two pairs of one item next to each other and shows each model at A and B equally often (±1)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const tasks = hand(20 + (seed % 7), 1 + (seed % 4), seed);
      const ordered = orderPairTasks(tasks, createPrng(1000 + seed));
      expect(ordered.map((task) => task.taskId).sort((a, b) => a - b)).toEqual(tasks.map((task) => task.taskId));
      const itemOf = new Map(tasks.map((task) => [task.taskId, task.itemId]));
      for (let k = 1; k < ordered.length; k++) {
        expect(itemOf.get(ordered[k]!.taskId)).not.toBe(itemOf.get(ordered[k - 1]!.taskId));
      }
      for (const difference of sideCounts(tasks, ordered).values()) expect(Math.abs(difference)).toBeLessThanOrEqual(1);
    }
  });

  it('spreads an item that holds just over half of the queue (x y x y x), whatever the stream', () => {
    const tasks: RaterPairTask[] = [
      { taskId: 1, itemId: 'x', first: 'm1', second: 'm2' },
      { taskId: 2, itemId: 'x', first: 'm1', second: 'm3' },
      { taskId: 3, itemId: 'x', first: 'm2', second: 'm3' },
      { taskId: 4, itemId: 'y', first: 'm1', second: 'm2' },
      { taskId: 5, itemId: 'y', first: 'm2', second: 'm3' },
    ];
    const itemOf = new Map(tasks.map((task) => [task.taskId, task.itemId]));
    for (let seed = 1; seed <= 50; seed++) {
      const items = orderPairTasks(tasks, createPrng(seed)).map((task) => itemOf.get(task.taskId));
      expect(items).toEqual(['x', 'y', 'x', 'y', 'x']);
    }
  });

  it('draws order and sides from the stream: the same stream gives the same queue, others differ', () => {
    const tasks = hand(25, 3, 7);
    expect(orderPairTasks(tasks, createPrng(5))).toEqual(orderPairTasks(tasks, createPrng(5)));
    const queues = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(orderPairTasks(tasks, createPrng(seed)))));
    expect(queues.size).toBe(5);
    // Each task's A side varies across streams (not always the pair's first model).
    const firstOf = new Map(tasks.map((task) => [task.taskId, task.first]));
    const firstAtA = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (seed) =>
        orderPairTasks(tasks, createPrng(seed)).filter((task) => task.modelA === firstOf.get(task.taskId)).length,
    );
    expect(firstAtA.every((count) => count > 0 && count < tasks.length)).toBe(true);
  });
});
