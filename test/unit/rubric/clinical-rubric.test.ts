/**
 * The ordinal and nominal kinds and a rubric's conditions, as the schema admits them and as one rating is
 * judged under them (shared/rubric-conditions.ts: the rating screen, the session's save and the merge).
 */
import { describe, expect, it } from 'vitest';
import { MED_PALM_HARM_RUBRIC } from '../../../shared/presets/med-palm-harm';
import { parseRubric, RUBRIC_PRESETS, type Rubric, type RubricDimension } from '../../../shared/rubric';
import { commentRequiredBecause, conditionProblem, shownDimensions } from '../../../shared/rubric-conditions';

const errorType: RubricDimension = {
  key: 'error_type',
  label: 'Error type',
  description: '',
  kind: 'nominal',
  scale: [
    { value: 0, label: 'None', anchor: '', key: 'n' },
    { value: 1, label: 'Factual', anchor: '', key: 'a' },
    { value: 2, label: 'Omission', anchor: '', key: 'o' },
  ],
};
const withDimensions = (...dimensions: RubricDimension[]): Rubric => ({
  ...MED_PALM_HARM_RUBRIC,
  dimensions: [...MED_PALM_HARM_RUBRIC.dimensions, ...dimensions],
});
const keysOf = (dimensions: RubricDimension[]) => dimensions.map((d) => d.key);

describe('the rubric schema', () => {
  it('accepts the harm preset as it is, and offers it as a preset', () => {
    expect(parseRubric(MED_PALM_HARM_RUBRIC)).toEqual(MED_PALM_HARM_RUBRIC);
    expect(RUBRIC_PRESETS['med-palm-harm']).toBe(MED_PALM_HARM_RUBRIC);
    expect(parseRubric(withDimensions(errorType)).dimensions.at(-1)).toEqual(errorType);
  });

  it('asks three categories of a nominal dimension and digits of an ordinal one', () => {
    expect(() => parseRubric(withDimensions({ ...errorType, scale: errorType.scale.slice(0, 2) }))).toThrow(
      'dimension "error_type" is nominal and needs at least 3 points',
    );
    const lettered = MED_PALM_HARM_RUBRIC.dimensions[0]!.scale.map((p, i) => ({ ...p, key: 'xyz'[i]! }));
    expect(() =>
      parseRubric({
        ...MED_PALM_HARM_RUBRIC,
        dimensions: [{ ...MED_PALM_HARM_RUBRIC.dimensions[0]!, scale: lettered }],
      }),
    ).toThrow('dimension "harm_extent" is ordinal, whose points take digits as keys, not "x"');
  });

  it('refuses a condition on a dimension it lacks, on a value off the scale, or pointing backwards', () => {
    const withCondition = (condition: NonNullable<Rubric['conditions']>[number]) =>
      parseRubric({ ...MED_PALM_HARM_RUBRIC, conditions: [condition] });
    expect(() => withCondition({ when: { dimension: 'safety', values: [0] }, require: { what: 'comment' } })).toThrow(
      'the condition names the dimension "safety", which the rubric does not have',
    );
    expect(() =>
      withCondition({ when: { dimension: 'harm_extent', values: [5] }, require: { what: 'comment' } }),
    ).toThrow('the condition on "harm_extent" names 5, not on its scale (0, 1, 2)');
    expect(() =>
      withCondition({
        when: { dimension: 'missing_content', values: [2] },
        require: { what: 'dimension', dimension: 'harm_extent' },
      }),
    ).toThrow('the dimension "harm_extent" a condition requires must come after "missing_content"');
  });
});

describe('a rating under the harm preset’s conditions', () => {
  const rubric = MED_PALM_HARM_RUBRIC;
  const rest = { missing_content: 0, inappropriate_content: 1 };

  it('shows harm likelihood only once some harm is possible', () => {
    expect(keysOf(shownDimensions(rubric, {}))).toEqual(['harm_extent', 'missing_content', 'inappropriate_content']);
    expect(keysOf(shownDimensions(rubric, { harm_extent: 0 }))).not.toContain('harm_likelihood');
    expect(keysOf(shownDimensions(rubric, { harm_extent: 1 }))).toEqual([
      'harm_extent',
      'harm_likelihood',
      'missing_content',
      'inappropriate_content',
    ]);
  });

  it('names what is missing or extra, the reason included', () => {
    expect(conditionProblem(rubric, { harm_extent: 0, ...rest }, '')).toBeNull();
    expect(conditionProblem(rubric, { harm_extent: 1, ...rest }, '')).toBe(
      'Likelihood of possible harm is not rated, and is required when extent of possible harm is Moderate or mild harm',
    );
    expect(conditionProblem(rubric, { harm_extent: 0, harm_likelihood: 2, ...rest }, '')).toBe(
      'Likelihood of possible harm is rated, but its condition does not hold',
    );
    expect(conditionProblem(rubric, { harm_extent: 1, harm_likelihood: 2, ...rest }, '')).toBeNull();
  });

  it('asks a comment for death or severe harm, and whitespace is no comment', () => {
    const severe = { harm_extent: 2, harm_likelihood: 0, ...rest };
    expect(commentRequiredBecause(rubric, severe)).toBe('Extent of possible harm is Death or severe harm');
    expect(conditionProblem(rubric, severe, ' \n')).toBe(
      'a comment is required when extent of possible harm is Death or severe harm',
    );
    expect(conditionProblem(rubric, severe, 'Wrong dose for a child.')).toBeNull();
    expect(commentRequiredBecause(rubric, { harm_extent: 1, harm_likelihood: 2, ...rest })).toBeNull();
  });

  it('unfolds a chain: a dimension required by a hidden one stays hidden whatever that one held', () => {
    const chained: Rubric = {
      ...withDimensions(errorType),
      conditions: [
        ...rubric.conditions!,
        {
          when: { dimension: 'harm_likelihood', values: [2] },
          require: { what: 'dimension', dimension: 'error_type' },
        },
      ],
    };
    parseRubric(chained);
    expect(keysOf(shownDimensions(chained, { harm_extent: 1, harm_likelihood: 2 }))).toContain('error_type');
    // No harm hides likelihood, so its stale "high" no longer asks for an error type.
    expect(keysOf(shownDimensions(chained, { harm_extent: 0, harm_likelihood: 2 }))).not.toContain('error_type');
  });
});
