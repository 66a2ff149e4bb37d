/**
 * A rubric's pairwise aspects (`pairwise.aspects`): which dimensions a rubric file may list, and how one
 * pairwise answer's aspect choices are judged (shared/kinds/pairwise.ts: the session's save and the merge).
 */
import { describe, expect, it } from 'vitest';
import { parseRubricFile } from '../../../electron/services/rubric-file';
import { pairwiseAspectChoicesProblem, pairwiseAspects } from '../../../shared/kinds/pairwise';
import { MEDISUMQA_RUBRIC, parseRubric, type Rubric } from '../../../shared/rubric';

const withAspects = (aspects: string[], rubric: Rubric = MEDISUMQA_RUBRIC): Rubric => ({
  ...rubric,
  pairwise: { aspects },
});
const fileOf = (rubric: unknown) => new TextEncoder().encode(JSON.stringify(rubric));

describe('a rubric file with pairwise aspects', () => {
  it('lists rubric dimensions to choose A, B or tie on, kept in the order given', () => {
    const rubric = parseRubricFile('aspects.json', fileOf(withAspects(['relevance', 'factuality'])));
    expect(rubric.pairwise).toEqual({ aspects: ['relevance', 'factuality'] });
    expect(pairwiseAspects(rubric).map((d) => d.label)).toEqual(['Relevance', 'Factuality']);
  });

  it('asks none when absent, and the file may not give an empty list', () => {
    expect(pairwiseAspects(parseRubric(MEDISUMQA_RUBRIC))).toEqual([]);
    expect(() => parseRubricFile('aspects.json', fileOf(withAspects([])))).toThrow(
      'aspects.json: Invalid rubric at pairwise.aspects:',
    );
  });

  it.each([
    [['factuality', 'novelty'], 'the pairwise aspect "novelty" is not a dimension of the rubric'],
    [['factuality', 'factuality'], 'the pairwise aspect "factuality" is listed twice'],
    [['Factuality'], 'dimension keys are lower-case identifiers'],
  ])('refuses %j, naming the file and the field', (aspects, problem) => {
    expect(() => parseRubricFile('aspects.json', fileOf(withAspects(aspects)))).toThrow(
      `aspects.json: Invalid rubric at pairwise.aspects`,
    );
    expect(() => parseRubricFile('aspects.json', fileOf(withAspects(aspects)))).toThrow(problem);
  });

  it('refuses the rater’s confidence and a dimension named like the overall choice', () => {
    const confidence = {
      key: 'confidence',
      label: 'Confidence',
      description: '',
      kind: 'likert' as const,
      role: 'confidence' as const,
      scale: [1, 2, 3].map((v) => ({ value: v, label: String(v), anchor: '', key: String(v) })),
    };
    const withConfidence = { ...MEDISUMQA_RUBRIC, dimensions: [...MEDISUMQA_RUBRIC.dimensions, confidence] };
    expect(() => parseRubric(withAspects(['confidence'], withConfidence))).toThrow(
      'the pairwise aspect "confidence" is the rater\'s confidence, not a judgement of the answers',
    );
    const named = { ...confidence, key: 'pairwise', label: 'Pairwise', role: undefined };
    expect(() =>
      parseRubric(
        withAspects(['pairwise'], { ...MEDISUMQA_RUBRIC, dimensions: [...MEDISUMQA_RUBRIC.dimensions, named] }),
      ),
    ).toThrow('"pairwise" cannot be a pairwise aspect: the tidy rows of the overall choice carry that name');
  });
});

describe('the aspect choices of one pairwise answer', () => {
  const rubric = withAspects(['factuality', 'brevity']);

  it('are complete with A, B or a tie on every aspect', () => {
    expect(pairwiseAspectChoicesProblem(rubric, { factuality: 'A', brevity: 'T' })).toBeNull();
    expect(pairwiseAspectChoicesProblem(MEDISUMQA_RUBRIC, {})).toBeNull();
  });

  it('name every problem of the answer in one phrase', () => {
    expect(pairwiseAspectChoicesProblem(rubric, { brevity: 'Q', safety: 'A' })).toBe(
      'it holds a choice on "safety", which the rubric does not ask pairwise; no choice on Factuality; Brevity: the choice "Q" is not A, B or tie',
    );
    expect(pairwiseAspectChoicesProblem(MEDISUMQA_RUBRIC, { factuality: 'A' })).toBe(
      'it holds a choice on "factuality", which the rubric does not ask pairwise',
    );
  });

  it('refuse a tie on an aspect where the study allows none', () => {
    const noTies = { ...rubric, preference: { allowTie: false } };
    expect(pairwiseAspectChoicesProblem(noTies, { factuality: 'T', brevity: 'B' })).toBe(
      'Factuality: a tie was chosen but this study does not allow ties',
    );
    expect(pairwiseAspectChoicesProblem(noTies, { factuality: 'X', brevity: 'B' })).toBe(
      'Factuality: the choice "X" is not A, B',
    );
  });
});
