import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import {
  beatProbability,
  bradleyTerry,
  bradleyTerryBootstrap,
  bradleyTerryIntervalsOfResamples,
  resamplesOf,
  type PairwiseJudgement,
} from '../../../shared/stats';

interface ReferenceCase {
  name: string;
  models: number;
  units: number;
  /** [unit, model at A, model at B, A's score] */
  judgements: Array<[number, number, number, 0 | 0.5 | 1]>;
  logStrengths: Array<number | null>;
  components: Array<{ models: number[]; estimable: boolean }>;
  bootstrap?: {
    resampleCounts: number[];
    logStrength: Array<[number, number] | null>;
    beats: Array<[number, number] | null>;
  };
}

/** Hunter's MM and a Chatbot-Arena-style logistic regression (agreeing to 1e-6), by make_bradley_terry_fixtures.py. */
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/bradley_terry_reference.json', import.meta.url), 'utf8'),
) as { cases: ReferenceCase[] };

const judgementsOf = (fixture: ReferenceCase): PairwiseJudgement[] =>
  fixture.judgements.map(([unit, a, b, scoreA]) => ({ unit, a, b, scoreA }));

const caseNamed = (name: string): ReferenceCase => reference.cases.find((fixture) => fixture.name === name)!;

describe('bradleyTerry', () => {
  for (const fixture of reference.cases) {
    it(`matches the MM and logistic-regression references: ${fixture.name}`, () => {
      const fit = bradleyTerry(fixture.models, judgementsOf(fixture));
      expect(fit.components).toEqual(fixture.components);
      fit.logStrengths.forEach((value, model) => {
        const expected = fixture.logStrengths[model];
        if (expected === null) expect(value).toBeNull();
        else expect(value).toBeCloseTo(expected!, 9);
      });
    });
  }

  it('centres log-strengths to sum zero within each component of a disconnected design', () => {
    const fit = bradleyTerry(5, judgementsOf(caseNamed('disconnected design')));
    const sum = (models: number[]) => models.reduce((total, model) => total + fit.logStrengths[model]!, 0);
    expect(sum([0, 1, 2])).toBeCloseTo(0, 12);
    expect(sum([3, 4])).toBeCloseTo(0, 12);
    expect(beatProbability(fit, 0, 3)).toBeNull();
    expect(beatProbability(fit, 3, 4)).toBeCloseTo(1 / (1 + Math.exp(-2 * fit.logStrengths[3]!)), 12);
  });

  it('gives no strengths when a model won every comparison, instead of a huge number', () => {
    const fit = bradleyTerry(4, judgementsOf(caseNamed('one model always wins')));
    expect(fit.components).toEqual([{ models: [0, 1, 2, 3], estimable: false }]);
    expect(fit.logStrengths).toEqual([null, null, null, null]);
  });

  it('counts a tie as half a win for each side: two models that only tie are equally strong', () => {
    const ties: PairwiseJudgement[] = [0, 1, 2].map((unit) => ({ unit, a: unit % 2, b: 1 - (unit % 2), scoreA: 0.5 }));
    expect(bradleyTerry(2, ties).logStrengths).toEqual([0, 0]);
    // One win each way plus a tie: 1.5 against 1.5.
    const mixed: PairwiseJudgement[] = [
      { unit: 0, a: 0, b: 1, scoreA: 1 },
      { unit: 1, a: 0, b: 1, scoreA: 0 },
      { unit: 2, a: 1, b: 0, scoreA: 1 },
    ];
    const fit = bradleyTerry(2, mixed);
    expect(fit.logStrengths[0]).toBeCloseTo(-Math.log(2) / 2, 10);
  });

  it('leaves a model never compared out of every scale', () => {
    const fit = bradleyTerry(3, [
      { unit: 0, a: 0, b: 1, scoreA: 1 },
      { unit: 1, a: 1, b: 0, scoreA: 1 },
    ]);
    expect(fit.logStrengths).toEqual([0, 0, null]);
    expect(fit.components).toEqual([
      { models: [0, 1], estimable: true },
      { models: [2], estimable: false },
    ]);
  });

  it('refuses a judgement of a model against itself or outside the model list', () => {
    expect(() => bradleyTerry(3, [{ unit: 0, a: 1, b: 1, scoreA: 1 }])).toThrow('two different models of 3');
    expect(() => bradleyTerry(3, [{ unit: 0, a: 0, b: 3, scoreA: 1 }])).toThrow('two different models of 3');
  });
});

describe('bradleyTerryIntervalsOfResamples', () => {
  for (const fixture of reference.cases.filter((candidate) => candidate.bootstrap)) {
    it(`reproduces the reference percentile intervals on the same resamples: ${fixture.name}`, () => {
      const { resampleCounts, logStrength, beats } = fixture.bootstrap!;
      const intervals = bradleyTerryIntervalsOfResamples(
        fixture.models,
        fixture.units,
        judgementsOf(fixture),
        Int32Array.from(resampleCounts),
      );
      const expectClose = (actual: [number, number] | null, expected: [number, number] | null) => {
        if (expected === null) return expect(actual).toBeNull();
        expect(actual![0]).toBeCloseTo(expected[0], 8);
        expect(actual![1]).toBeCloseTo(expected[1], 8);
      };
      logStrength.forEach((expected, model) => expectClose(intervals.logStrength[model]!, expected));
      beats.forEach((expected, pair) => expectClose(intervals.beats[pair]!, expected));
    });
  }

  it('bradleyTerryBootstrap draws its resamples as resamplesOf does, so a seed gives the same interval', () => {
    const fixture = caseNamed('seven models');
    const judgements = judgementsOf(fixture);
    const drawn = bradleyTerryBootstrap(7, fixture.units, judgements, { resamples: 100, prng: createPrng(9) });
    const replayed = bradleyTerryIntervalsOfResamples(
      7,
      fixture.units,
      judgements,
      resamplesOf(fixture.units, 100, createPrng(9)),
    );
    expect(drawn).toEqual(replayed);
    expect(drawn.logStrength.every((interval) => interval !== null && interval[0] < interval[1])).toBe(true);
  });
});
