/**
 * CorrelationVariables: each model's outputs with a mean rating on a dimension, and one array per variable on
 * the same outputs, so that its ranks are computed once.
 */
import { describe, expect, it } from 'vitest';
import { ALL_MODELS, CorrelationVariables, variableName } from '../../../shared/analysis/correlations';
import { ratedOutputs } from '../../../shared/analysis/outputs';
import { tidyRow, type TidyRatingRow } from '../../../shared/analysis/tidy';

/** One rating of `dimension` with the output's scores. */
function rating(itemId: string, model: string, dimension: string, value: number, scores: Record<string, number>) {
  const fields = { rater: 'r1', itemId, model, bin: null, durationMs: null, ratedAt: '', scores, qc: null };
  return tidyRow(fields, { task: 'rating', dimension, value });
}

// Item c of model a has no bertscore; item d of model b has no brevity rating.
const rows: TidyRatingRow[] = [
  rating('a', 'm1', 'brevity', 4, { rougeL: 0.1, bertscore: 0.5 }),
  rating('b', 'm1', 'brevity', 2, { rougeL: 0.3, bertscore: 0.6 }),
  rating('c', 'm1', 'brevity', 5, { rougeL: 0.2 }),
  rating('d', 'm2', 'factuality', 3, { rougeL: 0.4, bertscore: 0.7 }),
  rating('a', 'm1', 'factuality', 1, { rougeL: 0.1, bertscore: 0.5 }),
];

describe('CorrelationVariables.pairs', () => {
  it('gives the outputs of a model with a mean on the dimension and every metric asked for, in output order', () => {
    const variables = new CorrelationVariables(ratedOutputs(rows));
    expect(variables.pairs('m1', 'brevity', ['rougeL'])).toEqual({
      units: ['1:am1', '1:bm1', '1:cm1'],
      scores: [[0.1, 0.3, 0.2]],
      means: [4, 2, 5],
    });
    expect(variables.pairs('m1', 'brevity', ['rougeL', 'bertscore'])).toEqual({
      units: ['1:am1', '1:bm1'],
      scores: [
        [0.1, 0.3],
        [0.5, 0.6],
      ],
      means: [4, 2],
    });
    expect(variables.pairs(ALL_MODELS, 'factuality', ['rougeL'])).toEqual({
      units: ['1:am1', '1:dm2'],
      scores: [[0.1, 0.4]],
      means: [1, 3],
    });
  });

  it('gives the same arrays again for the same variables on the same outputs', () => {
    const variables = new CorrelationVariables(ratedOutputs(rows));
    const first = variables.pairs('m1', 'brevity', ['rougeL']);
    const again = variables.pairs('m1', 'brevity', ['rougeL']);
    expect(again.units).toBe(first.units);
    expect(again.scores[0]).toBe(first.scores[0]);
    expect(again.means).toBe(first.means);
  });
});

describe('CorrelationVariables.same and sameUnitsAs', () => {
  const rougeOnModelA = variableName('metric', 'rougeL', 'model-a');

  it('gives the array made first for the same variable on the same outputs, and makes others apart', () => {
    const variables = new CorrelationVariables([]);
    const first = variables.same(rougeOnModelA, ['1:xa', '1:ya'], () => [0.2, 0.4]);
    expect(variables.same(rougeOnModelA, ['1:xa', '1:ya'], () => [0.2, 0.4])).toBe(first);
    const fewer = [0.2];
    expect(variables.same(rougeOnModelA, ['1:xa'], () => fewer)).toBe(fewer);
    const dimension = [0.2, 0.4];
    expect(variables.same(variableName('dimension', 'rougeL', 'model-a'), ['1:xa', '1:ya'], () => dimension)).toBe(
      dimension,
    );
  });

  it('gives the first list of units again for an equal list, and keeps other lists apart', () => {
    const variables = new CorrelationVariables([]);
    const first = variables.sameUnitsAs(['1:xa', '1:ya', '1:za']);
    expect(variables.sameUnitsAs(['1:xa', '1:ya', '1:za'])).toBe(first);
    // The same length and ends, another output between them.
    const other = ['1:xa', '1:wa', '1:za'];
    expect(variables.sameUnitsAs(other)).toBe(other);
    expect(variables.sameUnitsAs(['1:xa', '1:wa', '1:za'])).toBe(other);
  });
});
