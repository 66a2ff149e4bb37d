/**
 * Two values of one rubric dimension set against each other, as the dimension's kind compares them
 * (DimensionKindSpec.comparison): ordered kinds by their distance in steps of the scale, unordered kinds
 * (binary, nominal) only as the same category or not. Quality control's repeats and calibration use these,
 * so an error type's category numbers are never read as distances.
 */
import type { KappaWeights } from '../stats/weightedKappa';
import { assertNever } from './assert-never';
import { DIMENSION_KIND_SPECS, type DimensionKind } from './dimension-kinds';

/**
 * How far apart two values are in steps of `scale` (the dimension's points, in order): 0 to 2 on a
 * 0 / 2 / 5 scale for 0 against 5. Null for a kind compared as categories, which has no distance.
 */
export function stepsApart(kind: DimensionKind, scale: readonly number[], a: number, b: number): number | null {
  const comparison = DIMENSION_KIND_SPECS[kind].comparison;
  switch (comparison.by) {
    case 'scale steps': {
      const step = (value: number) => {
        const index = scale.indexOf(value);
        if (index < 0) throw new RangeError(`${value} is not on the scale (${scale.join(', ')})`);
        return index;
      };
      return Math.abs(step(a) - step(b));
    }
    case 'any difference':
      return null;
    default:
      return assertNever(comparison, 'value comparison');
  }
}

/**
 * The weights of Cohen's κ between two showings of one dimension: quadratic over the steps of an ordered
 * scale, none (plain κ, every disagreement counts the same) over categories.
 */
export function kappaWeightsOf(kind: DimensionKind): KappaWeights {
  const comparison = DIMENSION_KIND_SPECS[kind].comparison;
  switch (comparison.by) {
    case 'scale steps':
      return 'quadratic';
    case 'any difference':
      return 'none';
    default:
      return assertNever(comparison, 'value comparison');
  }
}
