import { describe, expect, it } from 'vitest';
import {
  coverageHistogram,
  orderRaterTasks,
  planAddedRater,
  planAssignments,
  PlanError,
  type PlannableTask,
} from '../../../shared/assignment-plan';

/** 3 models × 5 bins × 2 per bin rating tasks, and 3 × 5 × 1 preference tasks: 45 tasks. */
function sampledTasks(): PlannableTask[] {
  const tasks: PlannableTask[] = [];
  for (const kind of ['rating', 'preference'] as const) {
    for (const model of ['alpha', 'beta', 'gamma']) {
      for (let bin = 1; bin <= 5; bin++) {
        for (let n = 0; n < (kind === 'rating' ? 2 : 1); n++)
          tasks.push({ taskId: tasks.length + 1, kind, model, bin });
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
  it('puts ratings before preferences, shuffles each kind per rater, and draws an A position per preference', () => {
    const tasks = sampledTasks();
    const a = orderRaterTasks(tasks, 'Dr A', 9);
    expect(a.map((t) => t.position)).toEqual(tasks.map((_, i) => i + 1));
    expect(a.slice(0, 30).every((t) => t.presentedA === null)).toBe(true);
    expect(a.slice(30).every((t) => t.presentedA === 'model' || t.presentedA === 'reference')).toBe(true);
    expect(a.map((t) => t.taskId)).not.toEqual(orderRaterTasks(tasks, 'Dr B', 9).map((t) => t.taskId));
    expect(orderRaterTasks(tasks, 'Dr A', 9)).toEqual(a);
  });
});

it('coverageHistogram counts outputs by number of raters', () => {
  expect(coverageHistogram([2, 2, 1, 3])).toEqual([0, 1, 2, 1]);
});
