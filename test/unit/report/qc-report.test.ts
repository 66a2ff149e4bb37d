import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { parseCalibrationFile } from '../../../shared/qc';
import { renderReportHtml, type ReportStudy } from '../../../shared/report';
import { formatNumber } from '../../../shared/report/format';
import {
  CAREFUL,
  FAST,
  SIMULATION_RUBRIC,
  calibrationCsv,
  simulatedOutputs,
  simulatedStudyRows,
} from '../../integration/qc/scripted-raters';

const study: ReportStudy = {
  name: 'QC study',
  generatedAt: '2026-03-05T12:00:00.000Z',
  rubric: null,
  raters: { total: 2, locked: 2 },
  samples: [],
};
const calibration = parseCalibrationFile(
  'calibration.csv',
  calibrationCsv(simulatedOutputs().outputs),
  SIMULATION_RUBRIC,
);
if (!calibration.ok) throw new Error(calibration.errors.join('\n'));
const rows = simulatedStudyRows();
const result = analyzeTidyRatings(rows, {
  bootstrap: 0,
  seed: 1,
  rubric: SIMULATION_RUBRIC,
  qc: { calibration: calibration.entries },
});
const section = (html: string) =>
  html.slice(html.indexOf('<h2>Quality control</h2>'), html.indexOf('<section class="methods">'));

describe('the report’s quality-control section', () => {
  const html = section(renderReportHtml(result, study));

  it('has a row per rater with time on task and flags, the flagged rater in bold', () => {
    expect(html).toContain(
      `<td>${FAST}</td><td class="num">77</td><td class="num">1.0 s</td><td class="num">1.0 s – 1.0 s</td><td class="num">77 of 77 (100%)</td><td class="num">77 (1 run ≥ threshold)</td><td class="num"><b>fast answers, straight-lining</b></td>`,
    );
    expect(html).toMatch(
      new RegExp(`<td>${CAREFUL.replace('.', '\\.')}</td><td class="num">77</td>.*?<td class="num">none</td>`),
    );
    expect(html).toContain('less than 5.0 s');
  });

  it('shows intra-rater kappa per dimension and rater, reference controls next to the models, and calibration agreement', () => {
    const kappa = result.qc.intra_rater.find(
      (a) => a.rater === CAREFUL && a.dimension === 'factuality',
    )!.weighted_kappa;
    expect(html).toContain(`<td>${CAREFUL}</td><td class="num">12</td><td class="num">${formatNumber(kappa, 3)}</td>`);
    expect(html).toContain(
      '<th class="num">Reference answers</th><th class="num">model-a</th><th class="num">model-b</th>',
    );
    expect(html).toContain('<th class="num">Within 1 step</th><th class="num">Mean |steps|</th>');
    expect(html).toContain('(120 of hidden repeats, 30 of reference controls, 20 of calibration)');
    // The JSON lists dimensions by key; the report shows them in rubric order.
    expect(result.qc.intra_rater[0]!.dimension).toBe('brevity');
    expect(html.indexOf('<td>factuality</td><td><b>all</b>')).toBeLessThan(
      html.indexOf('<td>brevity</td><td><b>all</b>'),
    );
  });

  it('says what was not in the plan, and when calibration cannot be compared', () => {
    const plain = section(
      renderReportHtml(
        analyzeTidyRatings(
          rows.filter((r) => r.qc === null),
          { bootstrap: 0, seed: 1 },
        ),
        study,
      ),
    );
    expect(plain).toContain('The plan had no hidden repeats.');
    expect(plain).toContain('The plan had no reference controls.');
    expect(plain).toContain('The plan had no calibration tasks.');
    const uncompared = section(renderReportHtml(analyzeTidyRatings(rows, { bootstrap: 0, seed: 1 }), study));
    expect(uncompared).toContain('20 calibration rows; their expected ratings were not supplied');
  });
});
