/** The report's result sections: ratings by bin, preference, metric–human correlation. */
import { hasMeans } from '../analysis/categories';
import type { AnalysisDimension, AnalysisResult, Correlation } from '../analysis/types';
import { formatInterval, formatNumber, formatP, formatPercent, formatShareInterval } from './format';
import {
  code,
  heading,
  markup,
  note,
  paragraph,
  strong,
  styled,
  tableBlock,
  type Labeller,
  type Rich,
  type ReportSection,
} from './model';

/** The model names of a table's rows, then the pooled row "ALL" (bold). */
export const ALL_MODELS = 'ALL';

export function ratingDimensions(result: AnalysisResult): AnalysisDimension[] {
  return result.dimensions.filter((d) => d.kind !== 'preference');
}

export function binsSection(result: AnalysisResult, label: Labeller): ReportSection {
  const title = 'Ratings by bin';
  const dimensions = ratingDimensions(result).filter((d) => result.bins.some((b) => b.dimension === d.key));
  if (dimensions.length === 0) return { id: 'bins', title, blocks: [note('No rating has a bin yet.')] };
  const bins = [...new Set(result.bins.map((b) => b.bin))].sort((a, b) => a - b);
  const rows = dimensions.flatMap((d) =>
    result.models.map((model) => [
      label(d.key),
      model,
      ...bins.map((bin): Rich => {
        const cell = result.bins.find((b) => b.dimension === d.key && b.model === model && b.bin === bin);
        return cell ? [`${formatNumber(cell.mean)} `, styled('note', `(${cell.n})`)] : '—';
      }),
    ]),
  );
  return {
    id: 'bins',
    title,
    blocks: [
      paragraph(
        "Mean rating per bin of the model's outputs (bin 1 = lowest average metric score), one panel per dimension, as in Figure 4 of the MeDiSumQA paper. Hover a point for its n.",
      ),
      {
        kind: 'bin-charts',
        models: result.models,
        panels: dimensions.map((d) => ({
          dimension: d,
          label: label(d.key),
          cells: result.bins.filter((b) => b.dimension === d.key),
        })),
      },
      heading('Mean (number of ratings) by bin'),
      tableBlock({
        label: 'Mean (number of ratings) by bin',
        head: ['Dimension', 'Model', ...bins.map((b) => `Bin ${b}`)],
        rows,
        numericFrom: 2,
        groupFirstColumn: true,
      }),
    ],
  };
}

function share(value: number | null, interval: [number, number] | null): Rich {
  return interval === null
    ? `${formatPercent(value)} `
    : [`${formatPercent(value)} `, styled('ci', formatShareInterval(interval))];
}

export function preferenceSection(result: AnalysisResult): ReportSection {
  if (result.preference.length === 0)
    return { id: 'preference', title: 'Preference', blocks: [note('No preference choices yet.')] };
  const models = [...new Set(result.preference.map((p) => p.model))];
  const bias = result.position_bias;
  return {
    id: 'preference',
    title: 'Preference: model vs reference',
    blocks: [
      paragraph(
        "Share of choices preferring the model's answer, a tie, or the reference answer, per bin and overall (Figure 5 of the MeDiSumQA paper). In the table, each share has its Wilson 95% interval.",
      ),
      {
        kind: 'preference-charts',
        panels: models.map((model) => ({ model, shares: result.preference.filter((p) => p.model === model) })),
      },
      tableBlock({
        label: 'Preference shares with Wilson 95% intervals',
        head: ['Model', 'Bin', 'Choices', 'Model preferred', 'Tie', 'Reference preferred'],
        rows: result.preference.map((p) => [
          p.model,
          p.bin === null ? [strong('all')] : String(p.bin),
          String(p.n),
          share(p.model_share, p.model_share_ci95),
          share(p.tie_share, p.tie_share_ci95),
          share(p.reference_share, p.reference_share_ci95),
        ]),
        numericFrom: 2,
        groupFirstColumn: true,
      }),
      heading('Position bias'),
      paragraph(
        `The answer shown as A was picked in ${bias.a_choices} of ${bias.decisive_choices} decisive choices (${formatPercent(bias.a_share)}); two-sided exact binomial test against ½: p = ${formatP(bias.binomial_p_two_sided)}.`,
      ),
    ],
  };
}

export function correlationSummary(c: Correlation): string {
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

function correlationCell(c: Correlation): Rich {
  return [
    `ρ ${formatNumber(c.spearman)} `,
    styled('ci', formatInterval(c.spearman_ci95)),
    styled('small', `τ-b ${formatNumber(c.kendall_tau_b)} · r ${formatNumber(c.pearson)} · n ${c.n}`),
  ];
}

export function correlationSection(result: AnalysisResult, label: Labeller): ReportSection {
  const title = 'Metric–human correlation';
  if (result.correlations.length === 0)
    return { id: 'correlation', title, blocks: [note('No automatic metric scores on the rated outputs.')] };
  // Nominal dimensions have no order to correlate (shared/analysis/categories.ts).
  const dimensions = ratingDimensions(result).filter(hasMeans);
  const find = (metric: string, dimension: string, model: string) =>
    result.correlations.find((c) => c.metric === metric && c.dimension === dimension && c.model === model)!;
  const pivots = chunks(result.metrics, METRICS_PER_TABLE).map((metrics, i, all) =>
    tableBlock({
      label: `Every metric × dimension × model${all.length > 1 ? ` (${i + 1} of ${all.length})` : ''}`,
      head: ['Dimension', 'Model', ...metrics.map((m) => [code(m)])],
      rows: dimensions.flatMap((d) =>
        [...result.models, ALL_MODELS].map((model) => [
          label(d.key),
          model === ALL_MODELS ? [strong(ALL_MODELS)] : model,
          ...metrics.map((metric) => correlationCell(find(metric, d.key, model))),
        ]),
      ),
      groupFirstColumn: true,
      className: 'corr',
    }),
  );
  return {
    id: 'correlation',
    title,
    blocks: [
      paragraph(
        "Spearman's ρ between each metric and the mean human rating of an output, all models pooled, with its 95% bootstrap interval (hover for τ-b, r and n). Blue = positive, red = negative.",
      ),
      tableBlock({
        label: "Spearman's ρ, all models pooled",
        head: ['Metric', ...dimensions.map((d) => label(d.key))],
        rows: result.metrics.map((metric) => [
          [code(metric)],
          ...dimensions.map((d) => {
            const c = find(metric, d.key, ALL_MODELS);
            return {
              content: c.spearman_ci95
                ? [formatNumber(c.spearman), styled('small', formatInterval(c.spearman_ci95))]
                : formatNumber(c.spearman),
              heat: c.spearman,
              title: correlationSummary(c),
            };
          }),
        ]),
        className: 'heat',
      }),
      heading('Every metric × dimension × model'),
      note(
        markup(
          "Each cell: Spearman's ρ with its 95% bootstrap interval; below, Kendall's τ-b, Pearson's r and the number of outputs n.",
        ),
      ),
      ...pivots,
    ],
  };
}
