/** ratingIdentity: one string per rating, so a duplicate rating is found by a Set of strings (parse, analyze). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratingIdentity } from '../../../shared/analysis';

const name = fc.string({ maxLength: 6, unit: fc.constantFrom('a', '1', ':', '\u0000', '"', ',') });
const rating = fc.record({
  rater: name,
  itemId: name,
  model: name,
  dimension: name,
  qc: fc.constantFrom(null, 'hidden_repeat', 'reference_control', 'calibration'),
});

describe('ratingIdentity', () => {
  it('gives two ratings the same string exactly when every field is the same', () => {
    fc.assert(
      fc.property(rating, rating, (a, b) => {
        const same = a.rater === b.rater && a.itemId === b.itemId && a.model === b.model;
        expect(ratingIdentity(a) === ratingIdentity(b)).toBe(same && a.dimension === b.dimension && a.qc === b.qc);
      }),
      { numRuns: 5000 },
    );
  });

  it('tells apart names whose characters move from one field to the next', () => {
    const base = { itemId: 'item', model: 'm', dimension: 'd', qc: null };
    expect(ratingIdentity({ ...base, rater: 'ab' })).not.toBe(ratingIdentity({ ...base, rater: 'a', itemId: 'bitem' }));
    expect(ratingIdentity({ ...base, rater: 'r', dimension: 'd1' })).not.toBe(
      ratingIdentity({ ...base, rater: 'r', dimension: 'd', qc: '1' as never }),
    );
  });
});
