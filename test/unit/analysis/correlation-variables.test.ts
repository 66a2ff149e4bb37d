/** CorrelationVariables: one array per variable on the same outputs, so that its ranks are computed once. */
import { describe, expect, it } from 'vitest';
import { CorrelationVariables, variableName } from '../../../shared/analysis/correlations';

describe('CorrelationVariables', () => {
  const rougeOnModelA = variableName('metric', 'rougeL', 'model-a');

  it('gives the first array again for the same variable on the same outputs', () => {
    const variables = new CorrelationVariables();
    const first = variables.same(rougeOnModelA, ['1:xa', '1:ya'], [0.2, 0.4]);
    expect(variables.same(rougeOnModelA, ['1:xa', '1:ya'], [0.2, 0.4])).toBe(first);
  });

  it('keeps the arrays of other outputs and other variables apart', () => {
    const variables = new CorrelationVariables();
    const first = variables.same(rougeOnModelA, ['1:xa', '1:ya'], [0.2, 0.4]);
    const fewer = [0.2];
    expect(variables.same(rougeOnModelA, ['1:xa'], fewer)).toBe(fewer);
    const other = [0.2, 0.4];
    expect(variables.same(rougeOnModelA, ['1:xa', '1:za'], other)).toBe(other);
    const dimension = [0.2, 0.4];
    expect(variables.same(variableName('dimension', 'rougeL', 'model-a'), ['1:xa', '1:ya'], dimension)).toBe(dimension);
    expect(dimension).not.toBe(first);
  });

  it('gives the first list of units again for an equal list, and keeps other lists apart', () => {
    const variables = new CorrelationVariables();
    const first = variables.sameUnitsAs(['1:xa', '1:ya', '1:za']);
    expect(variables.sameUnitsAs(['1:xa', '1:ya', '1:za'])).toBe(first);
    // The same length and ends, another output between them.
    const other = ['1:xa', '1:wa', '1:za'];
    expect(variables.sameUnitsAs(other)).toBe(other);
    expect(variables.sameUnitsAs(['1:xa', '1:wa', '1:za'])).toBe(other);
  });
});
