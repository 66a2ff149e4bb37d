import { describe, expect, it } from 'vitest';
import {
  analyzeTidyRatings,
  dimensionScales,
  tidyColumns,
  tidyRecord,
  pairwiseTidyRecord,
  type TidyRatingRow,
} from '../../../shared/analysis';
import { parseTidyRatings } from './fixtures';

const FACTUALITY = { key: 'factuality', kind: 'likert', scale: [1, 2, 3, 4, 5] } as const;
const scales = dimensionScales([{ ...FACTUALITY, scale: [...FACTUALITY.scale] }]);

const rating: TidyRatingRow = {
  rater: 'dr a',
  itemId: 'q1',
  model: 'm',
  task: 'rating',
  dimension: 'factuality',
  value: 4,
  bin: 2,
  durationMs: 1200,
  ratedAt: '2025-01-01T00:00:00Z',
  scores: { rougeL: 0.25 },
  qc: 'repeat',
};
const preference: TidyRatingRow = {
  rater: 'dr a',
  itemId: 'q1',
  model: 'm',
  task: 'preference',
  dimension: 'preference',
  value: 'tie',
  bin: null,
  presentedPosition: 'B',
  durationMs: null,
  ratedAt: '',
  scores: {},
  qc: null,
};

describe('the pair columns', () => {
  it("follow comment (then adjudication's two), so the columns before them stay where they were", () => {
    expect(tidyColumns(['rougeL']).slice(-6, -3)).toEqual(['model_a', 'model_b', 'both_unacceptable']);
    expect(tidyColumns(['rougeL']).at(-7)).toBe('comment');
  });

  it('are empty on rating and preference rows, and hold the pair on a pairwise row', () => {
    for (const row of [rating, preference])
      expect(tidyRecord(row, ['rougeL'], scales)).toMatchObject({
        model_a: null,
        model_b: null,
        both_unacceptable: null,
      });
    const judgement = {
      rater: 'dr a',
      itemId: 'q1',
      bin: 3,
      dimension: 'pairwise',
      modelA: 'm2',
      modelB: 'm1',
      value: 'm1',
      bothUnacceptable: true,
      durationMs: 800,
      ratedAt: '2025-01-01T00:00:00Z',
      packageId: 'p1',
      comment: '',
      flagged: false,
    };
    const record = pairwiseTidyRecord(judgement, ['rougeL']);
    expect(Object.keys(record).sort()).toEqual(tidyColumns(['rougeL']).sort());
    expect(record).toMatchObject({
      task: 'pairwise',
      model: null,
      dimension: 'pairwise',
      value: 'm1',
      model_a: 'm2',
      model_b: 'm1',
      both_unacceptable: 1,
      bin: 3,
      comment: null,
      score_rougeL: null,
    });
  });
});

describe('tidyRecord', () => {
  it('fills exactly the tidy columns, with null for a missing metric and for the position of a rating row', () => {
    const metrics = ['rougeL', 'bleu'];
    expect(Object.keys(tidyRecord(rating, metrics, scales)).sort()).toEqual(tidyColumns(metrics).sort());
    expect(tidyRecord(rating, metrics, scales)).toMatchObject({
      presented_position: null,
      dimension_kind: 'likert',
      scale: '1|2|3|4|5',
      score_rougeL: 0.25,
      score_bleu: null,
    });
    expect(tidyRecord(preference, metrics, scales)).toMatchObject({
      value: 'tie',
      bin: null,
      presented_position: 'B',
      dimension_kind: 'preference',
      scale: null,
      score_rougeL: null,
    });
  });

  it('writes what the tidy parser reads back to the same rows', () => {
    const columns = tidyColumns(['rougeL']);
    const cells = (row: TidyRatingRow) => columns.map((c) => String(tidyRecord(row, ['rougeL'], scales)[c] ?? ''));
    const parsed = parseTidyRatings('r.csv', { line: 1, cells: columns }, [
      { line: 2, cells: cells(rating) },
      { line: 3, cells: cells(preference) },
    ]);
    expect(parsed).toMatchObject({ ok: true, rows: [rating, preference], dimensions: [FACTUALITY] });
  });
});

describe('a dimension declared with its scale', () => {
  const columns = ['rater', 'item_id', 'model', 'dimension', 'value', 'dimension_kind', 'scale'];
  const parse = (cells: string[][]) =>
    parseTidyRatings(
      'r.csv',
      { line: 1, cells: columns },
      cells.map((c, i) => ({ line: i + 2, cells: c })),
    );

  it('keeps the rubric scale when the values occurring do not span it: AC2 as in the study, not over 2–3', () => {
    // Two raters who only ever chose 2 or 3 on a 1–5 scale: AC2's quadratic weights depend on the scale's range.
    const values = [
      [2, 2],
      [3, 3],
      [2, 3],
      [3, 3],
      [2, 2],
      [3, 2],
    ];
    const cells = values.flatMap(([a, b], i) => [
      ['a', `q${i}`, 'm', 'clarity', String(a), 'likert', '1|2|3|4|5'],
      ['b', `q${i}`, 'm', 'clarity', String(b), 'likert', '1|2|3|4|5'],
    ]);
    const declared = parse(cells);
    const inferred = parse(cells.map((c) => [...c.slice(0, 5), '', '']));
    if (!declared.ok || !inferred.ok) throw new Error('parse failed');
    const withScale = analyzeTidyRatings(declared.rows, { bootstrap: 0, seed: 1, rubric: declared.dimensions });
    const withoutScale = analyzeTidyRatings(inferred.rows, { bootstrap: 0, seed: 1 });
    expect(withScale.dimensions[0]).toEqual({ key: 'clarity', kind: 'likert', categories: [1, 2, 3, 4, 5] });
    expect(withoutScale.dimensions[0]!.categories).toEqual([2, 3]);
    expect(withScale.agreement.clarity!.gwet.value).not.toBeCloseTo(withoutScale.agreement.clarity!.gwet.value!, 3);
  });

  it('keeps a Likert dimension Likert when only 0 and 1 occur', () => {
    const declared = parse([
      ['a', 'q1', 'm', 'pain', '0', 'likert', '0|1|2|3'],
      ['a', 'q2', 'm', 'pain', '1', 'likert', '0|1|2|3'],
    ]);
    expect(declared).toMatchObject({ ok: true, dimensions: [{ key: 'pain', kind: 'likert', scale: [0, 1, 2, 3] }] });
  });

  it('refuses a value off its declared scale, a malformed scale and a scale that changes, each naming its line', () => {
    expect(
      parse([
        ['a', 'q1', 'm', 'clarity', '6', 'likert', '1|2|3|4|5'],
        ['a', 'q2', 'm', 'clarity', '2', 'likert', '1-5'],
        ['a', 'q3', 'm', 'clarity', '2', 'likert', '1|2|3|4|5'],
        ['a', 'q4', 'm', 'clarity', '2', 'likert', '1|2|3'],
        ['a', 'q5', 'm', 'clarity', '2', 'ordinalish', '1|2|3'],
      ]),
    ).toEqual({
      ok: false,
      errors: [
        'Line 2 of r.csv: "value" 6 of dimension "clarity" is not on its scale (1, 2, 3, 4, 5)',
        'Line 3 of r.csv: "scale" must list two or more different whole numbers separated by "|", got "1-5"',
        'Line 5 of r.csv: dimension "clarity" is declared with another kind or scale than on line 4',
        'Line 6 of r.csv: "dimension_kind" of a rating must be likert, binary, ordinal or nominal (or empty with an empty "scale"), got "ordinalish"',
      ],
    });
  });
});
