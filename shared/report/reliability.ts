/** The report's agreement and per-rater sections: α, Gwet's AC, κ and ICC with their intervals and n. */
import type { AnalysisResult } from '../analysis/types';
import { escapeHtml, formatIccEstimate, formatInterval, formatNumber, formatPercent, formatSeconds } from './format';
import type { Labeller } from './index';
import { table } from './table';

export function agreementSection(result: AnalysisResult, label: Labeller): string {
  const entries = result.dimensions.map((d) => [d, result.agreement[d.key]!] as const);
  if (entries.length === 0)
    return '<section><h2>Inter-rater agreement</h2><p class="note">No ratings yet.</p></section>';
  const rows = entries.map(([d, a]) => [
    escapeHtml(label(d.key)),
    `${a.level}`,
    formatNumber(a.krippendorff_alpha, 3),
    formatInterval(a.krippendorff_alpha_ci95),
    String(a.units),
    formatPercent(a.percent_agreement),
    a.gwet.coefficient,
    formatNumber(a.gwet.value, 3),
    formatNumber(a.gwet.standard_error, 3),
    formatInterval(a.gwet.ci95),
    String(a.gwet.n),
  ]);
  const kappaRows = entries.flatMap(([d, a]) =>
    (a.weighted_kappa ?? []).map((k) => [
      escapeHtml(label(d.key)),
      escapeHtml(k.raters.join(' × ')),
      String(k.n),
      formatNumber(k.kappa, 3),
      formatInterval(k.ci95),
    ]),
  );
  const iccRows = entries.flatMap(([d, a]) => {
    if (!a.icc) return [];
    const icc = a.icc;
    return [
      [
        escapeHtml(label(d.key)),
        `${icc.n} × ${icc.k}${icc.subset === 'largest complete block' ? ` <span class="note">(largest complete block: ${escapeHtml(icc.raters.join(', '))})</span>` : ''}`,
        ...[icc.absolute_single, icc.consistency_single, icc.absolute_average].map((estimate) => {
          const { value, interval } = formatIccEstimate(estimate);
          return `${value} ${escapeHtml(interval)}`;
        }),
      ],
    ];
  });
  return `<section><h2>Inter-rater agreement</h2>
${table(['Dimension', 'Level', "Krippendorff's α", '95% CI', 'Units (≥ 2 ratings)', 'Percent agreement', 'Gwet', 'AC', 'SE', '95% CI', 'n'], rows, { numericFrom: 2 })}
<p class="note">α: percentile bootstrap interval over outputs. Gwet's AC2 (quadratic weights) for Likert dimensions, AC1 otherwise, with Gwet's analytic standard error; n = outputs with at least one rating.</p>
<h3>Intraclass correlation (Likert dimensions)</h3>
${iccRows.length ? table(['Dimension', 'Outputs × raters', 'ICC(A,1) [95% CI]', 'ICC(C,1) [95% CI]', 'ICC(A,k) [95% CI]'], iccRows, { numericFrom: 2 }) : '<p class="note">No output was rated by two or more raters.</p>'}
<p class="note">McGraw &amp; Wong (1996) forms; Shrout &amp; Fleiss (1979): ICC(A,1) = ICC(2,1), ICC(C,1) = ICC(3,1), ICC(A,k) = ICC(2,k). F-based 95% intervals.</p>
<h3>Quadratic-weighted κ per rater pair (Likert dimensions)</h3>
${kappaRows.length ? table(['Dimension', 'Raters', 'Outputs both rated', 'κ', '95% CI'], kappaRows, { numericFrom: 2, groupFirstColumn: true }) : '<p class="note">Fewer than two raters per dimension.</p>'}</section>`;
}

export function raterSection(result: AnalysisResult, label: Labeller): string {
  if (result.per_rater.length === 0) return '';
  const rows = result.per_rater.flatMap((rater) =>
    rater.dimensions.map((d) => [
      escapeHtml(rater.rater),
      escapeHtml(label(d.dimension)),
      String(d.n),
      formatNumber(d.mean),
      formatNumber(d.sd),
      String(d.versus_others.n),
      formatNumber(d.versus_others.spearman),
      formatNumber(d.versus_others.mean_difference),
      formatInterval(d.versus_others.mean_difference_ci95),
    ]),
  );
  const times = result.per_rater.map((rater) => {
    const t = rater.time_per_task_ms;
    return [
      escapeHtml(rater.rater),
      String(t?.n ?? 0),
      formatSeconds(t?.median),
      t ? `${formatSeconds(t.q1)} – ${formatSeconds(t.q3)}` : '—',
    ];
  });
  return `<section><h2>Per-rater diagnostics</h2>
<p>Each rater's ratings (n, mean, SD) and how they compare with the other raters on the outputs both rated (n): Spearman's ρ with the mean of the others' ratings (leave-one-out), and the mean difference rater − others with its paired t 95% interval. A rater far from the others on ρ or the difference deserves a look before pooling.</p>
${table(['Rater', 'Dimension', 'n', 'Mean', 'SD', 'n vs others', 'ρ vs others', 'Mean difference', '95% CI'], rows, { numericFrom: 2, groupFirstColumn: true })}
<h3>Time per task</h3>
${table(['Rater', 'Tasks timed', 'Median', 'Interquartile range'], times, { numericFrom: 1 })}</section>`;
}
