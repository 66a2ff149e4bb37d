import { describe, expect, it } from 'vitest';
import { mean } from '../../../shared/stats';

describe('mean', () => {
  it('averages values and is null for none', () => {
    expect(mean([1, 2, 4])).toBeCloseTo(7 / 3, 15);
    expect(mean([0.1, 0.2, 0.3])).toBeCloseTo(0.2, 15);
    expect(mean([])).toBeNull();
  });
});
