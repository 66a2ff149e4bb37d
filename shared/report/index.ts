/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, no external resources)
 * that opens offline and prints to PDF, built from an AnalysisResult and the study's parameters.
 */
import type { AnalysisDimension, AnalysisResult, Correlation } from '../analysis/types';
import { meanIsShareOfOne } from '../analysis/dimensions';
import { binLineChart, PREFERENCE_SEGMENTS, preferenceBars } from './charts';
import {
  escapeHtml,
  formatInterval,
  formatNumber,
  formatP,
  formatPercent,
  formatShareInterval,
  seriesStyle,
} from './format';
import { methodsHtml } from './methods';
import { qcSection } from './qc';
import { agreementSection, raterSection } from './reliability';
import { REPORT_CSS } from './style';
import { table } from './table';
import type { ReportStudy } from './types';

export type { ReportSample, ReportStudy } from './types';

export function renderReportHtml(result: AnalysisResult, study: ReportStudy): string {
  const label = dimensionLabeller(study);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(study.name)} — BlindRate report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(study.name)}</h1>
<div class="meta">BlindRate analysis report · generated ${escapeHtml(study.generatedAt)}</div>
</header>
${studySection(result, study)}
${binsSection(result, label)}
${preferenceSection(result)}
${correlationSection(result, label)}
${agreementSection(result, label)}
${raterSection(result, label)}
${qcSection(result, label)}
<section class="methods"><h2>Methods</h2>${methodsHtml(result)}</section>
</main>
</body>
</html>
`;
}

export type Labeller = (key: string) => string;

function dimensionLabeller(study: ReportStudy): Labeller {
  const labels = new Map(study.rubric?.dimensions.map((d) => [d.key, d.label]) ?? []);
  return (key) => labels.get(key) ?? (key === 'preference' ? 'Preference' : key);
}

function fact(value: string | number, caption: string): string {
  return `<div class="fact"><b>${value}</b><span>${caption}</span></div>`;
}

function studySection(result: AnalysisResult, study: ReportStudy): string {
  const { counts } = result;
  const facts = [
    fact(counts.raters, `raters with ratings (of ${study.raters.total}; ${study.raters.locked} locked)`),
    fact(counts.outputs, 'outputs rated'),
    fact(counts.ratings, 'rating values'),
    fact(counts.preferences, 'preference choices'),
    fact(result.models.length, 'models'),
    fact(result.metrics.length, 'automatic metrics'),
  ].join('');
  const samples = study.samples.length
    ? table(
        ['Sample', 'Task', 'Bins', 'Per bin', 'Seed', 'Binning metrics', 'Disjoint', 'Models', 'Tasks', 'Created'],
        study.samples.map((s) => [
          `#${s.id}`,
          s.task,
          String(s.bins),
          String(s.perBin),
          String(s.seed),
          escapeHtml(s.metrics.join(', ')),
          s.disjoint ? 'yes' : 'no',
          escapeHtml(s.models.join(', ')),
          String(s.tasks),
          escapeHtml(s.createdAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')),
        ]),
      )
    : '<p class="note">No sample has been drawn.</p>';
  const rubric = study.rubric
    ? `<h3>Rubric: ${escapeHtml(study.rubric.name)}</h3>${study.rubric.source ? `<p class="note">${escapeHtml(study.rubric.source)}</p>` : ''}` +
      table(
        ['Dimension', 'Key', 'Kind', 'Scale'],
        study.rubric.dimensions.map((d) => [
          escapeHtml(d.label),
          `<code>${escapeHtml(d.key)}</code>`,
          d.kind,
          escapeHtml(d.scale.map((p) => `${p.value} = ${p.label}`).join(' · ')),
        ]),
      )
    : '';
  const when = (at: string) => escapeHtml(at.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC'));
  const packages = study.packages?.length
    ? `<h3>Rater packages</h3>${table(
        ['Rater', 'Package', 'Issued', 'Returned', 'Answers from it'],
        study.packages.map((p) => [
          escapeHtml(p.rater),
          `<code>${escapeHtml(p.id)}</code>`,
          when(p.issuedAt),
          p.returnedAt ? when(p.returnedAt) : 'not yet',
          String(p.answers),
        ]),
        { numericFrom: 4 },
      )}<p class="note">Each answer's package is the <code>package_id</code> column of the ratings export.</p>`
    : '';
  return `<section><h2>Study</h2><div class="facts">${facts}</div><h3>Samples</h3>${samples}${packages}${rubric}
<p class="note">Models: ${escapeHtml(result.models.join(', ') || 'none')}. Metrics: ${escapeHtml(result.metrics.join(', ') || 'none')}. Bootstrap: ${result.parameters.bootstrap} resamples, seed ${result.parameters.seed}.</p></section>`;
}

function legend(models: ReadonlyArray<string>): string {
  return `<div class="legend">${models
    .map((model, i) => {
      const { colour, dash } = seriesStyle(i);
      return `<span><svg viewBox="0 0 28 10"><line x1="0" x2="28" y1="5" y2="5" stroke="${colour}" stroke-width="2.5" stroke-dasharray="${dash}"/></svg>${escapeHtml(model)}</span>`;
    })
    .join('')}</div>`;
}

function ratingDimensions(result: AnalysisResult): AnalysisDimension[] {
  return result.dimensions.filter((d) => d.kind !== 'preference');
}

function binsSection(result: AnalysisResult, label: Labeller): string {
  const dimensions = ratingDimensions(result).filter((d) => result.bins.some((b) => b.dimension === d.key));
  if (dimensions.length === 0)
    return '<section><h2>Ratings by bin</h2><p class="note">No rating has a bin yet.</p></section>';
  const charts = dimensions
    .map(
      (d) =>
        `<figure>${binLineChart(
          d,
          label(d.key),
          result.bins.filter((b) => b.dimension === d.key),
          result.models,
        )}<figcaption>${escapeHtml(label(d.key))}${meanIsShareOfOne(d) ? ' (share of 1)' : ''}</figcaption></figure>`,
    )
    .join('');
  const bins = [...new Set(result.bins.map((b) => b.bin))].sort((a, b) => a - b);
  const rows = dimensions.flatMap((d) =>
    result.models.map((model) => [
      escapeHtml(label(d.key)),
      escapeHtml(model),
      ...bins.map((bin) => {
        const cell = result.bins.find((b) => b.dimension === d.key && b.model === model && b.bin === bin);
        return cell ? `${formatNumber(cell.mean)} <span class="note">(${cell.n})</span>` : '—';
      }),
    ]),
  );
  return `<section><h2>Ratings by bin</h2>
<p>Mean rating per bin of the model's outputs (bin 1 = lowest average metric score), one panel per dimension, as in Figure 4 of the MeDiSumQA paper. Hover a point for its n.</p>
${legend(result.models)}<div class="multiples">${charts}</div>
<h3>Mean (number of ratings) by bin</h3>${table(['Dimension', 'Model', ...bins.map((b) => `Bin ${b}`)], rows, { numericFrom: 2, groupFirstColumn: true })}</section>`;
}

function preferenceSection(result: AnalysisResult): string {
  if (result.preference.length === 0)
    return '<section><h2>Preference</h2><p class="note">No preference choices yet.</p></section>';
  const models = [...new Set(result.preference.map((p) => p.model))];
  const swatches = PREFERENCE_SEGMENTS.map(
    (s) => `<span><i class="swatch" style="background:${s.colour}"></i>${s.label}</span>`,
  ).join('');
  const charts = models
    .map(
      (model) =>
        `<figure><h3>${escapeHtml(model)}</h3>${preferenceBars(
          model,
          result.preference.filter((p) => p.model === model),
        )}</figure>`,
    )
    .join('');
  const rows = result.preference.map((p) => [
    escapeHtml(p.model),
    p.bin === null ? '<b>all</b>' : String(p.bin),
    String(p.n),
    `${formatPercent(p.model_share)} ${formatShareInterval(p.model_share_ci95)}`,
    `${formatPercent(p.tie_share)} ${formatShareInterval(p.tie_share_ci95)}`,
    `${formatPercent(p.reference_share)} ${formatShareInterval(p.reference_share_ci95)}`,
  ]);
  const bias = result.position_bias;
  return `<section><h2>Preference: model vs reference</h2>
<p>Share of choices preferring the model's answer, a tie, or the reference answer, per bin and overall (Figure 5 of the MeDiSumQA paper). In the table, each share has its Wilson 95% interval.</p>
<div class="legend">${swatches}</div><div class="pref-grid">${charts}</div>
${table(['Model', 'Bin', 'Choices', 'Model preferred', 'Tie', 'Reference preferred'], rows, { numericFrom: 2, groupFirstColumn: true })}
<h3>Position bias</h3>
<p>The answer shown as A was picked in ${bias.a_choices} of ${bias.decisive_choices} decisive choices (${formatPercent(bias.a_share)}); two-sided exact binomial test against ½: p = ${formatP(bias.binomial_p_two_sided)}.</p></section>`;
}

/** White at 0, blue towards +1, red towards −1; the text turns white on dark cells. */
function heatStyle(r: number | null): string {
  if (r === null) return 'background:#f6f8fa;color:#59636e';
  const [R, G, B] = r >= 0 ? [33, 102, 172] : [178, 24, 43];
  const t = Math.min(1, Math.abs(r));
  const mix = (c: number) => Math.round(255 + (c - 255) * t);
  return `background:rgb(${mix(R)},${mix(G)},${mix(B)});color:${t > 0.55 ? '#fff' : '#1f2328'}`;
}

function correlationTitle(c: Correlation): string {
  return `${c.metric} × ${c.dimension} (${c.model}): Spearman ${formatNumber(c.spearman)}, 95% CI ${formatInterval(c.spearman_ci95)}, Kendall τ-b ${formatNumber(c.kendall_tau_b)}, Pearson ${formatNumber(c.pearson)}, n = ${c.n}`;
}

/** At most this many metric columns per correlation table, so wide tables still fit a printed page. */
const METRICS_PER_TABLE = 4;

/** Splits items into the fewest chunks of at most `size`, as even as possible (5 → 3 + 2, not 4 + 1). */
function chunks<T>(items: ReadonlyArray<T>, size: number): T[][] {
  const count = Math.ceil(items.length / size);
  const even = Math.ceil(items.length / Math.max(count, 1));
  return Array.from({ length: count }, (_, i) => items.slice(i * even, i * even + even));
}

function correlationCell(c: Correlation): string {
  return `ρ ${formatNumber(c.spearman)} <span class="ci">${formatInterval(c.spearman_ci95)}</span><small>τ-b ${formatNumber(c.kendall_tau_b)} · r ${formatNumber(c.pearson)} · n ${c.n}</small>`;
}

function correlationSection(result: AnalysisResult, label: Labeller): string {
  if (result.correlations.length === 0) {
    return '<section><h2>Metric–human correlation</h2><p class="note">No automatic metric scores on the rated outputs.</p></section>';
  }
  const dimensions = ratingDimensions(result);
  const heat = result.metrics.map((metric) => [
    `<code>${escapeHtml(metric)}</code>`,
    ...dimensions.map((d) => {
      const c = result.correlations.find((x) => x.metric === metric && x.dimension === d.key && x.model === 'ALL')!;
      return `<td class="cell" style="${heatStyle(c.spearman)}" title="${escapeHtml(correlationTitle(c))}">${formatNumber(c.spearman)}${c.spearman_ci95 ? `<small>${formatInterval(c.spearman_ci95)}</small>` : ''}</td>`;
    }),
  ]);
  const heatTable =
    `<table class="heat"><thead><tr><th>Metric</th>${dimensions.map((d) => `<th>${escapeHtml(label(d.key))}</th>`).join('')}</tr></thead>` +
    `<tbody>${heat.map(([first, ...cells]) => `<tr><td>${first}</td>${cells.join('')}</tr>`).join('')}</tbody></table>`;
  const pivots = chunks(result.metrics, METRICS_PER_TABLE).map((metrics) =>
    table(
      ['Dimension', 'Model', ...metrics.map((m) => `<code>${escapeHtml(m)}</code>`)],
      dimensions.flatMap((d) =>
        [...result.models, 'ALL'].map((model) => [
          escapeHtml(label(d.key)),
          model === 'ALL' ? '<b>ALL</b>' : escapeHtml(model),
          ...metrics.map((metric) =>
            correlationCell(
              result.correlations.find((c) => c.metric === metric && c.dimension === d.key && c.model === model)!,
            ),
          ),
        ]),
      ),
      { groupFirstColumn: true, className: 'corr' },
    ),
  );
  return `<section><h2>Metric–human correlation</h2>
<p>Spearman's ρ between each metric and the mean human rating of an output, all models pooled, with its 95% bootstrap interval (hover for τ-b, r and n). Blue = positive, red = negative.</p>
${heatTable}
<h3>Every metric × dimension × model</h3>
<p class="note">Each cell: Spearman's ρ with its 95% bootstrap interval; below, Kendall's τ-b, Pearson's r and the number of outputs n.</p>
${pivots.join('')}</section>`;
}
