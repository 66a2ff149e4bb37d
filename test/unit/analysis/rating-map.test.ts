/** RatingMap: one value per rating, so a duplicate rating is found (parse, analyze) and a repeat meets its first showing (QC). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RatingMap } from '../../../shared/analysis';

const name = fc.string({ maxLength: 6, unit: fc.constantFrom('a', '1', ':', '\u0000', '"', ',') });
const rating = fc.record({
  rater: name,
  itemId: name,
  model: name,
  dimension: name,
  qc: fc.constantFrom(null, 'hidden_repeat', 'reference_control', 'calibration'),
});

describe('RatingMap', () => {
  it('finds a rating again exactly when every field is the same', () => {
    fc.assert(
      fc.property(rating, rating, (a, b) => {
        const ratings = new RatingMap<string>();
        ratings.set(a, 'a');
        const same = a.rater === b.rater && a.itemId === b.itemId && a.model === b.model;
        expect(ratings.get(b)).toBe(same && a.dimension === b.dimension && a.qc === b.qc ? 'a' : undefined);
      }),
      { numRuns: 5000 },
    );
  });

  it('tells apart names whose characters move from one field to the next', () => {
    const base = { itemId: 'item', model: 'm', dimension: 'd', qc: null };
    const ratings = new RatingMap<number>();
    ratings.set({ ...base, rater: 'ab' }, 1);
    ratings.set({ ...base, rater: 'r', dimension: 'd1' }, 2);
    expect(ratings.get({ ...base, rater: 'a', itemId: 'bitem' })).toBeUndefined();
    expect(ratings.get({ ...base, rater: 'r', dimension: 'd', qc: '1' })).toBeUndefined();
    expect(ratings.get({ ...base, rater: 'ab' })).toBe(1);
    ratings.set({ ...base, rater: 'ab' }, 3);
    expect(ratings.get({ ...base, rater: 'ab' })).toBe(3);
  });

  it('sets a value with setIfAbsent only when the rating has none, and gives the one it has', () => {
    fc.assert(
      fc.property(rating, rating, (a, b) => {
        const ratings = new RatingMap<string>();
        expect(ratings.setIfAbsent(a, 'a')).toBeUndefined();
        const earlier = ratings.get(b);
        expect(ratings.setIfAbsent(b, 'b')).toBe(earlier);
        expect(ratings.get(b)).toBe(earlier ?? 'b');
        expect(ratings.get(a)).toBe('a');
      }),
      { numRuns: 2000 },
    );
  });
});
