import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { buildReportModel, renderReportHtml, type ReportStudy } from '../../../shared/report';
import { markup, modelTables, type ReportCell, type Rich } from '../../../shared/report/model';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { readFixtureCsv } from '../analysis/fixtures';
import { FIXTURE_STUDY } from './fixture-study';
import { simulatedStudyRows } from '../../integration/qc/scripted-raters';

const study: ReportStudy = {
  ...FIXTURE_STUDY,
  packages: [{ id: 'pkg-1', rater: 'dr.adams', issuedAt: '2026-03-01T09:00:00.000Z', returnedAt: null, answers: 4 }],
};

const plain = (text: Rich): string =>
  typeof text === 'string' ? text : text.map((run) => (typeof run === 'string' ? run : plain(run.content))).join('');
const cellText = (cell: ReportCell): string => plain(typeof cell === 'object' && 'heat' in cell ? cell.content : cell);
/** The HTML's text with tags dropped and the few entities the renderer writes decoded. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const designs = {
  'a small study with every section': analyzeTidyRatings(readFixtureCsv('ratings_small.csv').rows, {
    bootstrap: 100,
    seed: 1,
  }),
  'a study with quality-control tasks': analyzeTidyRatings(simulatedStudyRows(), { bootstrap: 0, seed: 3 }),
  'a study with no ratings yet': analyzeTidyRatings([], { bootstrap: 0, seed: 1 }),
};

describe('the report model', () => {
  for (const [design, result] of Object.entries(designs)) {
    it(`has exactly the sections and tables the HTML report shows: ${design}`, () => {
      const model = buildReportModel(result, study);
      const html = renderReportHtml(result, study);
      expect([...html.matchAll(/<section[^>]*><h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(
        model.sections.map((s) => s.title),
      );
      const htmlTables = [...html.matchAll(/<table[^>]*><thead><tr>(.*?)<\/tr><\/thead>/g)].map((m) =>
        htmlText(m[1]!.replace(/<\/th>/g, '\t'))
          .split('\t')
          .slice(0, -1),
      );
      expect(htmlTables).toEqual(modelTables(model).map((t) => t.head.map(plain)));
      const text = htmlText(html);
      for (const table of modelTables(model))
        for (const row of table.rows)
          expect(text).toContain(
            row
              .slice(1)
              .map((c) => plain(typeof c === 'object' && 'heat' in c ? c.content : c))
              .join(''),
          );
    });
  }

  it('says what is missing instead of leaving a section out, and leaves out per-rater diagnostics before any rating', () => {
    const model = buildReportModel(designs['a study with no ratings yet'], { ...study, samples: [] });
    expect(model.sections.map((s) => s.id)).toEqual([
      'study',
      'bins',
      'preference',
      'correlation',
      'agreement',
      'qc',
      'methods',
    ]);
    const notes = model.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'paragraph' && b.note ? [plain(b.text)] : [])),
    );
    expect(notes).toEqual(
      expect.arrayContaining([
        'No sample has been drawn.',
        'No rating has a bin yet.',
        'No preference choices yet.',
        'No automatic metric scores on the rated outputs.',
        'No ratings yet.',
      ]),
    );
  });

  it('names the sample seed, the bootstrap parameters and the rubric in the Study section', () => {
    const model = buildReportModel(designs['a small study with every section'], study);
    const [samples, packages, rubric] = modelTables(model);
    expect(samples!.rows[0]![4]).toBe('4242');
    expect(packages!.rows[0]!.map(cellText)).toEqual(['dr.adams', 'pkg-1', '2026-03-01 09:00 UTC', 'not yet', '4']);
    expect(rubric!.rows.map((r) => cellText(r[1]!))).toEqual(MEDISUMQA_RUBRIC.dimensions.map((d) => d.key));
    const last = model.sections[0]!.blocks.at(-1)!;
    expect(last.kind === 'paragraph' && plain(last.text)).toMatch(/Bootstrap: 100 resamples, seed 1\.$/);
  });
});

describe('markup', () => {
  it('turns the fixed prose tags into nested runs and keeps other text literal', () => {
    expect(markup('<b>Data.</b> x<sub>u</sub> when n < 3, <span class="note">(<i>a</i> & b)</span>')).toEqual([
      { style: 'strong', content: ['Data.'] },
      ' x',
      { style: 'sub', content: ['u'] },
      ' when n < 3, ',
      { style: 'note', content: ['(', { style: 'em', content: ['a'] }, ' & b)'] },
    ]);
  });

  it('refuses unbalanced tags', () => {
    expect(() => markup('<b>open')).toThrow('Unclosed <b> in report markup.');
    expect(() => markup('<b>x</i>')).toThrow('Unbalanced </i> in report markup.');
  });
});
