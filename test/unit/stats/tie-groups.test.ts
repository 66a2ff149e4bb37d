/** tieGroups numbers equal values as one group, groups in increasing order of value (Spearman's ranks rest on it). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tieGroups } from '../../../shared/stats/correlationResamples';

/** The definition, written plainly: the distinct values sorted, each value's place among them. */
function groupsByDefinition(values: number[]): { groupOf: number[]; groups: number } {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  return { groupOf: values.map((value) => distinct.indexOf(value)), groups: distinct.length };
}

describe('tieGroups', () => {
  it('gives each value the place of its value among the distinct values, ties one group', () => {
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (values) => {
        const { groupOf, groups } = tieGroups(values);
        expect({ groupOf: [...groupOf], groups }).toEqual(groupsByDefinition(values));
      }),
      { numRuns: 2000 },
    );
  });

  it('puts −0 and 0 in one group', () => {
    expect(tieGroups([0, -0, 1, -1])).toEqual({ groupOf: Int32Array.from([1, 1, 2, 0]), groups: 3 });
  });
});
