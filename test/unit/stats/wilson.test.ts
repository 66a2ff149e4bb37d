import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../../shared/stats';
import { agreementReference } from './agreementFixtures';

describe('wilsonInterval', () => {
  for (const { successes, trials, expected } of agreementReference.wilson) {
    it(`matches scipy binomtest(${successes}, ${trials}).proportion_ci(method="wilson")`, () => {
      const interval = wilsonInterval(successes, trials)!;
      expect(interval[0]).toBeCloseTo(expected[0], 12);
      expect(interval[1]).toBeCloseTo(expected[1], 12);
    });
  }

  it('is null without trials and rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(4, 3)).toThrow('0 ≤ successes ≤ trials');
  });
});
