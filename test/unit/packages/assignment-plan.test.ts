import { describe, expect, it } from 'vitest';
import { keyedStream } from '../../../electron/services/secret-stream';
import {
  coverageHistogram,
  orderRaterTasks,
  planAddedRater,
  planAssignments,
  PlanError,
  type PlannableTask,
} from '../../../shared/assignment-plan';

/**
 * 3 models × 5 bins × 2 per bin rating tasks, and 3 × 5 × 1 preference tasks: 45 tasks. The models' outputs
 * of one bin share their items, as when every model answers every question.
 */
function sampledTasks(): PlannableTask[] {
  const tasks: PlannableTask[] = [];
  for (const kind of ['rating', 'preference'] as const) {
    for (const model of ['alpha', 'beta', 'gamma']) {
      for (let bin = 1; bin <= 5; bin++) {
        for (let n = 0; n < (kind === 'rating' ? 2 : 1); n++)
          tasks.push({ taskId: tasks.length + 1, kind, model, bin, itemId: `item ${kind} ${bin} ${n}` });
      }
    }
  }
  return tasks;
}

const RATERS = ['Dr A', 'Dr B', 'Dr C', 'Dr D'];

function countsPerTask(plan: { taskIds: number[] }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { taskIds } of plan) for (const id of taskIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe('planAssignments', () => {
  const tasks = sampledTasks();

  it('gives every task exactly K distinct raters and loads that differ by at most one', () => {
    for (const overlap of [1, 2, 3, 4]) {
      const plan = planAssignments(tasks, RATERS, overlap, 7);
      for (const { taskIds } of plan) expect(new Set(taskIds).size).toBe(taskIds.length);
      expect([...countsPerTask(plan).values()]).toEqual(tasks.map(() => overlap));
      const loads = plan.map((p) => p.taskIds.length);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
      expect(loads.reduce((a, b) => a + b, 0)).toBe(tasks.length * overlap);
    }
  });

  it('gives each rater every model and bin in proportion (⌊n·K/R⌋ or ⌈n·K/R⌉ of each stratum)', () => {
    const plan = planAssignments(tasks, RATERS, 2, 11);
    const byId = new Map(tasks.map((t) => [t.taskId, t]));
    for (const { taskIds } of plan) {
      for (const kind of ['rating', 'preference'] as const) {
        for (const model of ['alpha', 'beta', 'gamma']) {
          const n = tasks.filter((t) => t.kind === kind && t.model === model).length;
          const mine = taskIds.filter((id) => byId.get(id)!.kind === kind && byId.get(id)!.model === model).length;
          expect(mine).toBeGreaterThanOrEqual(Math.floor((n * 2) / RATERS.length));
          expect(mine).toBeLessThanOrEqual(Math.ceil((n * 2) / RATERS.length));
        }
      }
      for (let bin = 1; bin <= 5; bin++) {
        const n = tasks.filter((t) => t.kind === 'rating' && t.model === 'alpha' && t.bin === bin).length;
        const mine = taskIds.filter(
          (id) => byId.get(id)!.kind === 'rating' && byId.get(id)!.model === 'alpha' && byId.get(id)!.bin === bin,
        ).length;
        expect(mine).toBeLessThanOrEqual(Math.ceil((n * 2) / RATERS.length));
      }
    }
  });

  it('is reproducible from its seed and differs between seeds', () => {
    expect(planAssignments(tasks, RATERS, 2, 3)).toEqual(planAssignments(tasks, RATERS, 2, 3));
    expect(planAssignments(tasks, RATERS, 2, 3)).not.toEqual(planAssignments(tasks, RATERS, 2, 4));
  });

  it('refuses an overlap above the number of raters and a rater named twice', () => {
    expect(() => planAssignments(tasks, RATERS, 5, 1)).toThrow(PlanError);
    expect(() => planAssignments(tasks, ['Dr A', 'dr a'], 1, 1)).toThrow(/named twice/);
  });
});

describe('planAddedRater', () => {
  it('takes the least-covered tasks first, spread over strata, and leaves others untouched', () => {
    const tasks = sampledTasks();
    const plan = planAssignments(tasks, RATERS, 1, 5);
    const counts = countsPerTask(plan);
    const added = planAddedRater(tasks, counts, 'Dr E', 15, 5);
    expect(new Set(added).size).toBe(15);
    // Overlap 1: every task has one rater, so the 15 are spread in proportion: 10 rating, 5 preference tasks.
    const kinds = added.map((id) => tasks.find((t) => t.taskId === id)!.kind);
    expect(kinds.filter((k) => k === 'rating')).toHaveLength(10);
    const partial = new Map(counts);
    partial.set(added[0]!, 0);
    expect(planAddedRater(tasks, partial, 'Dr E', 1, 5)).toEqual([added[0]]);
  });
});

describe('orderRaterTasks', () => {
  const secret = new Uint8Array(32).fill(7);
  it('puts ratings before preferences, shuffles each kind per rater, and draws an A position per preference', () => {
    const tasks = sampledTasks().map((t) => ({ ...t, modelB: null }));
    const a = orderRaterTasks(tasks, keyedStream(secret, 'order', 'Dr A'));
    expect(a.map((t) => t.position)).toEqual(tasks.map((_, i) => i + 1));
    expect(a.slice(0, 30).every((t) => t.kind === 'rating' && !('presentedA' in t))).toBe(true);
    expect(
      a.slice(30).every((t) => t.kind === 'preference' && (t.presentedA === 'model' || t.presentedA === 'reference')),
    ).toBe(true);
    expect(a.map((t) => t.taskId)).not.toEqual(
      orderRaterTasks(tasks, keyedStream(secret, 'order', 'Dr B')).map((t) => t.taskId),
    );
    expect(orderRaterTasks(tasks, keyedStream(secret, 'order', 'Dr A'))).toEqual(a);
  });
});

it('coverageHistogram counts outputs by number of raters', () => {
  expect(coverageHistogram([2, 2, 1, 3])).toEqual([0, 1, 2, 1]);
});

describe('preference pairs of one item', () => {
  /** 2 models × 3 bins × 4 preference pairs; both models answer the same 12 questions. */
  const pairs: PlannableTask[] = ['alpha', 'beta'].flatMap((model, m) =>
    [1, 2, 3].flatMap((bin) =>
      [0, 1, 2, 3].map((n) => ({
        taskId: 1 + m * 12 + (bin - 1) * 4 + n,
        kind: 'preference' as const,
        model,
        bin,
        itemId: `q${bin}-${n}`,
      })),
    ),
  );
  const itemOf = new Map(pairs.map((t) => [t.taskId, t.itemId]));
  /** Pairs beyond the first that one rater has of one item: each shows that item's reference again. */
  const repeatedItems = (taskIds: number[]) => taskIds.length - new Set(taskIds.map((id) => itemOf.get(id))).size;

  it('go to different raters wherever a swap within the stratum allows it; coverage and proportions stay', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const plan = planAssignments(pairs, RATERS, 2, seed);
      expect(
        plan.map((p) => repeatedItems(p.taskIds)),
        `seed ${seed}`,
      ).toEqual([0, 0, 0, 0]);
      expect([...countsPerTask(plan).values()]).toEqual(pairs.map(() => 2));
      for (const { taskIds } of plan) {
        for (const stratum of ['alpha 1', 'alpha 2', 'beta 3']) {
          const mine = taskIds.filter((id) => {
            const t = pairs[id - 1]!;
            return `${t.model} ${t.bin}` === stratum;
          });
          expect(mine.length).toBe(2); // 4 pairs × overlap 2 / 4 raters
        }
      }
    }
  });

  it('stay together where every rater has every output, and the plan is still reproducible from its seed', () => {
    const plan = planAssignments(pairs, RATERS, 4, 3);
    expect(plan.map((p) => repeatedItems(p.taskIds))).toEqual([12, 12, 12, 12]);
    expect(planAssignments(pairs, RATERS, 2, 3)).toEqual(planAssignments(pairs, RATERS, 2, 3));
  });

  it('are not both given to a rater added later when other pairs of the stratum are free', () => {
    const plan = planAssignments(pairs, RATERS, 1, 5);
    for (let seed = 1; seed <= 12; seed++) {
      const added = planAddedRater(pairs, countsPerTask(plan), 'Dr E', 12, seed);
      expect(new Set(added).size).toBe(12);
      expect(repeatedItems(added), `seed ${seed}`).toBe(0);
      for (const model of ['alpha', 'beta'])
        for (const bin of [1, 2, 3])
          expect(added.filter((id) => pairs[id - 1]!.model === model && pairs[id - 1]!.bin === bin)).toHaveLength(2);
    }
  });
});
