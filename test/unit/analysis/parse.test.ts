import { describe, expect, it } from 'vitest';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';

const HEADER = 'rater,item_id,model,task,dimension,value,bin,presented_position,duration_ms,rated_at,score_rougeL';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const parseError = (text: string) => {
  try {
    parseTidyRatingsCsv(text, 'ratings.csv');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
};

describe('parseTidyRatingsCsv', () => {
  it('reads ratings and preferences into typed rows', () => {
    const { rows, metrics } = parseTidyRatingsCsv(
      '\uFEFF' +
        csv(
          'a,q1,m,rating,factuality,4,2,,1200,2025-01-01T00:00:00Z,0.25',
          'a,q1,m,preference,preference,tie,3,B,,,0.25',
        ),
      'ratings.csv',
    );
    expect(metrics).toEqual(['rougeL']);
    expect(rows).toEqual([
      {
        rater: 'a',
        itemId: 'q1',
        model: 'm',
        task: 'rating',
        dimension: 'factuality',
        value: 4,
        bin: 2,
        durationMs: 1200,
        ratedAt: '2025-01-01T00:00:00Z',
        scores: { rougeL: 0.25 },
        qc: null,
      },
      {
        rater: 'a',
        itemId: 'q1',
        model: 'm',
        task: 'preference',
        dimension: 'preference',
        value: 'tie',
        bin: 3,
        presentedPosition: 'B',
        durationMs: null,
        ratedAt: '',
        scores: { rougeL: 0.25 },
        qc: null,
      },
    ]);
  });

  it('accepts a file with only the required columns and infers the task from the dimension', () => {
    const { rows } = parseTidyRatingsCsv(
      'rater,item_id,model,dimension,value\nr,"q,1",m,preference,model\n',
      'min.csv',
    );
    expect(rows[0]).toMatchObject({ itemId: 'q,1', task: 'preference', presentedPosition: null, bin: null });
  });

  it('names the line where a record starts, after multi-line quoted cells and blank lines', () => {
    const text = csv('"dr\nwho",q1,m,rating,factuality,4,,,,,', '', 'b,q1,m,rating,factuality,4.5,,,,,');
    expect(parseError(text)).toBe(
      'Line 5 of ratings.csv: "value" of dimension "factuality" must be a whole number, got "4.5"',
    );
  });

  it.each([
    ['a,q1,m,rating,factuality,,,,,,', 'Line 2 of ratings.csv: "value" is empty'],
    [
      'a,q1,m,rating,preference,model,,,,,',
      'Line 2 of ratings.csv: task "rating" does not match dimension "preference" (preference choices use dimension "preference")',
    ],
    [
      'a,q1,m,preference,preference,better,,,,,',
      'Line 2 of ratings.csv: a preference "value" must be model, reference or tie, got "better"',
    ],
    ['a,q1,m,rating,factuality,3,0,,,,', 'Line 2 of ratings.csv: "bin" must be a whole number ≥ 1, got "0"'],
    [
      'a,q1,m,rating,factuality,3,,A,,,',
      'Line 2 of ratings.csv: "presented_position" must be A or B on preference rows and empty otherwise, got "A"',
    ],
    ['a,q1,m,rating,factuality,3,,,,,high', 'Line 2 of ratings.csv: "score_rougeL" must be a number, got "high"'],
    ['a,q1,m,rating,factuality,3', 'Line 2 of ratings.csv: 6 cells, the header has 11'],
  ])('refuses %s', (line, message) => {
    expect(parseError(csv(line))).toBe(message);
  });

  it('refuses a second value for the same rating, naming both lines', () => {
    const text = csv('a,q1,m,rating,factuality,3,,,,,', 'a,q1,m,rating,factuality,4,,,,,');
    expect(parseError(text)).toBe(
      'Line 3 of ratings.csv: rater "a" rated "factuality" of item "q1", model "m" already on line 2',
    );
  });

  it('refuses an output whose score differs between its rows', () => {
    const text = csv(
      'a,q1,m,rating,factuality,3,,,,,',
      'a,q1,m,rating,safety,1,,,,,0.2',
      'b,q1,m,rating,safety,1,,,,,0.3',
    );
    expect(parseError(text)).toBe('Line 4 of ratings.csv: score_rougeL of item "q1", model "m" differs from line 3');
  });

  it('reads provenance and the adjudicated value, and refuses either when they do not fit', () => {
    const header = 'rater,item_id,model,dimension,value,provenance,adjudicated_value';
    const { rows } = parseTidyRatingsCsv(
      [
        header,
        'a,q1,m,factuality,2,adjudicated,4',
        'a,q1,m,preference,model,adjudicated,tie',
        'a,q2,m,factuality,5,unanimous,',
      ].join('\n'),
      'ratings.csv',
    );
    expect(rows.map((r) => [r.provenance, r.adjudicatedValue])).toEqual([
      ['adjudicated', 4],
      ['adjudicated', 'tie'],
      ['unanimous', undefined],
    ]);
    expect(parseError([header, 'a,q1,m,factuality,2,agreed,'].join('\n'))).toContain(
      '"provenance" must be unanimous, adjudicated, unresolved or empty, got "agreed"',
    );
    expect(parseError([header, 'a,q1,m,factuality,2,unresolved,3'].join('\n'))).toContain(
      '"adjudicated_value" must be given exactly when "provenance" is adjudicated, got "3"',
    );
    expect(parseError([header, 'a,q1,m,factuality,2,adjudicated,'].join('\n'))).toContain(
      '"adjudicated_value" must be given exactly when "provenance" is adjudicated, got ""',
    );
    expect(parseError([header, 'a,q1,m,preference,tie,adjudicated,3'].join('\n'))).toContain(
      'a preference "adjudicated_value" must be model, reference or tie, got "3"',
    );
    expect(parseError([header, 'a,q1,m,factuality,2,adjudicated,x'].join('\n'))).toContain(
      '"adjudicated_value" of dimension "factuality" must be a whole number, got "x"',
    );
  });

  it('checks the header: unknown, duplicate and missing columns', () => {
    expect(parseError('rater,item_id,model,dimension,value,scores_bleu\n')).toBe(
      'Line 1 of ratings.csv: column "scores_bleu" is not a tidy ratings column (rater, item_id, model, task, qc, dimension, value, dimension_kind, scale, dimension_role, bin, presented_position, duration_ms, rated_at, package_id, flagged, comment, model_a, model_b, both_unacceptable, provenance, adjudicated_value, score_<metric>)',
    );
    expect(parseError('rater,item_id,model,value\n')).toBe(
      'Line 1 of ratings.csv: required column "dimension" is missing',
    );
    expect(parseError('rater,rater,item_id,model,dimension,value\n')).toBe(
      'Line 1 of ratings.csv: column "rater" appears twice',
    );
  });

  it('says how many more problems there are', () => {
    expect(
      parseError(
        csv('a,q1,m,rating,factuality,x,,,,,', 'a,q2,m,rating,factuality,y,,,,,', 'a,q3,m,rating,factuality,z,,,,,'),
      ),
    ).toMatch(/got "x" \(and 2 more problems\)$/);
  });

  it.each([
    ['a,q1,m,bogus,factuality,x,0,C,,,high', '"task" must be rating or preference or pairwise, got "bogus"'],
    ['a,q1,m,rating,factuality,x,0,,-1,,high', '"bin" must be a whole number ≥ 1, got "0"'],
    ['a,q1,m,rating,factuality,x,,,-1,,high', '"duration_ms" must be a whole number from 0 to 86400000, got "-1"'],
    ['a,q1,m,rating,factuality,x,,,,,high', '"score_rougeL" must be a number, got "high"'],
    [' ,q1,,rating,factuality,x,,,,,', '"rater" is empty'],
  ])('reports the first of the problems of %s', (line, message) => {
    expect(parseError(csv(line))).toBe(`Line 2 of ratings.csv: ${message}`);
  });

  it('reads provenance cells of blanks as empty ones', () => {
    const header = 'rater,item_id,model,dimension,value,provenance,adjudicated_value';
    const { rows } = parseTidyRatingsCsv(
      [header, 'a,q1,m,factuality,2, , ', 'a,q2,m,factuality,2,,'].join('\n'),
      'r.csv',
    );
    expect(rows.map((r) => ['provenance' in r, 'adjudicatedValue' in r])).toEqual([
      [false, false],
      [false, false],
    ]);
  });

  it('stops at 20 problems', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `a,q${i},m,rating,factuality,x,,,,,`);
    expect(parseError(csv(...lines))).toMatch(/^Line 2 of .* \(and 19 more problems\)$/);
  });

  it('reports a broken quote rather than the problems of the records before it', () => {
    expect(parseError(csv('a,q1,m,rating,factuality,x,,,,,', 'a,q2,m,rating,factuality,3,,,,,"'))).toMatch(
      /^ratings\.csv: /,
    );
  });

  it('turns a broken quote into one line naming the file', () => {
    expect(parseError(csv('a,"q1,m,rating,factuality,3,,,,,'))).toMatch(/^ratings\.csv: /);
    expect(parseError('')).toBe('ratings.csv is empty: expected a header line and ratings.');
  });
});
