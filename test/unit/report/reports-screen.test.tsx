// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlindRateApi, StudyReport } from '../../../shared/api';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { installApi } from '../../../renderer/src/api/current';
import { ReportsScreen } from '../../../renderer/src/screens/Reports';
import { binChartRows, countKey, preferenceChartRows } from '../../../renderer/src/components/reports/chartData';
import { buildReportModel } from '../../../shared/report';
import { formatInterval, formatPercent, heatColours } from '../../../shared/report/format';
import { modelTables } from '../../../shared/report/model';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { readFixtureCsv } from '../analysis/fixtures';
import { FIXTURE_STUDY } from './fixture-study';
import { CAREFUL, FAST, SIMULATION_RUBRIC, simulatedStudyRows } from '../../integration/qc/scripted-raters';
import { FakeApi } from '../renderer/fake-api';
import { JOB_WAIT, renderMaster } from '../renderer/coordinator/render-master';
import { renderInProviders } from '../renderer/render-in-providers';

const study = FIXTURE_STUDY;
const result = analyzeTidyRatings(readFixtureCsv('ratings_small.csv').rows, { bootstrap: 100, seed: 1 });
const report: StudyReport = { result, study };

function renderWith(getReport: BlindRateApi['getReport']) {
  installApi({ getReport } as BlindRateApi);
  return renderInProviders(<ReportsScreen />);
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(cleanup);

describe('Reports screen', () => {
  it('shows the Methods, the sample and bootstrap parameters and the rubric, as the HTML report does', async () => {
    renderWith(async () => report);
    const samples = await screen.findByRole('table', { name: 'Samples' });
    const sample = within(samples).getAllByRole('row')[1]!;
    expect(within(sample).getByText('4242')).toBeTruthy(); // the sample's seed
    expect(within(sample).getByText('rougeL')).toBeTruthy();
    expect(within(section('Study')).getByText(/Bootstrap: 100 resamples, seed 1\./)).toBeTruthy();
    expect(within(section('Study')).getByRole('heading', { name: 'Rubric: MeDiSumQA manual evaluation' })).toBeTruthy();
    const rubric = screen.getByRole('table', { name: 'Rubric' });
    expect(within(rubric).getAllByRole('row')).toHaveLength(MEDISUMQA_RUBRIC.dimensions.length + 1);
    const methods = section('Methods');
    expect(within(methods).getByText(/^Krippendorff's α uses all raters/)).toBeTruthy();
    expect(within(methods).getByText(/100 resamples of the n outputs drawn with replacement/)).toBeTruthy();
  });

  it('shows every table of the report model, in order, and no other', async () => {
    renderWith(async () => report);
    await screen.findByRole('table', { name: 'Samples' });
    const onScreen = screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'));
    expect(onScreen).toEqual(modelTables(buildReportModel(result, study)).map((t) => t.label));
    expect(onScreen.length).toBeGreaterThan(10);
  });

  it('shows which metric tracks the physicians best and the warnings on the agreement figures', async () => {
    renderWith(async () => report);
    const best = await screen.findByRole('table', { name: 'Best metric per dimension and model' });
    const pooled = result.best_metrics.find((b) => b.dimension === 'factuality' && b.model === 'ALL')!;
    const row = within(best)
      .getAllByRole('row')
      .find((r) => r.textContent!.includes(formatInterval(pooled.difference_ci95)))!;
    expect(within(row).getByText(pooled.metric)).toBeTruthy();
    expect(within(row).getByText(pooled.distinguishable ? 'yes' : 'no')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Difference of correlations for every pair of metrics' })).toBeTruthy();
    const warnings = screen.getByRole('table', { name: 'Warnings on the agreement figures' });
    const all = Object.values(result.agreement).flatMap((a) => a.warnings);
    expect(within(warnings).getAllByRole('row')).toHaveLength(all.length + 1);
    expect(within(warnings).getAllByText(all[0]!.message).length).toBeGreaterThan(0);
  });

  it('shows counts, the per-bin table, preference with intervals, position bias and agreement', async () => {
    renderWith(async () => report);
    expect(await screen.findByText('rating values')).toBeTruthy();
    const bins = screen.getByRole('table', { name: 'Mean (number of ratings) by bin' });
    expect(within(bins).getAllByRole('cell', { name: '4.40 (5)' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/picked in 6 of 10 decisive choices \(60%\).*p = 0\.754/)).toBeTruthy();
    const agreement = screen.getByRole('table', { name: 'Agreement per dimension' });
    const factuality = within(agreement).getByRole('row', { name: /Factuality/ });
    expect(within(factuality).getByText('0.783')).toBeTruthy();
    expect(within(factuality).getByText(formatInterval(result.agreement.factuality!.gwet.ci95))).toBeTruthy();
    const shares = screen.getByRole('table', { name: 'Preference shares with Wilson 95% intervals' });
    const interval = result.preference.find((p) => p.bin === null)!.model_share_ci95!;
    expect(
      within(shares).getAllByText(`[${formatPercent(interval[0])}, ${formatPercent(interval[1])}]`).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Time per task' })).toBeTruthy();
  });

  it("shades the heat map with the HTML report's palette and explains each cell in its tooltip", async () => {
    renderWith(async () => report);
    const heat = await screen.findByRole('table', { name: "Spearman's ρ, all models pooled" });
    const c = result.correlations.find(
      (x) => x.metric === 'rougeL' && x.dimension === 'factuality' && x.model === 'ALL',
    )!;
    const cell = within(heat).getByTitle(/^rougeL × factuality \(ALL\): Spearman/);
    expect(cell.textContent).toBe(`${c.spearman!.toFixed(2)}${formatInterval(c.spearman_ci95)}`);
    const probe = document.createElement('div');
    probe.style.background = heatColours(c.spearman).background;
    expect(cell.style.background).toBe(probe.style.background);
  });

  it('flags the fast rater in the quality-control table and says calibration was not compared', async () => {
    const qc = analyzeTidyRatings(simulatedStudyRows(), { bootstrap: 0, seed: 1, rubric: SIMULATION_RUBRIC });
    renderWith(async () => ({ result: qc, study: { ...study, rubric: null, samples: [] } }));
    const table = await screen.findByRole('table', { name: 'Quality control per rater' });
    const fast = within(table).getByRole('row', { name: new RegExp(FAST) });
    expect(within(fast).getByText('fast answers, straight-lining')).toBeTruthy();
    expect(within(fast).getByText('77 of 77 (100%)')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: new RegExp(CAREFUL) })).getByText('none')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Intra-rater agreement on hidden repeats' })).toBeTruthy();
    expect(screen.getByText(/20 calibration rows; their expected ratings were not supplied/)).toBeTruthy();
    expect(screen.getByText('No sample has been drawn.')).toBeTruthy();
  });

  it('lists rater comments and flags per output, naming the model, the text as typed', async () => {
    const comment = '<b>Dose</b> missing & wrong';
    const comments = [
      { itemId: 'item-7', model: '模型-A', rater: 'Dr Ada', task: 'rating', qc: null, flagged: true, comment },
      {
        itemId: 'item-7',
        model: '模型-A',
        rater: 'Dr Bob',
        task: 'rating',
        qc: 'repeat',
        flagged: false,
        comment: 'ok',
      },
    ] as const;
    renderWith(async () => ({ result, study: { ...study, comments } }));
    const table = await screen.findByRole('table', { name: 'Rater comments and flags' });
    const [, ada, bob] = within(table).getAllByRole('row');
    expect(within(ada!).getByText('模型-A · item-7')).toBeTruthy();
    expect(within(ada!).getByText('flagged')).toBeTruthy();
    expect(within(ada!).getByText(comment)).toBeTruthy();
    expect(within(bob!).getByText('rating (repeat)')).toBeTruthy();
    expect(table.querySelector('b')).toBeNull();
  });

  it("recomputes with the adjudicated values when switched, Methods saying so, agreement on the raters' own", async () => {
    // Every rater's factuality of q04 settled at 1 by an adjudicator: the model figures move, agreement must not.
    const rows = readFixtureCsv('ratings_small.csv').rows.map((row) =>
      row.itemId === 'q04' && row.dimension === 'factuality' && row.qc === null
        ? { ...row, provenance: 'adjudicated' as const, adjudicatedValue: 1 }
        : row,
    );
    const asked: unknown[] = [];
    renderWith(async (request) => {
      asked.push(request);
      const finalValues = request?.finalValues ?? 'raters_mean';
      return { result: analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, finalValues }), study };
    });
    const methods = () =>
      within(section('Methods')).getByText(
        (_, element) => element?.tagName === 'P' && /^Adjudication\./.test(element.textContent ?? ''),
      );
    await screen.findByRole('region', { name: 'Methods' });
    expect(methods().textContent).toContain("the model figures use the raters' own values");
    const agreementBefore = screen.getByRole('table', { name: 'Agreement per dimension' }).textContent;
    const binsBefore = screen.getByRole('table', { name: 'Mean (number of ratings) by bin' }).textContent;

    const toggle = screen.getByRole('switch', { name: 'Model figures use the adjudicated values' });
    toggle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(methods().textContent).toContain("take the adjudicator's final value"));
    expect(asked).toEqual([{ finalValues: 'raters_mean' }, { finalValues: 'adjudicated' }]);
    expect(screen.getByRole('table', { name: 'Agreement per dimension' }).textContent).toBe(agreementBefore);
    expect(screen.getByRole('table', { name: 'Mean (number of ratings) by bin' }).textContent).not.toBe(binsBefore);
  });

  it('says why when the analysis is refused', async () => {
    renderWith(async () => {
      throw new Error('Reports are available to raters only after they lock their work.');
    });
    expect((await screen.findByRole('alert')).textContent).toContain('only after they lock their work');
  });
});

/** The whole app on a fake master whose report is an empty study's: a light screen, so the test is about the buttons. */
class ReportingApi extends FakeApi {
  override async getReport(): Promise<never> {
    return { result: analyzeTidyRatings([], { bootstrap: 0, seed: 1 }), study: { ...study, samples: [] } } as never;
  }
}

describe('Reports screen exports', () => {
  it.each([
    ['Save report…', { what: 'report', finalValues: 'raters_mean' }, 'report.html'],
    ['Export CSV', { what: 'ratings', format: 'csv' }, 'ratings.csv'],
  ])('%s saves the export through the download, as Exports does', async (button, request, name) => {
    const { user, download, api } = await renderMaster('Reports', new ReportingApi('coordinator'));
    await screen.findByRole('region', { name: 'Methods' });
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(`Saved ${name} (2.0 KB) as a download.`, {}, JOB_WAIT)).toBeTruthy();
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ name, downloadToken: `dl-${name}` }));
    expect(api.writes).toEqual([{ method: 'startExport', request }]);
  });

  it('saves the report with the adjudicated values while the switch is on', async () => {
    const { user, api } = await renderMaster('Reports', new ReportingApi('coordinator'));
    await screen.findByRole('region', { name: 'Methods' });
    await user.click(screen.getByRole('switch', { name: 'Model figures use the adjudicated values' }));
    await screen.findByRole('region', { name: 'Methods' });
    await user.click(screen.getByRole('button', { name: 'Save report…' }));
    expect(await screen.findByText(/^Saved report\.html/, {}, JOB_WAIT)).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'startExport', request: { what: 'report', finalValues: 'adjudicated' } }]);
  });
});

describe('chart data', () => {
  it('puts each model mean and its n on the bin row', () => {
    const rows = binChartRows(result.bins.filter((b) => b.dimension === 'factuality'));
    expect(rows.map((r) => r.bin)).toEqual(['Bin 1', 'Bin 2', 'Bin 3']);
    expect(rows[2]!['模型-A']).toBe(4.4);
    expect(rows[2]![countKey('模型-A')]).toBe(5);
  });

  it('gives preference percentages per bin, the overall row last', () => {
    const rows = preferenceChartRows(result.preference.filter((p) => p.model === '模型-A'));
    expect(rows.map((r) => r.label)).toEqual(['Bin 1 (n=4)', 'Bin 2 (n=2)', 'All bins (n=7)']);
    expect(rows.at(-1)).toEqual({ label: 'All bins (n=7)', model: 42.9, tie: 14.3, reference: 42.9 });
  });
});
