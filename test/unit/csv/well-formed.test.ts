/**
 * The fast CSV tokeniser (shared/csv-well-formed.ts) against csv-parse with the options shared/csv.ts uses:
 * on every text it accepts, the same records; on every text it declines, csv-parse still decides.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { visitWellFormedCsvRecords } from '../../../shared/csv-well-formed';
import { csvRecords, CsvSyntaxError, visitCsvRecords } from '../../../shared/csv';
import { createPrng } from '../../../shared/prng';

/** Every record the tokeniser visits, or null when it leaves the text to csv-parse. */
function wellFormedCsvRecords(text: string): string[][] | null {
  const records: string[][] = [];
  return visitWellFormedCsvRecords(text, (cells) => records.push(cells)) ? records : null;
}

const csvParse = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];

describe('visitWellFormedCsvRecords', () => {
  it.each([
    ['', []],
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      '\uFEFFa,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['a\n\n\nb\n\n', [['a'], ['b']]],
    [
      'a,,\n,\n',
      [
        ['a', '', ''],
        ['', ''],
      ],
    ],
    ['a,b,', [['a', 'b', '']]],
    [' \n', [[' ']]],
    ['"x, ""y""\nz",w\n""\n', [['x, "y"\nz', 'w'], ['']]],
    ['"é","\uFEFF"\n', [['é', '\uFEFF']]],
    ['"a"""', [['a"']]],
    ['a,"b"\nc,d,\n"e\nf",g\nh', [['a', 'b'], ['c', 'd', ''], ['e\nf', 'g'], ['h']]],
  ])('reads %j as csv-parse does', (text, records) => {
    expect(wellFormedCsvRecords(text)).toEqual(records);
    expect(csvParse(text)).toEqual(records);
  });

  it.each(['a\r\nb', 'a\rb', 'a"b,c', '"a"b,c', '"a', 'a,"b"c\n'])('leaves %j to csv-parse', (text) => {
    expect(wellFormedCsvRecords(text)).toBeNull();
  });

  it('gives csv-parse’s records on every generated text it accepts, and accepts every well-formed one', () => {
    const prng = createPrng(18);
    const pieces = ['a', 'bc', ',', '\n', '\n\n', '"', '""', ' ', 'é', '\uFEFF', '\r', '\r\n', "'="];
    let accepted = 0;
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + prng.nextInt(12) }, () => pieces[prng.nextInt(pieces.length)]).join('');
      const fast = wellFormedCsvRecords(text);
      let expected: string[][] | Error;
      try {
        expected = csvParse(text);
      } catch (error) {
        expected = error as Error;
      }
      if (fast !== null) {
        accepted++;
        expect(fast, JSON.stringify(text)).toEqual(expected);
      } else if (!text.includes('\r')) {
        // Declined without a carriage return: csv-parse must find the text malformed too.
        expect(expected, JSON.stringify(text)).toBeInstanceOf(Error);
      }
    }
    expect(accepted).toBeGreaterThan(500);
  });

  it('well-formed text quoted as BlindRate writes it', () => {
    const cells = [
      ['rater', 'comment'],
      ['r1', 'says "no", then\nleaves'],
      ['r2', ''],
    ];
    const text = cells.map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n');
    expect(wellFormedCsvRecords(text)).toEqual(cells);
  });
});

describe('csvRecords', () => {
  it('reports csv-parse’s error, naming the file, for text the tokeniser declines', () => {
    expect(() => csvRecords('a,b\n"x\n', 'ratings.csv')).toThrow(CsvSyntaxError);
    expect(() => csvRecords('a,b\n"x\n', 'ratings.csv')).toThrow(/^ratings\.csv: Quote Not Closed/);
  });

  it('knows each record’s line across empty lines and quoted line feeds, either way it was read', () => {
    for (const text of ['h\n\n"a\nb"\n\nc\n', 'h\r\n\r\n"a\nb"\r\n\r\nc\r\n']) {
      expect(csvRecords(text, 'f.csv').map((r) => [r.line, r.cells])).toEqual([
        [1, ['h']],
        [3, ['a\nb']],
        [6, ['c']],
      ]);
    }
  });

  it('are the records visitCsvRecords hands over one at a time', () => {
    const text = 'h,i\n\n"a\nb",c\nd\n';
    const visited: [string[], number][] = [];
    visitCsvRecords(text, 'f.csv', (cells, index) => visited.push([cells, index]));
    expect(visited).toEqual(csvRecords(text, 'f.csv').map((r, index) => [r.cells, index]));
  });

  it('throws csv-parse’s error for text the tokeniser gives up on after some records', () => {
    const indices: number[] = [];
    expect(() => visitCsvRecords('a,b\n1,2\n"x\n', 'f.csv', (_, index) => indices.push(index))).toThrow(
      /^f\.csv: Quote Not Closed/,
    );
    expect(indices).toEqual([0, 1]);
  });
});
