/**
 * The PDSQI-9 and QUEST-organised presets as the rubric schema and the conditions read them: each passes the
 * schema unchanged and is offered by its id; PDSQI-9 asks Synthesized only when the summary needed
 * abstraction (the instrument's "NA = no need for abstraction"); QUEST's dimensions carry their principle in
 * the label, in QUEST's order. What each item rests on is checked against docs/rubrics.md in
 * test/unit/docs/rubrics-doc.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PDSQI_9_RUBRIC } from '../../../shared/presets/pdsqi-9';
import { QUEST_PRINCIPLES, QUEST_RUBRIC } from '../../../shared/presets/quest';
import { parseRubric, RUBRIC_PRESETS } from '../../../shared/rubric';
import { conditionProblem, shownDimensions } from '../../../shared/rubric-conditions';

const keysOf = (dimensions: { key: string }[]) => dimensions.map((d) => d.key);

describe.each([PDSQI_9_RUBRIC, QUEST_RUBRIC])('the $id preset', (preset) => {
  it('passes the rubric schema unchanged and is offered by its id', () => {
    expect(parseRubric(preset)).toEqual(preset);
    expect(RUBRIC_PRESETS[preset.id]).toBe(preset);
  });

  it('cites its source, DOI included', () => {
    expect(preset.source).toMatch(/doi:10\.\d{4,}\/\S+/);
  });
});

describe('the PDSQI-9 preset', () => {
  const graded = {
    citation: 5,
    accurate: 5,
    thorough: 4,
    useful: 4,
    organized: 3,
    comprehensible: 4,
    succinct: 5,
    stigmatizing_language: 0,
  };

  it('has the instrument’s nine attributes, Synthesized behind its abstraction question', () => {
    expect(keysOf(PDSQI_9_RUBRIC.dimensions)).toEqual([
      'citation',
      'accurate',
      'thorough',
      'useful',
      'organized',
      'comprehensible',
      'succinct',
      'abstraction_needed',
      'synthesized',
      'stigmatizing_language',
    ]);
    for (const key of ['abstraction_needed', 'stigmatizing_language'])
      expect(PDSQI_9_RUBRIC.dimensions.find((d) => d.key === key)!.scale.map((p) => [p.value, p.label])).toEqual([
        [0, 'No'],
        [1, 'Yes'],
      ]);
    for (const dimension of PDSQI_9_RUBRIC.dimensions.filter((d) => d.kind === 'likert'))
      expect(
        dimension.scale.map((p) => p.value),
        dimension.key,
      ).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows Synthesized only once abstraction is needed, and holds the rating to that', () => {
    expect(keysOf(shownDimensions(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 0 }))).not.toContain('synthesized');
    expect(keysOf(shownDimensions(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 1 }))).toContain('synthesized');
    expect(conditionProblem(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 0 }, '')).toBeNull();
    expect(conditionProblem(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 1 }, '')).toBe(
      'Synthesized is not rated, and is required when abstraction needed is Yes',
    );
    expect(conditionProblem(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 0, synthesized: 3 }, '')).toBe(
      'Synthesized is rated, but its condition does not hold',
    );
    expect(conditionProblem(PDSQI_9_RUBRIC, { ...graded, abstraction_needed: 1, synthesized: 3 }, '')).toBeNull();
  });
});

describe('the QUEST-organised preset', () => {
  it('names the principle of every dimension in its label, in QUEST’s order of principles', () => {
    const principleOf = (label: string) => QUEST_PRINCIPLES.findIndex((p) => label.startsWith(`${p}: `));
    const positions = QUEST_RUBRIC.dimensions.map((d) => principleOf(d.label));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(QUEST_RUBRIC.dimensions.map((d) => d.label)).toEqual([
      'Quality of information: Relevance',
      'Expression style and persona: Empathy',
      'Safety and harm: Bias',
      'Safety and harm: Harm',
    ]);
  });
});
