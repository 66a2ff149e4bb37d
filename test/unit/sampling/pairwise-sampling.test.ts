import { describe, expect, it } from 'vitest';
import { balancedPairs, drawPairwiseSample, type ModelItemScore } from '../../../shared/pairwise-sampling';
import { createPrng } from '../../../shared/prng';
import { BinTooSmallError } from '../../../shared/sampling';

const MODELS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];

/** 400 items; model k scores item i at ((i · 37 + k · 11) mod 100) / 100; m7 skipped every 10th item. */
function scores(): ModelItemScore[] {
  return Array.from({ length: 400 }, (_, i) => `item${String(i).padStart(3, '0')}`).flatMap((itemId, i) =>
    MODELS.flatMap((model, k) =>
      model === 'm7' && i % 10 === 0 ? [] : [{ itemId, model, avgScore: ((i * 37 + k * 11) % 100) / 100 }],
    ),
  );
}

const pairKey = (first: string, second: string) => `${first}|${second}`;

describe('drawPairwiseSample', () => {
  it('draws per bin among items every chosen model answered, binned by the mean of the models’ scores', () => {
    const tasks = drawPairwiseSample(scores(), {
      models: MODELS,
      bins: 5,
      perBin: 20,
      excludedItemIds: new Set(),
      prng: createPrng(3),
    });
    const items = [...new Set(tasks.map((task) => task.itemId))];
    expect(items).toHaveLength(100);
    expect(items.some((itemId) => Number(itemId.slice(4)) % 10 === 0)).toBe(false);
    // Every item comes with all 21 pairs by default.
    expect(tasks).toHaveLength(100 * 21);
    const byScore = new Map(scores().map((s) => [pairKey(s.itemId, s.model), s.avgScore]));
    for (const task of tasks) {
      const mean = MODELS.reduce((sum, model) => sum + byScore.get(pairKey(task.itemId, model))!, 0) / MODELS.length;
      expect(task.avgScore).toBeCloseTo(mean, 12);
    }
    for (let bin = 1; bin <= 5; bin++) {
      expect(new Set(tasks.filter((task) => task.bin === bin).map((task) => task.itemId)).size).toBe(20);
    }
    // Bins follow difficulty: every item of bin b is at most as difficult as every item of bin b + 1.
    for (let bin = 1; bin < 5; bin++) {
      const highest = Math.max(...tasks.filter((task) => task.bin === bin).map((task) => task.avgScore));
      const lowest = Math.min(...tasks.filter((task) => task.bin === bin + 1).map((task) => task.avgScore));
      expect(highest).toBeLessThanOrEqual(lowest);
    }
  });

  it('with K pairs per item uses every pair equally often (±1), distinct within an item', () => {
    const tasks = drawPairwiseSample(scores(), {
      models: MODELS,
      bins: 5,
      perBin: 20,
      pairsPerItem: 4,
      excludedItemIds: new Set(),
      prng: createPrng(11),
    });
    expect(tasks).toHaveLength(400);
    const uses = new Map<string, number>();
    for (const task of tasks)
      uses.set(pairKey(task.first, task.second), (uses.get(pairKey(task.first, task.second)) ?? 0) + 1);
    expect(uses.size).toBe(21);
    // 400 / 21 = 19.05: each pair 19 or 20 times.
    expect(Math.min(...uses.values())).toBe(19);
    expect(Math.max(...uses.values())).toBe(20);
    const perItem = new Map<string, Set<string>>();
    for (const task of tasks) {
      perItem.set(task.itemId, (perItem.get(task.itemId) ?? new Set()).add(pairKey(task.first, task.second)));
    }
    for (const pairs of perItem.values()) expect(pairs.size).toBe(4);
  });

  it('leaves out excluded items (another sample’s) and is the same for the same seed', () => {
    const options = { models: MODELS.slice(0, 3), bins: 5, perBin: 10, pairsPerItem: 2, prng: createPrng(5) };
    const first = drawPairwiseSample(scores(), { ...options, excludedItemIds: new Set() });
    const excluded = new Set(first.map((task) => task.itemId));
    const second = drawPairwiseSample(scores(), { ...options, prng: createPrng(5), excludedItemIds: excluded });
    expect(second.some((task) => excluded.has(task.itemId))).toBe(false);
    expect(drawPairwiseSample(scores(), { ...options, prng: createPrng(5), excludedItemIds: new Set() })).toEqual(
      first,
    );
  });

  it('refuses a bin without enough eligible items, and fewer than two models', () => {
    const options = { bins: 5, excludedItemIds: new Set<string>(), prng: createPrng(1) };
    expect(() => drawPairwiseSample(scores(), { ...options, models: MODELS, perBin: 73 })).toThrow(BinTooSmallError);
    expect(() => drawPairwiseSample(scores(), { ...options, models: ['m1', 'm1'], perBin: 1 })).toThrow(
      'at least two different models',
    );
  });
});

describe('balancedPairs', () => {
  it('keeps every pair within one use of the others at every design size, and refuses impossible K', () => {
    for (const [items, models, perItem] of [
      [1, 3, 2],
      [7, 4, 5],
      [50, 7, 3],
      [33, 5, 9],
    ] as const) {
      const design = balancedPairs(items, models, perItem, createPrng(items));
      const uses = new Map<string, number>();
      for (const pairs of design) {
        expect(new Set(pairs.map((pair) => pair.join())).size).toBe(perItem);
        for (const pair of pairs) uses.set(pair.join(), (uses.get(pair.join()) ?? 0) + 1);
      }
      const counts = [...uses.values(), ...new Array<number>((models * (models - 1)) / 2 - uses.size).fill(0)];
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
    expect(() => balancedPairs(3, 3, 4, createPrng(1))).toThrow('from 1 to 3 for 3 models, got 4');
  });
});
