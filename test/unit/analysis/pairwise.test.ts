import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzePairwise, PAIRWISE_DIMENSION, type PairwiseJudgementRow } from '../../../shared/analysis/pairwise';
import { UnitBootstrap, type BootstrapSettings } from '../../../shared/analysis/resampling';
import { wilsonInterval } from '../../../shared/stats';

/** The Bradley–Terry references of test/fixtures/stats/make_bradley_terry_fixtures.py. */
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/bradley_terry_reference.json', import.meta.url), 'utf8'),
) as {
  cases: Array<{
    name: string;
    judgements: Array<[number, number, number, 0 | 0.5 | 1]>;
    logStrengths: Array<number | null>;
  }>;
};

/** The pairwise summaries with their intervals filled in, in this thread. */
function pairwiseSummaries(rows: ReadonlyArray<PairwiseJudgementRow>, settings: BootstrapSettings) {
  const bootstrap = new UnitBootstrap(settings);
  const result = analyzePairwise(rows, bootstrap);
  bootstrap.completeHere();
  return result;
}

const MODELS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];

/** A reference case's judgements as tidy rows: unit u is item i00u, rated by r1 (even units) or r2 (odd). */
function rowsOf(caseName: string, bin: (unit: number) => number | null = () => 1): PairwiseJudgementRow[] {
  const fixture = reference.cases.find((candidate) => candidate.name === caseName)!;
  return fixture.judgements.map(([unit, a, b, scoreA]) => ({
    rater: unit % 2 === 0 ? 'r1' : 'r2',
    itemId: `i${String(unit).padStart(3, '0')}`,
    bin: bin(unit),
    dimension: PAIRWISE_DIMENSION,
    modelA: MODELS[a]!,
    modelB: MODELS[b]!,
    value: scoreA === 0.5 ? 'tie' : scoreA === 1 ? MODELS[a]! : MODELS[b]!,
    bothUnacceptable: false,
  }));
}

const judgement = (
  rater: string,
  itemId: string,
  modelA: string,
  modelB: string,
  value: string,
  extra: Partial<PairwiseJudgementRow> = {},
): PairwiseJudgementRow => ({
  rater,
  itemId,
  bin: 1,
  dimension: PAIRWISE_DIMENSION,
  modelA,
  modelB,
  value,
  bothUnacceptable: false,
  ...extra,
});

describe('analyzePairwise', () => {
  it('reports the reference Bradley–Terry strengths by model name, summing to zero, with bootstrap intervals', () => {
    const fixture = reference.cases.find((candidate) => candidate.name === 'seven models')!;
    const [overall] = pairwiseSummaries(rowsOf('seven models'), { bootstrap: 200, seed: 7 });
    expect(overall!.bradleyTerry.map((strength) => strength.model)).toEqual(MODELS);
    overall!.bradleyTerry.forEach((strength, i) => {
      expect(strength.logStrength).toBeCloseTo(fixture.logStrengths[i]!, 9);
      expect(strength.low!).toBeLessThan(strength.logStrength!);
      expect(strength.high!).toBeGreaterThan(strength.logStrength!);
    });
    expect(overall!.bradleyTerry.reduce((sum, strength) => sum + strength.logStrength!, 0)).toBeCloseTo(0, 12);
    // The same seed gives the same intervals; another seed other ones.
    expect(pairwiseSummaries(rowsOf('seven models'), { bootstrap: 200, seed: 7 })[0]).toEqual(overall);
    expect(pairwiseSummaries(rowsOf('seven models'), { bootstrap: 200, seed: 8 })[0]!.bradleyTerry).not.toEqual(
      overall!.bradleyTerry,
    );
  });

  it('says "not estimable" (null strengths) when one model wins every comparison', () => {
    const [overall] = pairwiseSummaries(rowsOf('one model always wins'), { bootstrap: 50, seed: 1 });
    expect(overall!.components).toEqual([{ models: MODELS.slice(0, 4), estimable: false }]);
    expect(overall!.bradleyTerry.map((strength) => [strength.logStrength, strength.low, strength.high])).toEqual(
      MODELS.slice(0, 4).map(() => [null, null, null]),
    );
    expect(overall!.pairs.every((pair) => pair.beats === null && pair.beatsCi95 === null)).toBe(true);
  });

  it('reports a disconnected design per component, with no beat probability across components', () => {
    const [overall] = pairwiseSummaries(rowsOf('disconnected design'), { bootstrap: 0, seed: 1 });
    expect(overall!.components).toEqual([
      { models: ['alpha', 'bravo', 'charlie'], estimable: true },
      { models: ['delta', 'echo'], estimable: true },
    ]);
    expect(overall!.bradleyTerry.map((strength) => strength.component)).toEqual([0, 0, 0, 1, 1]);
    expect(overall!.pairs.map((pair) => `${pair.model}-${pair.opponent}`)).toEqual([
      'alpha-bravo',
      'alpha-charlie',
      'bravo-charlie',
      'delta-echo',
    ]);
  });

  it('counts wins, ties and losses of each pair whichever side showed it, with Wilson intervals on decisive ones', () => {
    const rows = [
      judgement('r1', 'i1', 'alpha', 'bravo', 'alpha'),
      judgement('r1', 'i2', 'bravo', 'alpha', 'alpha'),
      judgement('r2', 'i1', 'bravo', 'alpha', 'bravo'),
      judgement('r2', 'i2', 'alpha', 'bravo', 'tie', { bothUnacceptable: true }),
    ];
    const [overall] = pairwiseSummaries(rows, { bootstrap: 0, seed: 1 });
    expect(overall!.pairs).toEqual([
      {
        model: 'alpha',
        opponent: 'bravo',
        wins: 2,
        ties: 1,
        losses: 1,
        winRate: 2 / 3,
        winRateCi95: wilsonInterval(2, 3),
        beats: expect.closeTo(2.5 / 4, 12) as number,
        beatsCi95: null,
      },
    ]);
    expect(overall!.bothUnacceptable).toEqual(
      ['alpha', 'bravo'].map((model) => ({
        model,
        judgements: 4,
        marked: 1,
        share: 0.25,
        shareCi95: wilsonInterval(1, 4),
      })),
    );
    // A was preferred in 2 of the 3 decisive judgements.
    expect(overall!.positionBias).toMatchObject({ chosenA: 2, decisive: 3, share: 2 / 3 });
    expect(overall!.positionBias.pValue).toBeCloseTo(1, 12);
  });

  it('tests position bias with the exact binomial test', () => {
    const rows = Array.from({ length: 12 }, (_, k) =>
      judgement(
        'r1',
        `i${k}`,
        k % 2 ? 'alpha' : 'bravo',
        k % 2 ? 'bravo' : 'alpha',
        k < 10 ? (k % 2 ? 'alpha' : 'bravo') : 'tie',
      ),
    );
    const [overall] = pairwiseSummaries(rows, { bootstrap: 0, seed: 1 });
    // scipy.stats.binomtest(10, 10).pvalue = 2 · 0.5¹⁰
    expect(overall!.positionBias).toEqual({ chosenA: 10, decisive: 10, share: 1, pValue: 2 / 1024 });
  });

  it('finds the circular triads of each rater, from their majority on each pair', () => {
    const rows = [
      // r1 goes round: alpha over bravo, bravo over charlie, charlie over alpha.
      judgement('r1', 'i1', 'alpha', 'bravo', 'alpha'),
      judgement('r1', 'i2', 'bravo', 'charlie', 'bravo'),
      judgement('r1', 'i3', 'charlie', 'alpha', 'charlie'),
      // r2 is transitive: alpha over bravo over charlie, alpha over charlie (after a split 2:1 majority).
      judgement('r2', 'i1', 'alpha', 'bravo', 'alpha'),
      judgement('r2', 'i2', 'bravo', 'charlie', 'bravo'),
      judgement('r2', 'i3', 'charlie', 'alpha', 'alpha'),
      judgement('r2', 'i4', 'charlie', 'alpha', 'alpha'),
      judgement('r2', 'i5', 'alpha', 'charlie', 'charlie'),
      // r3 tied alpha and bravo: no decided triad.
      judgement('r3', 'i1', 'alpha', 'bravo', 'tie'),
      judgement('r3', 'i2', 'bravo', 'charlie', 'bravo'),
      judgement('r3', 'i3', 'charlie', 'alpha', 'alpha'),
    ];
    const [overall] = pairwiseSummaries(rows, { bootstrap: 0, seed: 1 });
    expect(overall!.circularTriads).toEqual([
      { rater: 'r1', triads: 1, circular: 1, share: 1 },
      { rater: 'r2', triads: 1, circular: 0, share: 0 },
      { rater: 'r3', triads: 0, circular: 0, share: null },
    ]);
  });

  it('measures agreement on the same pair of the same item, whichever side each rater saw a model on', () => {
    const rows = ['i1', 'i2', 'i3', 'i4'].flatMap((itemId, k) => {
      const value = ['alpha', 'bravo', 'tie', 'alpha'][k]!;
      return [judgement('r1', itemId, 'alpha', 'bravo', value), judgement('r2', itemId, 'bravo', 'alpha', value)];
    });
    const agreed = pairwiseSummaries(rows, { bootstrap: 0, seed: 1 })[0]!.agreement;
    expect(agreed).toEqual({ units: 4, alphaNominal: 1, ac1: 1 });
    const disagreeing = rows.map((row, k) => (k === 1 ? { ...row, value: 'bravo' } : row));
    const { alphaNominal, ac1 } = pairwiseSummaries(disagreeing, { bootstrap: 0, seed: 1 })[0]!.agreement;
    expect(alphaNominal!).toBeLessThan(1);
    expect(ac1!).toBeLessThan(1);
  });

  it('summarises each dimension overall and per bin, the overall choice first', () => {
    const rows = rowsOf('seven models', (unit) => (unit % 3) + 1).flatMap((row) => [
      { ...row, dimension: 'safety' },
      row,
    ]);
    const summaries = pairwiseSummaries(rows, { bootstrap: 0, seed: 1 });
    expect(summaries.map(({ dimension, bin }) => [dimension, bin])).toEqual([
      ['pairwise', null],
      ['pairwise', 1],
      ['pairwise', 2],
      ['pairwise', 3],
      ['safety', null],
      ['safety', 1],
      ['safety', 2],
      ['safety', 3],
    ]);
    expect(summaries.slice(1, 4).reduce((sum, summary) => sum + summary.judgements, 0)).toBe(summaries[0]!.judgements);
  });

  it('refuses a preferred model that is neither of the pair', () => {
    expect(() =>
      pairwiseSummaries([judgement('r1', 'i1', 'alpha', 'bravo', 'charlie')], { bootstrap: 0, seed: 1 }),
    ).toThrow('A pairwise judgement of alpha against bravo prefers "charlie", neither model nor tie');
  });
});
