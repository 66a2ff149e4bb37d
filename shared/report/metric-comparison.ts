/** The report's "which metric tracks the physicians best" section: best metric per dimension, every pair's test. */
import type { AnalysisResult, MetricComparison } from '../analysis/types';
import { formatInterval, formatNumber, formatP } from './format';
import {
  code,
  heading,
  note,
  paragraph,
  strong,
  tableBlock,
  type Labeller,
  type ReportSection,
  type Rich,
} from './model';
import { ALL_MODELS } from './results-sections';

const modelCell = (model: string): Rich => (model === ALL_MODELS ? [strong(ALL_MODELS)] : model);

/** Null when fewer than two metrics were scored: nothing to compare. */
export function metricComparisonSection(result: AnalysisResult, label: Labeller): ReportSection | null {
  if (result.metrics.length < 2 || result.best_metrics.length === 0) return null;
  const best = result.best_metrics.map((b) => [
    label(b.dimension),
    modelCell(b.model),
    [code(b.metric)],
    formatNumber(b.spearman),
    b.runner_up === null ? '—' : [code(b.runner_up)],
    formatNumber(b.difference),
    formatInterval(b.difference_ci95),
    formatP(b.permutation_p),
    b.runner_up === null ? '—' : b.distinguishable ? [strong('yes')] : 'no',
  ]);
  const pairs = result.metric_comparisons.map((c: MetricComparison) => [
    label(c.dimension),
    modelCell(c.model),
    [code(c.metrics[0]), ' − ', code(c.metrics[1])],
    String(c.n),
    formatNumber(c.spearman.difference),
    formatInterval(c.spearman.difference_ci95),
    formatP(c.spearman.permutation_p),
    formatNumber(c.pearson.difference),
    formatInterval(c.pearson.difference_ci95),
    formatP(c.pearson.permutation_p),
    c.pearson.williams
      ? `t(${c.pearson.williams.df}) = ${formatNumber(c.pearson.williams.t)}, p = ${formatP(c.pearson.williams.p)}`
      : '—',
  ]);
  return {
    id: 'metric-comparison',
    title: 'Which metric tracks the physicians best',
    blocks: [
      paragraph(
        "Per dimension and model, the metric whose Spearman ρ with the physicians' mean rating is highest, and whether it is distinguishable from the runner-up: the difference of the two correlations on the outputs both metrics scored, its paired bootstrap 95% interval, and the paired permutation test (Deutsch, Dror & Roth 2021). Distinguishable = permutation p < 0.05, uncorrected for the number of comparisons.",
      ),
      tableBlock({
        label: 'Best metric per dimension and model',
        head: [
          'Dimension',
          'Model',
          'Best metric',
          'ρ',
          'Runner-up',
          'Δρ',
          '95% CI',
          'Permutation p',
          'Distinguishable',
        ],
        rows: best,
        numericFrom: 3,
        groupFirstColumn: true,
      }),
      heading('Every pair of metrics'),
      tableBlock({
        label: 'Difference of correlations for every pair of metrics',
        head: [
          'Dimension',
          'Model',
          'Metrics',
          'n',
          'Δρ',
          '95% CI',
          'p (perm.)',
          'Δr',
          '95% CI',
          'p (perm.)',
          "Williams' t",
        ],
        rows: pairs,
        numericFrom: 3,
        groupFirstColumn: true,
      }),
      note(
        "Δ = first metric's correlation − second's. Pearson's r also gets Williams' t test for dependent overlapping correlations (df = n − 3, as R psych::r.test).",
      ),
    ],
  };
}
