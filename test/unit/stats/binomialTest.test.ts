import { describe, expect, it } from 'vitest';
import { binomialTestTwoSided } from '../../../shared/stats';
import { reference } from './fixtures';

describe('binomialTestTwoSided', () => {
  for (const { successes, trials, p, expected } of reference.binomial) {
    it(`matches scipy.stats.binomtest(${successes}, ${trials}, ${p})`, () => {
      const actual = binomialTestTwoSided(successes, trials, p)!;
      // Relative tolerance: p-values span many orders of magnitude.
      expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * expected);
    });
  }

  it('defaults to p = 0.5', () => {
    expect(binomialTestTwoSided(0, 10)).toBe(binomialTestTwoSided(10, 10, 0.5));
    expect(binomialTestTwoSided(0, 10)).toBeCloseTo(2 / 1024, 15);
  });

  it('handles the degenerate p = 0 and p = 1', () => {
    expect(binomialTestTwoSided(0, 5, 0)).toBe(1);
    expect(binomialTestTwoSided(1, 5, 0)).toBe(0);
    expect(binomialTestTwoSided(5, 5, 1)).toBe(1);
  });

  it('is null with no trials and rejects impossible counts', () => {
    expect(binomialTestTwoSided(0, 0)).toBeNull();
    expect(() => binomialTestTwoSided(6, 5)).toThrow('between 0 and 5');
    expect(() => binomialTestTwoSided(1.5, 5)).toThrow('successes');
    expect(() => binomialTestTwoSided(1, 5, 1.2)).toThrow('p between 0 and 1');
  });
});
