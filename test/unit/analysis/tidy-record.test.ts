import { describe, expect, it } from 'vitest';
import { parseTidyRatings, tidyColumns, tidyRecord, type TidyRatingRow } from '../../../shared/analysis';

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

describe('tidyRecord', () => {
  it('fills exactly the tidy columns, with null for a missing metric and for the position of a rating row', () => {
    const metrics = ['rougeL', 'bleu'];
    expect(Object.keys(tidyRecord(rating, metrics)).sort()).toEqual(tidyColumns(metrics).sort());
    expect(tidyRecord(rating, metrics)).toMatchObject({
      presented_position: null,
      score_rougeL: 0.25,
      score_bleu: null,
    });
    expect(tidyRecord(preference, metrics)).toMatchObject({
      value: 'tie',
      bin: null,
      presented_position: 'B',
      score_rougeL: null,
    });
  });

  it('writes what the tidy parser reads back to the same rows', () => {
    const columns = tidyColumns(['rougeL']);
    const cells = (row: TidyRatingRow) => columns.map((c) => String(tidyRecord(row, ['rougeL'])[c] ?? ''));
    const parsed = parseTidyRatings('r.csv', { line: 1, cells: columns }, [
      { line: 2, cells: cells(rating) },
      { line: 3, cells: cells(preference) },
    ]);
    expect(parsed).toMatchObject({ ok: true, rows: [rating, preference] });
  });
});
