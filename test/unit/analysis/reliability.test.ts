import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, type TidyRatingRow } from '../../../shared/analysis';
import { gwetAgreement, intraclassCorrelations, wilsonInterval } from '../../../shared/stats';
import { iccReference } from '../stats/agreementFixtures';
import { ratingRow } from './fixtures';

const rating = (rater: string, itemId: string, dimension: string, value: number) =>
  ratingRow(rater, itemId, dimension, value);

/** The Shrout & Fleiss table as tidy rows: 6 outputs × 4 raters on one dimension. */
const shroutFleiss = iccReference.icc.find((c) => c.name === 'shrout-fleiss-1979')!.data;
const sfRows: TidyRatingRow[] = shroutFleiss.flatMap((values, output) =>
  values.map((value, rater) => rating(`r${rater + 1}`, `q${output + 1}`, 'score', value)),
);

describe('ICC in the analysis', () => {
  it('uses every rated output when all raters rated all of them', () => {
    const icc = analyzeTidyRatings(sfRows, { bootstrap: 0, seed: 1 }).agreement.score!.icc!;
    expect(icc).toMatchObject({ subset: 'all rated outputs', raters: ['r1', 'r2', 'r3', 'r4'], n: 6, k: 4 });
    expect(icc.absolute_single).toEqual(intraclassCorrelations(shroutFleiss)!.absolute_single);
  });

  it('uses the largest complete block in an incomplete design and says so', () => {
    // r4 rated only the first two outputs: the block r1–r3 × 6 outputs is larger than r1–r4 × 2.
    const incomplete = sfRows.filter((row) => row.rater !== 'r4' || ['q1', 'q2'].includes(row.itemId));
    const icc = analyzeTidyRatings(incomplete, { bootstrap: 0, seed: 1 }).agreement.score!.icc!;
    expect(icc).toMatchObject({ subset: 'largest complete block', raters: ['r1', 'r2', 'r3'], n: 6, k: 3 });
    const block = shroutFleiss.map((row) => row.slice(0, 3));
    expect(icc.consistency_single).toEqual(intraclassCorrelations(block)!.consistency_single);
  });

  it('takes every output a set of raters rated, also those a further rater rated too', () => {
    // 17 outputs rated by a and b, some of them by c too. Grouping outputs by their exact rater set left
    // the a–b block without the outputs c also rated (12 of 17 below); a block is every output its raters all
    // rated, and the one with the most ratings (outputs × raters) is used.
    const value = (i: number, r: number) => 1 + ((i * 7 + r * 3 + (i % 3)) % 5);
    const rows = Array.from({ length: 17 }, (_, i) => [
      rating('a', `q${i}`, 'score', value(i, 0)),
      rating('b', `q${i}`, 'score', value(i, 1)),
      ...(i < 12 ? [rating('c', `q${i}`, 'score', value(i, 2))] : []),
    ]).flat();
    const icc = analyzeTidyRatings(rows, { bootstrap: 0, seed: 1 }).agreement.score!.icc!;
    expect(icc).toMatchObject({ subset: 'largest complete block', raters: ['a', 'b', 'c'], n: 12, k: 3 });

    const fewerWithC = rows.filter((row) => row.rater !== 'c' || Number(row.itemId.slice(1)) < 5);
    const pair = analyzeTidyRatings(fewerWithC, { bootstrap: 0, seed: 1 }).agreement.score!.icc!;
    expect(pair).toMatchObject({ subset: 'largest complete block', raters: ['a', 'b'], n: 17, k: 2 });
    const table = Array.from({ length: 17 }, (_, i) => [value(i, 0), value(i, 1)]);
    expect(pair.consistency_single).toEqual(intraclassCorrelations(table)!.consistency_single);
  });

  it('is left out for binary dimensions', () => {
    const binary = ['a', 'b'].flatMap((rater) =>
      ['q1', 'q2', 'q3'].map((item, i) => rating(rater, item, 'safety', i % 2)),
    );
    expect(analyzeTidyRatings(binary, { bootstrap: 0, seed: 1 }).agreement.safety!.icc).toBeUndefined();
  });
});

describe('Gwet, α and κ intervals in the analysis', () => {
  const onFivePoints = shroutFleiss.flatMap((values, output) =>
    values.map((value, rater) => rating(`r${rater + 1}`, `q${output + 1}`, 'score', Math.min(5, Math.ceil(value / 2)))),
  );
  const result = analyzeTidyRatings(onFivePoints, { bootstrap: 400, seed: 3 });
  const agreement = result.agreement.score!;

  it('reports AC2 with quadratic weights over the Likert scale for a Likert dimension', () => {
    const matrix = ['r1', 'r2', 'r3', 'r4'].map((_, r) =>
      shroutFleiss.map((row) => Math.min(5, Math.ceil(row[r]! / 2))),
    );
    const categories = result.dimensions[0]!.categories!;
    const reference = gwetAgreement(matrix, categories, 'quadratic')!;
    expect(agreement.gwet).toEqual({
      coefficient: 'AC2',
      value: reference.coefficient,
      standard_error: reference.standard_error,
      ci95: reference.ci95,
      n: 6,
    });
  });

  it('brackets α and every κ with a bootstrap interval', () => {
    const [lo, hi] = agreement.krippendorff_alpha_ci95!;
    expect(lo).toBeLessThanOrEqual(agreement.krippendorff_alpha!);
    expect(hi).toBeGreaterThanOrEqual(agreement.krippendorff_alpha!);
    for (const kappa of agreement.weighted_kappa!) {
      if (kappa.kappa === null) continue;
      expect(kappa.ci95![0]).toBeLessThanOrEqual(kappa.kappa);
      expect(kappa.ci95![1]).toBeGreaterThanOrEqual(kappa.kappa);
    }
    expect(result.parameters.intervals.krippendorff_alpha).toContain('400 resamples');
  });

  it('gives no bootstrap interval with 0 resamples and says so', () => {
    const none = analyzeTidyRatings(sfRows, { bootstrap: 0, seed: 1 });
    expect(none.agreement.score!.krippendorff_alpha_ci95).toBeNull();
    expect(none.parameters.intervals.krippendorff_alpha).toBe('none (0 bootstrap resamples)');
  });
});

describe('dimension order', () => {
  it('is the order of first appearance in the rows, preference last', () => {
    const rows = [
      rating('a', 'q1', 'zeta', 1),
      rating('a', 'q1', 'alpha', 2),
      rating('b', 'q1', 'beta', 3),
      rating('b', 'q1', 'alpha', 2),
    ];
    expect(analyzeTidyRatings(rows, { bootstrap: 0, seed: 1 }).dimensions.map((d) => d.key)).toEqual([
      'zeta',
      'alpha',
      'beta',
    ]);
  });
});

describe('preference shares', () => {
  it('carry Wilson intervals of each share', () => {
    const choices: TidyRatingRow[] = ['model', 'model', 'reference', 'tie', 'model'].map((value, i) => ({
      rater: 'a',
      itemId: `q${i}`,
      model: 'm',
      task: 'preference',
      dimension: 'preference',
      value: value as 'model',
      bin: 1,
      presentedPosition: 'A',
      durationMs: null,
      ratedAt: '',
      scores: {},
      qc: null,
    }));
    const overall = analyzeTidyRatings(choices, { bootstrap: 0, seed: 1 }).preference.find((p) => p.bin === null)!;
    expect(overall.model_share_ci95).toEqual(wilsonInterval(3, 5));
    expect(overall.reference_share_ci95).toEqual(wilsonInterval(1, 5));
    expect(overall.tie_share_ci95).toEqual(wilsonInterval(1, 5));
  });
});
