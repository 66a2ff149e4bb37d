/**
 * A rater's comments and flags reach the coordinator: the tidy and wide exports carry them on every row
 * of the task (issue: before, they existed only in the audit log, keyed by ids no export contains), and
 * the tidy parser reads them back unchanged, including text that looks like a spreadsheet formula. The
 * report lists each commented or flagged task once, under its output, the text escaped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { analyzeStudy, readReportStudy } from '../../../electron/services/analysis';
import { buildDemoStudy } from '../../../electron/services/demo';
import { exportTable } from '../../../electron/services/exporter';
import { openStudy } from '../../../electron/services/study';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { renderReportHtml } from '../../../shared/report';
import { simulateRatings } from './simulate-ratings';

const PASSPHRASE = 'comments and flags passphrase';
const COMMENT = '=Answer omits the <b>dose</b>; "check" line 2\nsecond line';
let dir: string;
let db: StudyDb;
let commented: { rater: string; item_id: string; model: string };
let flaggedTask: { rater: string; item_id: string; model: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-comments-'));
  await buildDemoStudy(join(dir, 'demo.db'), PASSPHRASE, () => new Date('2026-03-05T12:00:00.000Z'));
  db = openStudy(join(dir, 'demo.db'), PASSPHRASE);
  simulateRatings(db);
  // As a merge stores them: the comment on the response, the flag on the assignment.
  const [first, second] = db
    .prepare(
      `SELECT a.id, r.name AS rater, o.item_id, o.model FROM assignments a JOIN raters r ON r.id = a.rater_id
       JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id
       JOIN samples s ON s.id = t.sample_id WHERE s.task = 'rating' ORDER BY a.id LIMIT 2`,
    )
    .all() as { id: string; rater: string; item_id: string; model: string }[];
  db.prepare('UPDATE responses SET comment = ? WHERE assignment_id = ?').run(COMMENT, first!.id);
  db.prepare('UPDATE assignments SET flagged = 1 WHERE id = ?').run(second!.id);
  commented = first!;
  flaggedTask = second!;
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sameTask = (task: { rater: string; item_id: string; model: string }) => (row: Record<string, string>) =>
  row.rater === task.rater && row.item_id === task.item_id && row.model === task.model;

describe('comments and flags in the ratings exports', () => {
  it('the tidy export has the comment and the flag, with the values typed, on every row of the task', async () => {
    const out = join(dir, 'ratings.csv');
    await exportTable(db, { what: 'ratings', format: 'csv', out });
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    const ofCommented = rows.filter(sameTask(commented));
    expect(ofCommented.length).toBeGreaterThan(1);
    // Formula-looking text is neutralised with a leading ' in CSV exports (docs/data-safety.md).
    for (const row of ofCommented) expect(row.comment).toBe(`'${COMMENT}`);
    const ofFlagged = rows.filter(sameTask(flaggedTask));
    expect(ofFlagged.map((row) => row.flagged)).toEqual(ofFlagged.map(() => '1'));
    const others = rows.filter((row) => !sameTask(commented)(row) && !sameTask(flaggedTask)(row));
    expect(new Set(others.map((row) => `${row.flagged}|${row.comment}`))).toEqual(new Set(['0|']));

    const { rows: parsed } = parseTidyRatingsCsv(readFileSync(out, 'utf8'), 'ratings.csv');
    const ofTask = (task: typeof commented) => (row: (typeof parsed)[number]) =>
      row.rater === task.rater && row.itemId === task.item_id && row.model === task.model;
    const back = parsed.find(ofTask(commented));
    expect(back?.comment).toBe(COMMENT);
    expect(parsed.find(ofTask(flaggedTask))?.flagged).toBe(true);
  });

  it('the wide export has them once per task row', async () => {
    const out = join(dir, 'wide.csv');
    await exportTable(db, { what: 'ratings-wide', format: 'csv', out });
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.filter(sameTask(commented)).map((row) => row.comment)).toEqual([`'${COMMENT}`]);
    expect(rows.filter(sameTask(flaggedTask)).map((row) => row.flagged)).toEqual(['1']);
  });
});

describe('comments and flags in the report', () => {
  const clock = () => new Date('2026-03-06T00:00:00.000Z');

  it('the study facts list each commented or flagged task once, under its output, naming the model', () => {
    const { comments } = readReportStudy(db, clock);
    const entry = (task: typeof commented) => ({ rater: task.rater, itemId: task.item_id, model: task.model });
    const expected = [
      { ...entry(commented), task: 'rating', qc: null, flagged: false, comment: COMMENT },
      { ...entry(flaggedTask), task: 'rating', qc: null, flagged: true, comment: '' },
    ];
    const byOutput = (a: { model: string; itemId: string }) => `${a.model}\u0000${a.itemId}`;
    expect(comments).toEqual(expected.sort((a, b) => (byOutput(a) < byOutput(b) ? -1 : 1)));
  });

  it('the HTML report has a "Rater comments" section with the typed comment and the flag, escaped', () => {
    const result = analyzeStudy(db, { bootstrap: 0, seed: 1 });
    const study = readReportStudy(db, clock);
    const html = renderReportHtml(result, study);
    const section = html.slice(html.indexOf('<h2>Rater comments</h2>'), html.indexOf('<h2>Methods</h2>'));
    expect(section).toContain('<h2>Rater comments</h2>');
    expect(section).toContain(`<td>${commented.model} · ${commented.item_id}</td>`);
    expect(section).toContain('<td>=Answer omits the &lt;b&gt;dose&lt;/b&gt;; "check" line 2\nsecond line</td>');
    expect(section).not.toContain('<b>dose</b>');
    expect(section).toContain(`<td>${flaggedTask.model} · ${flaggedTask.item_id}</td>`);
    expect(section.match(/<td>flagged<\/td>/g)).toHaveLength(1);
  });
});
