import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, type TidyRatingRow } from '../../../shared/analysis';
import { buildReportModel, renderReportHtml } from '../../../shared/report';
import { modelTables, type Rich } from '../../../shared/report/model';
import {
  formatIccEstimate,
  formatInterval,
  formatNumber,
  formatP,
  formatPercent,
  formatShareInterval,
} from '../../../shared/report/format';
import { readFixtureCsv } from '../analysis/fixtures';
import { FIXTURE_STUDY } from './fixture-study';

const study = FIXTURE_STUDY;
const { rows } = readFixtureCsv('ratings_small.csv');
const result = analyzeTidyRatings(rows, { bootstrap: 100, seed: 1 });
const html = renderReportHtml(result, study);
const plainText = (text: Rich): string =>
  typeof text === 'string'
    ? text
    : text.map((run) => (typeof run === 'string' ? run : plainText(run.content))).join('');

describe('renderReportHtml', () => {
  it('shows every interval with its n: α, Gwet, ICC, κ, preference shares, rater differences', () => {
    const factuality = result.agreement.factuality!;
    expect(html).toContain(`<td class="num">${formatInterval(factuality.krippendorff_alpha_ci95)}</td>`);
    expect(html).toContain(
      `<td class="num">${formatNumber(factuality.gwet.value, 3)}</td><td class="num">${formatNumber(factuality.gwet.standard_error, 3)}</td><td class="num">${formatInterval(factuality.gwet.ci95)}</td><td class="num">${factuality.gwet.n}</td>`,
    );
    const icc = factuality.icc!;
    expect(html).toContain(`${icc.n} × ${icc.k}`);
    expect(html).toContain(`${formatNumber(icc.absolute_single.value, 3)} ${formatInterval(icc.absolute_single.ci95)}`);
    const kappa = factuality.weighted_kappa![0]!;
    expect(html).toContain(
      `<td class="num">${kappa.n}</td><td class="num">${formatNumber(kappa.kappa, 3)}</td><td class="num">${formatInterval(kappa.ci95)}</td>`,
    );
    const overall = result.preference.find((p) => p.bin === null)!;
    expect(html).toContain(
      `<td class="num">${overall.n}</td><td class="num">${formatPercent(overall.model_share)} <span class="ci">${formatShareInterval(overall.model_share_ci95)}</span></td>`,
    );
    const rater = result.per_rater[0]!.dimensions[0]!;
    expect(html).toContain(
      `<td class="num">${formatNumber(rater.versus_others.mean_difference)}</td><td class="num">${formatInterval(rater.versus_others.mean_difference_ci95)}</td>`,
    );
  });

  it('states in the Methods how every new figure was computed', () => {
    const methods = html.slice(html.indexOf('<h2>Methods</h2>'));
    for (const phrase of [
      "Gwet's AC1",
      'AC2',
      'ICC(A,1)',
      'F-based',
      'Wilson',
      'leave-one-out',
      'bias-corrected and accelerated (BCa) bootstrap intervals over outputs',
      'percentile bootstrap interval',
      'interquartile',
    ]) {
      expect(methods).toContain(phrase);
    }
  });

  it('is self-contained: no script, no external URL or resource reference', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:|\/\/|src=|href=|url\(|@import/i);
    expect(html).toContain("default-src 'none'");
  });

  it('states the study parameters: sample seed, bins, per bin, metrics, rubric, counts, bootstrap', () => {
    expect(html).toContain('<td>4242</td>');
    expect(html).toContain('<td>rougeL</td>');
    expect(html).toContain('Rubric: MeDiSumQA manual evaluation');
    expect(html).toContain(`<b>${result.counts.ratings}</b><span>rating values</span>`);
    expect(html).toContain('raters with ratings (of 4; 3 locked)');
    expect(html).toContain('Bootstrap: 100 resamples, seed 1.');
  });

  it('has every table: bins, preference, correlations (heat map and full), metric against metric, agreement with its warnings, ICC, kappa, per rater and time', () => {
    for (const heading of [
      'Ratings by bin',
      'Preference: model vs reference',
      'Metric–human correlation',
      'Which metric tracks the physicians best',
      'Inter-rater agreement',
      'Per-rater diagnostics',
      'Methods',
    ]) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    // 8 + ICC, per-rater diagnostics, time per task, the per-rater quality-control table, best metric, every pair, warnings
    expect(html.match(/<table/g)!.length).toBe(15);
    expect(html).toContain(`<td class="num">${formatNumber(result.agreement.factuality!.krippendorff_alpha, 3)}</td>`);
    expect(html).toContain(`p = ${formatP(result.position_bias.binomial_p_two_sided)}`);
    for (const c of result.correlations.filter((x) => x.spearman !== null))
      expect(html).toContain(formatNumber(c.spearman));
  });

  it('draws one line chart per rating dimension and one bar chart per model, with tooltips', () => {
    expect(html.match(/<svg class="chart"/g)).toHaveLength(3);
    expect(html.match(/<svg class="bars"/g)).toHaveLength(2);
    expect(html).toContain('<title>模型-A, bin 3: mean 4.40 (n = 5)</title>');
  });

  it('escapes names taken from the data', () => {
    const hostile = rows.map((row) => ({ ...row, model: row.model === '模型-A' ? '<img onerror=x>"A"' : row.model }));
    const escaped = renderReportHtml(analyzeTidyRatings(hostile, { bootstrap: 0, seed: 1 }), study);
    expect(escaped).not.toContain('<img');
    expect(escaped).toContain('&lt;img onerror=x&gt;&quot;A&quot;');
    expect(escaped).toContain('<h1>Fixture &lt;study&gt; &amp; co</h1>');
  });

  it('renders an empty study with notes instead of charts', () => {
    const empty = renderReportHtml(analyzeTidyRatings([], { bootstrap: 0, seed: 1 }), { ...study, samples: [] });
    expect(empty).toContain('No rating has a bin yet.');
    expect(empty).toContain('No preference choices yet.');
    expect(empty).toContain('No sample has been drawn.');
    expect(empty).not.toContain('<svg');
  });
});

describe('number formatting', () => {
  it('uses a true minus, no negative zero, and a dash for undefined values', () => {
    expect(formatNumber(-0.123)).toBe('−0.12');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(null)).toBe('—');
    expect(formatP(0.0004)).toBe('< 0.001');
  });

  it('prints an undefined ICC as "undefined" with its reason, not as a dash or a number', () => {
    expect(
      formatIccEstimate({ value: null, ci95: null, undefined_because: 'every rating in the table is the same' }),
    ).toEqual({ value: 'undefined', interval: '(every rating in the table is the same)' });
    expect(formatIccEstimate({ value: 0.4567, ci95: [0.1, 0.7] })).toEqual({
      value: '0.457',
      interval: '[0.10, 0.70]',
    });
    const first = rows.find((row) => row.task === 'rating')!;
    const constant: TidyRatingRow[] = ['a', 'b'].flatMap((rater) =>
      ['q1', 'q2', 'q3'].map((itemId) => ({ ...first, rater, itemId, value: 3 })),
    );
    const undefinedHtml = renderReportHtml(analyzeTidyRatings(constant, { bootstrap: 0, seed: 1 }), study);
    expect(undefinedHtml).toContain('undefined (every rating in the table is the same)');
  });
});

describe('metric comparison and agreement warnings in the report', () => {
  const model = buildReportModel(result, study);
  const table = (name: string) => modelTables(model).find((t) => t.label === name)!;

  it('has a best-metric row per dimension and model, saying whether it beats the runner-up', () => {
    const best = table('Best metric per dimension and model');
    expect(best.rows).toHaveLength(result.best_metrics.length);
    result.best_metrics.forEach((b, i) => {
      const cells = best.rows[i]!.map((cell) => plainText(cell as Rich));
      expect(cells[2]).toBe(b.metric);
      expect(cells[5]).toBe(formatNumber(b.difference));
      expect(cells[6]).toBe(formatInterval(b.difference_ci95));
      expect(cells[7]).toBe(formatP(b.permutation_p));
      expect(cells[8]).toBe(b.runner_up === null ? '—' : b.distinguishable ? 'yes' : 'no');
    });
    expect(html).toContain('Which metric tracks the physicians best');
  });

  it("lists every pair with both differences, their intervals, permutation p and Williams' t", () => {
    const pairs = table('Difference of correlations for every pair of metrics');
    expect(pairs.rows).toHaveLength(result.metric_comparisons.length);
    const first = result.metric_comparisons.find((c) => c.pearson.williams !== null)!;
    const row = pairs.rows[result.metric_comparisons.indexOf(first)]!.map((cell) => plainText(cell as Rich));
    expect(row[2]).toBe(`${first.metrics[0]} − ${first.metrics[1]}`);
    expect(row[10]).toBe(
      `t(${first.pearson.williams!.df}) = ${formatNumber(first.pearson.williams!.t)}, p = ${formatP(first.pearson.williams!.p)}`,
    );
  });

  it('prints every agreement warning next to the agreement tables', () => {
    const warnings = Object.values(result.agreement).flatMap((a) => a.warnings);
    expect(warnings.length).toBeGreaterThan(0);
    const rows = table('Warnings on the agreement figures').rows.map((r) => plainText(r[2] as Rich));
    expect(rows).toEqual(result.dimensions.flatMap((d) => result.agreement[d.key]!.warnings.map((w) => w.message)));
    expect(html).toContain('Where these numbers are fragile');
  });
});
