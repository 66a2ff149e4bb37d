import { describe, expect, it } from 'vitest';
import { weightedKappa } from '../../../shared/stats';
import { closeOrNull, reference } from './fixtures';

describe('weightedKappa', () => {
  for (const testCase of reference.kappa) {
    for (const weights of ['quadratic', 'linear', 'none'] as const) {
      it(`matches scikit-learn cohen_kappa_score on ${testCase.name} (${weights})`, () => {
        closeOrNull(
          weightedKappa(testCase.a, testCase.b, testCase.categories, weights),
          testCase.expected[weights],
          1e-12,
        );
      });
    }
  }

  it('weighs by position in the category list, as scikit-learn does', () => {
    const a = [4, 4, 5, 5];
    const b = [4, 5, 5, 4];
    expect(weightedKappa(a, b, [4, 5], 'quadratic')).toBe(weightedKappa(a, b, [1, 2, 3, 4, 5], 'none'));
    expect(weightedKappa([1, 4, 5], [2, 4, 5], [1, 2, 3, 4, 5], 'quadratic')).not.toBe(
      weightedKappa([1, 4, 5], [2, 4, 5], [1, 2, 4, 5], 'quadratic'),
    );
  });

  it('is 1 for identical ratings that use at least two categories', () => {
    expect(weightedKappa([1, 3, 5], [1, 3, 5], [1, 2, 3, 4, 5], 'quadratic')).toBe(1);
  });

  it('is null with no pairs or when both raters used one and the same category', () => {
    expect(weightedKappa([], [], [1, 2, 3, 4, 5], 'quadratic')).toBeNull();
    expect(weightedKappa([2, 2], [2, 2], [1, 2, 3, 4, 5], 'linear')).toBeNull();
  });

  it('rejects unpaired input and values outside the categories', () => {
    expect(() => weightedKappa([1, 2], [1], [1, 2], 'none')).toThrow('got 2 and 1 values');
    expect(() => weightedKappa([1, 6], [1, 2], [1, 2, 3, 4, 5], 'none')).toThrow(
      'Rating 6 is not one of the categories',
    );
  });
});
