import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../shared/csv';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { parseTidyRatings } from './fixtures';

/** The tidy export's own columns for pairwise rows: the usual ones, then model_a, model_b, both_unacceptable last. */
const HEADER =
  'rater,item_id,model,task,qc,dimension,value,bin,presented_position,duration_ms,model_a,model_b,both_unacceptable';
const parse = (...lines: string[]) => {
  const [header, ...records] = csvRecords([HEADER, ...lines].join('\n'), 'pairs.csv');
  return parseTidyRatings('pairs.csv', header!, records);
};

describe('parseTidyRatings on pairwise rows', () => {
  it('reads the models shown at A and B, the preferred model or tie, and the both-unacceptable mark', () => {
    const result = parse(
      'r1,q1,,pairwise,,pairwise,gpt,2,,900,gpt,llama,0',
      'r1,q1,,pairwise,,clarity,tie,2,,900,gpt,llama,1',
      'r2,q1,,pairwise,,pairwise,llama,,,,gpt,llama,',
      'r1,q1,gpt,rating,,factuality,4,2,,900,,,',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pairwise).toEqual([
      {
        rater: 'r1',
        itemId: 'q1',
        bin: 2,
        dimension: 'pairwise',
        modelA: 'gpt',
        modelB: 'llama',
        value: 'gpt',
        bothUnacceptable: false,
      },
      {
        rater: 'r1',
        itemId: 'q1',
        bin: 2,
        dimension: 'clarity',
        modelA: 'gpt',
        modelB: 'llama',
        value: 'tie',
        bothUnacceptable: true,
      },
      {
        rater: 'r2',
        itemId: 'q1',
        bin: null,
        dimension: 'pairwise',
        modelA: 'gpt',
        modelB: 'llama',
        value: 'llama',
        bothUnacceptable: false,
      },
    ]);
    // Pairwise rows are no ratings: the rating row alone is in `rows`.
    expect(result.rows.map((row) => row.dimension)).toEqual(['factuality']);
  });

  it('lists every malformed pairwise row at once, one line each naming its line as a spreadsheet shows it', () => {
    const result = parse(
      'r1,q1,,pairwise,,pairwise,gpt,1,,,gpt,llama,0',
      'r1,q2,,pairwise,,pairwise,mistral,1,,,gpt,llama,0',
      'r1,q3,,pairwise,,pairwise,gpt,1,,,gpt,gpt,0',
      'r1,q4,,pairwise,,pairwise,tie,0,,,gpt,,2',
      ',q5,,pairwise,repeat,pairwise,tie,1,A,,gpt,llama,0',
      // The same pair shown the other way round is the same judgement.
      'r1,q1,,pairwise,,pairwise,tie,1,,,llama,gpt,0',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'Line 3 of pairs.csv: a pairwise "value" must be "gpt", "llama" or tie, got "mistral"',
        'Line 4 of pairs.csv: "model_a" and "model_b" are both "gpt"',
        'Line 5 of pairs.csv: "bin" must be a whole number ≥ 1, got "0"; "model_b" is empty; "both_unacceptable" must be 0, 1 or empty, got "2"',
        'Line 6 of pairs.csv: "rater" is empty; "qc" must be empty on pairwise rows, got "repeat"; "presented_position" must be empty on pairwise rows, got "A"',
        'Line 7 of pairs.csv: rater "r1" judged llama against gpt on "pairwise" of item "q1" already on line 2',
      ],
    });
  });

  it("reads a pairwise row's provenance and adjudicated model, and refuses one off the row's two models", () => {
    const withProvenance = (...lines: string[]) => {
      const [header, ...records] = csvRecords(
        [`${HEADER},provenance,adjudicated_value`, ...lines].join('\n'),
        'pairs.csv',
      );
      return parseTidyRatings('pairs.csv', header!, records);
    };
    const result = withProvenance(
      'r1,q1,,pairwise,,pairwise,gpt,1,,,gpt,llama,0,adjudicated,llama',
      'r2,q1,,pairwise,,pairwise,llama,1,,,llama,gpt,0,adjudicated,llama',
      'r1,q2,,pairwise,,pairwise,tie,1,,,gpt,llama,0,unanimous,',
    );
    expect(result.ok && result.pairwise.map((r) => [r.provenance, r.adjudicatedValue])).toEqual([
      ['adjudicated', 'llama'],
      ['adjudicated', 'llama'],
      ['unanimous', undefined],
    ]);
    expect(
      withProvenance(
        'r1,q1,,pairwise,,pairwise,gpt,1,,,gpt,llama,0,adjudicated,mistral',
        'r1,q2,,pairwise,,pairwise,gpt,1,,,gpt,llama,0,unresolved,gpt',
        'r1,q3,,pairwise,,pairwise,gpt,1,,,gpt,llama,0,settled,',
      ),
    ).toEqual({
      ok: false,
      errors: [
        'Line 2 of pairs.csv: a pairwise "adjudicated_value" must be "gpt", "llama" or tie, got "mistral"',
        'Line 3 of pairs.csv: "adjudicated_value" must be given exactly when "provenance" is adjudicated, got "gpt"',
        'Line 4 of pairs.csv: "provenance" must be unanimous, adjudicated, unresolved or empty, got "settled"',
      ],
    });
  });

  it('analyses a file of pairwise rows alone: they count as its judgements', () => {
    const { rows, pairwise } = parseTidyRatingsCsv(
      [HEADER, 'r1,q1,,pairwise,,pairwise,gpt,1,,,gpt,llama,0'].join('\n'),
      'pairs.csv',
    );
    expect(rows).toEqual([]);
    expect(pairwise).toHaveLength(1);
  });
});
