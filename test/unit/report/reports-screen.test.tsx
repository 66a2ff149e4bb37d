// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlindRateApi } from '../../../shared/api';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { installApi } from '../../../renderer/src/api/current';
import { ReportsScreen } from '../../../renderer/src/screens/Reports';
import {
  binChartRows,
  correlationCells,
  countKey,
  preferenceChartRows,
} from '../../../renderer/src/components/reports/chartData';
import { formatInterval, formatPercent } from '../../../shared/report/format';
import { readFixtureCsv } from '../analysis/fixtures';
import { renderInProviders } from '../renderer/render-in-providers';

const result = analyzeTidyRatings(readFixtureCsv('ratings_small.csv').rows, { bootstrap: 100, seed: 1 });

function renderWith(getReport: BlindRateApi['getReport']) {
  installApi({ getReport } as BlindRateApi);
  return renderInProviders(<ReportsScreen />);
}

afterEach(cleanup);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('Reports screen', () => {
  it('shows counts, the per-bin table, preference and position bias, and the agreement tables', async () => {
    renderWith(async () => result);
    expect(await screen.findByText('rating values')).toBeTruthy();
    expect(screen.getByText(String(result.counts.ratings))).toBeTruthy();
    const bins = screen.getByRole('table', { name: 'Mean (number of ratings) by bin' });
    expect(within(bins).getAllByText('4.40 (5)').length).toBeGreaterThan(0);
    expect(screen.getByText(/picked in 6 of 10 decisive choices \(60%\).*p = 0\.754/)).toBeTruthy();
    const agreement = screen.getByRole('table', { name: 'Agreement per dimension' });
    const factuality = within(agreement).getByRole('row', { name: /factuality/ });
    expect(within(factuality).getByText('0.783')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Quadratic-weighted κ per rater pair' })).toBeTruthy();
  });

  it('shows the new figures with their intervals and n: Gwet, ICC, preference shares, per-rater diagnostics, time per task', async () => {
    renderWith(async () => result);
    await screen.findByText('rating values');
    const factuality = result.agreement.factuality!;
    const agreement = within(screen.getByRole('table', { name: 'Agreement per dimension' })).getByRole('row', {
      name: /factuality/,
    });
    expect(within(agreement).getByText(formatInterval(factuality.krippendorff_alpha_ci95))).toBeTruthy();
    expect(within(agreement).getByText(formatInterval(factuality.gwet.ci95))).toBeTruthy();
    expect(within(agreement).getByText(String(factuality.gwet.n))).toBeTruthy();
    const icc = within(screen.getByRole('table', { name: /Intraclass correlation/ })).getByRole('row', {
      name: /factuality/,
    });
    expect(within(icc).getByText(new RegExp(`${factuality.icc!.n} × ${factuality.icc!.k}`))).toBeTruthy();
    const shares = screen.getByRole('table', { name: 'Preference shares with Wilson 95% intervals' });
    const overall = result.preference.find((p) => p.bin === null)!;
    const interval = overall.model_share_ci95!;
    expect(
      within(shares).getAllByText(`[${formatPercent(interval[0])}, ${formatPercent(interval[1])}]`).length,
    ).toBeGreaterThan(0);
    const raters = screen.getByRole('table', { name: 'Each rater against the mean of the other raters' });
    const first = result.per_rater[0]!.dimensions[0]!;
    expect(
      within(raters).getAllByText(formatInterval(first.versus_others.mean_difference_ci95)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Time per task' })).toBeTruthy();
  });

  it('switches the heat map between all models and one model', async () => {
    renderWith(async () => result);
    const user = userEvent.setup();
    await screen.findByText('rating values');
    const cell = (model: string) => {
      const c = result.correlations.find(
        (x) => x.metric === 'rougeL' && x.dimension === 'factuality' && x.model === model,
      )!;
      return `rougeL × factuality: Spearman ${c.spearman!.toFixed(2)}, 95% CI [${c.spearman_ci95![0].toFixed(2)}, ${c.spearman_ci95![1].toFixed(2)}]`;
    };
    expect(screen.getByRole('img', { name: new RegExp(`^${escapeRegExp(cell('ALL'))}`) })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '模型-A' }));
    expect(screen.getByRole('img', { name: new RegExp(`^${escapeRegExp(cell('模型-A'))}`) })).toBeTruthy();
  });

  it('says why when the analysis is refused', async () => {
    renderWith(async () => {
      throw new Error('Reports are available to raters only after they lock their work.');
    });
    expect((await screen.findByRole('alert')).textContent).toContain('only after they lock their work');
  });
});

describe('chart data', () => {
  it('puts each model mean and its n on the bin row', () => {
    const rows = binChartRows(result, 'factuality');
    expect(rows.map((r) => r.bin)).toEqual(['Bin 1', 'Bin 2', 'Bin 3']);
    expect(rows[2]!['模型-A']).toBe(4.4);
    expect(rows[2]![countKey('模型-A')]).toBe(5);
  });

  it('gives preference percentages per bin, the overall row last', () => {
    expect(preferenceChartRows(result, '模型-A').map((r) => r.label)).toEqual([
      'Bin 1 (n=4)',
      'Bin 2 (n=2)',
      'All bins (n=7)',
    ]);
    expect(preferenceChartRows(result, '模型-A').at(-1)).toEqual({
      label: 'All bins (n=7)',
      model: 42.9,
      tie: 14.3,
      reference: 42.9,
    });
  });

  it('has one heat-map cell per metric × rating dimension, null where undefined', () => {
    const cells = correlationCells(result, 'ALL');
    expect(cells).toHaveLength(result.metrics.length * 3);
    expect(cells.find((c) => c.y === 'len')!.value).toBeNull();
  });
});
