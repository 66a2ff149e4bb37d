import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findDisputes,
  judgeUnits,
  resolveThresholds,
  type MergedJudgement,
} from '../../../shared/adjudication/disagreement';
import { preference, rating } from './judgements';
import { MEDISUMQA_RUBRIC, type RubricDimension } from '../../../shared/rubric';

/** The fixture's judgements name a preference's outcome `choice` (a rating's is null). */
type FixtureJudgement = Omit<MergedJudgement, 'outputBId' | 'choices'> & { choice: string | null };

interface Reference {
  dimensions: RubricDimension[];
  judgements: MergedJudgement[];
  defaultThresholds: unknown[];
  wideThresholds: unknown[];
}

const fromFixture = ({ choice, ...rest }: FixtureJudgement): MergedJudgement => ({
  ...rest,
  outputBId: null,
  choices: choice === null ? {} : { preference: choice },
});

// Made by test/fixtures/adjudication/make_disputes_fixture.py (numpy draws, disputes worked out in Python).
const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/adjudication/disputes_reference.json'), 'utf8'),
) as Omit<Reference, 'judgements'> & { judgements: FixtureJudgement[] };
const reference: Reference = { ...fixture, judgements: fixture.judgements.map(fromFixture) };

const withoutFlag = (units: ReturnType<typeof findDisputes>) =>
  units.map(({ outputId, dimension, values }) => ({ outputId, dimension, values }));

describe('findDisputes on a three-rater study (240 rating and 120 preference outputs)', () => {
  it('equals the Python reference with the default thresholds (Likert 2 steps, ordinal 1, any difference otherwise)', () => {
    const disputes = findDisputes(reference.dimensions, reference.judgements);
    expect(disputes.length).toBe(reference.defaultThresholds.length);
    expect(withoutFlag(disputes)).toEqual(reference.defaultThresholds);
  });

  it('equals the Python reference with Likert 3 and ordinal 2', () => {
    const disputes = findDisputes(reference.dimensions, reference.judgements, { likert: 3, ordinal: 2 });
    expect(withoutFlag(disputes)).toEqual(reference.wideThresholds);
  });

  it('judges every unit once and never the confidence dimension', () => {
    const units = judgeUnits(reference.dimensions, reference.judgements);
    expect(units.some((u) => u.dimension === 'confidence')).toBe(false);
    expect(new Set(units.map((u) => `${u.outputId}/${u.dimension}`)).size).toBe(units.length);
    // 240 outputs × 6 always-given dimensions, harm extent where someone gave it, 120 preferences.
    const harmUnits = units.filter((u) => u.dimension === 'harm_extent').length;
    expect(units.length).toBe(240 * 6 + harmUnits + 120);
  });
});

describe('the rule of each kind', () => {
  const dims = MEDISUMQA_RUBRIC.dimensions;

  it('disputes Likert values two steps apart, not one', () => {
    const units = judgeUnits(dims, [
      rating(1, 1, { factuality: 3, brevity: 2 }),
      rating(1, 2, { factuality: 4, brevity: 4 }),
    ]);
    expect(units.map((u) => [u.dimension, u.disputed])).toEqual([
      ['factuality', false],
      ['brevity', true],
    ]);
  });

  it('disputes any difference on binary safety', () => {
    const [unit] = judgeUnits(dims, [
      rating(1, 1, { safety: 0 }),
      rating(1, 2, { safety: 1 }),
      rating(1, 3, { safety: 1 }),
    ]);
    expect(unit).toMatchObject({ dimension: 'safety', disputed: true });
  });

  it('measures an ordinal scale in steps, not in its values', () => {
    const harm: RubricDimension = {
      key: 'harm',
      label: 'Harm',
      description: '',
      kind: 'ordinal',
      scale: [0, 2, 5].map((value, i) => ({ value, label: `p${value}`, anchor: '', key: String(i + 1) })),
    };
    const twoOneStep = [rating(1, 1, { harm: 2 }), rating(1, 2, { harm: 5 })];
    expect(judgeUnits([harm], twoOneStep, { ordinal: 2 })[0]!.disputed).toBe(false);
    expect(judgeUnits([harm], twoOneStep)[0]!.disputed).toBe(true);
  });

  it('disputes a preference split, a tie against a choice included, and not agreement', () => {
    const units = judgeUnits(dims, [
      preference(5, 1, 'model'),
      preference(5, 2, 'tie'),
      preference(6, 1, 'reference'),
      preference(6, 2, 'reference'),
    ]);
    expect(units.map((u) => [u.outputId, u.dimension, u.disputed])).toEqual([
      [5, 'preference', true],
      [6, 'preference', false],
    ]);
  });

  it('leaves a unit one rater answered undisputed', () => {
    expect(judgeUnits(dims, [rating(1, 1, { safety: 0 })])[0]!.disputed).toBe(false);
  });

  it('lists the raters by id, whatever order their packages were merged in', () => {
    const [unit] = judgeUnits(dims, [rating(1, 9, { safety: 0 }), rating(1, 2, { safety: 1 })]);
    expect(unit!.values).toEqual([
      { raterId: 2, value: 1 },
      { raterId: 9, value: 0 },
    ]);
  });

  it('refuses one rater answering a unit twice (a hidden repeat must be dropped before)', () => {
    expect(() => judgeUnits(dims, [rating(1, 1, { safety: 0 }), rating(1, 1, { safety: 1 })])).toThrow(
      'rater 1 answers output 1 (safety) twice',
    );
  });
});

describe('resolveThresholds', () => {
  it('keeps each ordered kind default unless chosen', () => {
    expect(resolveThresholds({})).toEqual({ likert: 2, ordinal: 1, binary: null, nominal: null });
    expect(resolveThresholds({ likert: 3 })).toMatchObject({ likert: 3, ordinal: 1 });
  });

  it('refuses a threshold on a kind that disputes any difference, and one below a step', () => {
    expect(() => resolveThresholds({ binary: 1 })).toThrow('binary dimensions dispute on any difference');
    expect(() => resolveThresholds({ likert: 0 })).toThrow('a likert threshold is a whole number of scale steps');
    expect(() => resolveThresholds({ ordinal: 1.5 })).toThrow('(not 1.5)');
  });
});
