import { describe, expect, it } from 'vitest';
import { pairwisePercentAgreement } from '../../../shared/stats';

describe('pairwisePercentAgreement', () => {
  it('pools agreeing rater pairs over units with at least two ratings', () => {
    const data = [
      [1, 2, 3, 5],
      [1, 2, 4, null],
      [1, 3, null, null],
    ];
    // Unit 1: 3 of 3 pairs agree; unit 2: 1 of 3; unit 3: 0 of 1; unit 4 has one rating and is dropped.
    expect(pairwisePercentAgreement(data)).toEqual({ agreement: 4 / 7, units: 3 });
  });

  it('weighs a unit by its number of rater pairs, not equally', () => {
    const data = [
      [1, 1],
      [1, 2],
      [1, null],
      [1, null],
    ];
    // Unit 1: 6 of 6 pairs agree, unit 2: 0 of 1 -> 6/7 (the mean of unit shares would be 1/2).
    expect(pairwisePercentAgreement(data).agreement).toBeCloseTo(6 / 7, 15);
  });

  it('is null with zero units for a single rater or no overlap', () => {
    expect(pairwisePercentAgreement([[1, 2, 3]])).toEqual({ agreement: null, units: 0 });
    expect(
      pairwisePercentAgreement([
        [1, null],
        [null, 2],
      ]),
    ).toEqual({ agreement: null, units: 0 });
  });

  it('is 1 when every rater agrees on a constant column', () => {
    expect(
      pairwisePercentAgreement([
        [5, 5],
        [5, 5],
      ]),
    ).toEqual({ agreement: 1, units: 2 });
  });
});
