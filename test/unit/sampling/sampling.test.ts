import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../shared/prng';
import { assignQuintileBins, averageScore, BinTooSmallError, drawStratifiedSample } from '../../../shared/sampling';

/** A PRNG that returns scripted nextInt values and records the bounds it was asked for. */
function scriptedPrng(values: number[]): Prng & { bounds: number[] } {
  const bounds: number[] = [];
  return {
    bounds,
    nextInt(max) {
      bounds.push(max);
      const value = values.shift();
      if (value === undefined || value >= max) throw new Error(`script exhausted or out of range for ${max}`);
      return value;
    },
    nextFloat: () => {
      throw new Error('not used');
    },
    fillInts: () => {
      throw new Error('not used');
    },
  };
}

describe('averageScore', () => {
  it('is the mean of the chosen metrics the output has', () => {
    expect(averageScore({ rouge1: 0.25, rougeL: 0.75, bertscore: 0.9 }, ['rouge1', 'rougeL'])).toBe(0.5);
    expect(averageScore({ rouge1: 0.25 }, ['rouge1', 'rougeL'])).toBe(0.25);
  });
  it('is null (not eligible) when the output has none of them', () => {
    expect(averageScore({ bertscore: 0.9 }, ['rouge1'])).toBeNull();
    expect(averageScore({}, ['rouge1'])).toBeNull();
  });
});

describe('assignQuintileBins', () => {
  it('splits 7 outputs into 3 bins of ranks 0–1, 2–3, 4–6, ties broken by item_id', () => {
    // Sorted: e 0.1, b 0.2, c 0.2, a 0.5, f 0.5, g 0.7, d 0.9. floor(b·7/3) = 2, 4, 7.
    const outputs = [
      { itemId: 'a', avgScore: 0.5 },
      { itemId: 'b', avgScore: 0.2 },
      { itemId: 'c', avgScore: 0.2 },
      { itemId: 'd', avgScore: 0.9 },
      { itemId: 'e', avgScore: 0.1 },
      { itemId: 'f', avgScore: 0.5 },
      { itemId: 'g', avgScore: 0.7 },
    ];
    const binned = assignQuintileBins(outputs, 3);
    expect(binned.map((o) => [o.itemId, o.bin, o.rank])).toEqual([
      ['e', 1, 0],
      ['b', 1, 1],
      ['c', 2, 2],
      ['a', 2, 3],
      ['f', 3, 4],
      ['g', 3, 5],
      ['d', 3, 6],
    ]);
  });

  it('orders tied ids by code unit, not by locale ("Item3" < "item10" < "item2")', () => {
    const binned = assignQuintileBins(
      [
        { itemId: 'item2', avgScore: 1 },
        { itemId: 'item10', avgScore: 1 },
        { itemId: 'Item3', avgScore: 1 },
      ],
      3,
    );
    expect(binned.map((o) => o.itemId)).toEqual(['Item3', 'item10', 'item2']);
  });

  it('gives 10 outputs 2 per quintile and leaves bin 1 empty for 4 outputs in 5 bins', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ itemId: `i${i}`, avgScore: i / 10 }));
    expect(assignQuintileBins(ten, 5).map((o) => o.bin)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    // floor(b·4/5) = 0, 1, 2, 3, 4: bin 1 holds ranks 0…−1 (none).
    const four = Array.from({ length: 4 }, (_, i) => ({ itemId: `i${i}`, avgScore: i }));
    expect(assignQuintileBins(four, 5).map((o) => o.bin)).toEqual([2, 3, 4, 5]);
  });

  it('rejects a bin count that is not a positive integer', () => {
    expect(() => assignQuintileBins([], 0)).toThrow(RangeError);
    expect(() => assignQuintileBins([], 2.5)).toThrow(RangeError);
  });
});

function binnedFixture(n: number, bins: number) {
  return assignQuintileBins(
    Array.from({ length: n }, (_, i) => ({
      outputId: 100 + i,
      itemId: `item-${String(i).padStart(3, '0')}`,
      avgScore: i,
    })),
    bins,
  );
}

describe('drawStratifiedSample', () => {
  it('draws by partial Fisher–Yates over each bin in rank order (hand-computed)', () => {
    // Two bins of 3 (ids 100–102, 103–105). Bin 1: swap 0↔2 then keep 1 → [102, 101] → sorted [101, 102].
    // Bin 2: j = 0 (no swap), then j = 1 + 1 = 2 → [103, 105].
    const prng = scriptedPrng([2, 0, 0, 1]);
    const drawn = drawStratifiedSample(binnedFixture(6, 2), { bins: 2, perBin: 2, excludedOutputIds: new Set(), prng });
    expect(drawn.map((o) => o.outputId)).toEqual([101, 102, 103, 105]);
    expect(prng.bounds).toEqual([3, 2, 3, 2]);
  });

  it('never draws an excluded output', () => {
    // Bin 1 candidates without 100 and 102: only 101.
    const prng = scriptedPrng([0, 0]);
    const drawn = drawStratifiedSample(binnedFixture(6, 2), {
      bins: 2,
      perBin: 1,
      excludedOutputIds: new Set([100, 102]),
      prng,
    });
    expect(drawn.map((o) => o.outputId)).toEqual([101, 103]);
    expect(prng.bounds).toEqual([1, 3]);
  });

  it('fails clearly when a bin has fewer candidates than requested', () => {
    const draw = () =>
      drawStratifiedSample(binnedFixture(6, 2), {
        bins: 2,
        perBin: 3,
        excludedOutputIds: new Set([104]),
        prng: createPrng(1),
      });
    expect(draw).toThrow(BinTooSmallError);
    expect(draw).toThrow(
      'bin 2 has 2 outputs left after excluding 1 already sampled, fewer than the 3 requested per bin',
    );
    expect(() =>
      drawStratifiedSample(binnedFixture(6, 2), {
        bins: 2,
        perBin: 4,
        excludedOutputIds: new Set(),
        prng: createPrng(1),
      }),
    ).toThrow('bin 1 has 3 outputs, fewer than the 4 requested per bin');
  });

  it('gives the same sample for the same seed and a different one for another seed', () => {
    const binned = binnedFixture(100, 5);
    const draw = (seed: number) =>
      drawStratifiedSample(binned, { bins: 5, perBin: 10, excludedOutputIds: new Set(), prng: createPrng(seed) }).map(
        (o) => o.outputId,
      );
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const drawn = draw(42);
    expect(new Set(drawn).size).toBe(50);
    for (let bin = 0; bin < 5; bin++)
      expect(drawn.slice(bin * 10, bin * 10 + 10).every((id) => Math.floor((id - 100) / 20) === bin)).toBe(true);
  });

  it('is pinned for seed 42: a change of PRNG or algorithm would silently change every stored study sample', () => {
    // Recorded from this implementation (pure-rand xoroshiro128plus, uniformInt); the value is a
    // regression anchor for cross-platform and cross-version reproducibility, not derived by hand.
    const drawn = drawStratifiedSample(binnedFixture(20, 5), {
      bins: 5,
      perBin: 2,
      excludedOutputIds: new Set(),
      prng: createPrng(42),
    });
    expect(drawn.map((o) => o.outputId)).toEqual(PINNED_SEED_42);
  });
});

const PINNED_SEED_42 = [100, 101, 106, 107, 109, 110, 112, 113, 116, 119];
