/** The report's quality-control section: per-rater checks, hidden repeats, reference controls, calibration. */
import type { AnalysisResult } from '../analysis/types';
import type { RaterFlag, RaterQc } from '../analysis/qc';
import { formatNumber, formatPercent, formatSeconds } from './format';
import { heading, note, paragraph, strong, styled, tableBlock, type Labeller, type ReportSection } from './model';

const RATER_FLAG_LABELS: Record<RaterFlag, string> = {
  fast_answers: 'fast answers',
  straight_lining: 'straight-lining',
};

/** The columns of the per-rater QC table. */
function raterQcColumns(fastMs: number): string[] {
  return [
    'Rater',
    'Tasks',
    'Median time',
    'IQR',
    `Faster than ${formatSeconds(fastMs)}`,
    'Longest straight run',
    'Flags',
  ];
}

/** The cells of one rater's row. */
function raterQcCells(rater: RaterQc): {
  tasks: string;
  median: string;
  iqr: string;
  fast: string;
  straight: string;
  flags: string;
} {
  return {
    tasks: String(rater.tasks),
    median: formatSeconds(rater.median_ms),
    iqr:
      rater.q1_ms === null || rater.q3_ms === null
        ? '—'
        : `${formatSeconds(rater.q1_ms)} – ${formatSeconds(rater.q3_ms)}`,
    fast: `${rater.fast_tasks} of ${rater.timed_tasks} (${formatPercent(rater.fast_share)})`,
    straight:
      rater.longest_straight_run === null
        ? 'order unknown'
        : `${rater.longest_straight_run}${rater.straight_runs > 0 ? ` (${rater.straight_runs} run${rater.straight_runs === 1 ? '' : 's'} ≥ threshold)` : ''}`,
    flags: rater.flags.length === 0 ? 'none' : rater.flags.map((f) => RATER_FLAG_LABELS[f]).join(', '),
  };
}

/** Rows of a per-dimension QC table in the report's dimension order (rubric order), raters kept in order within. */
export function inDimensionOrder<T extends { dimension: string }>(result: AnalysisResult, rows: ReadonlyArray<T>): T[] {
  const position = new Map(result.dimensions.map((d, i) => [d.key, i]));
  return [...rows].sort((a, b) => (position.get(a.dimension) ?? Infinity) - (position.get(b.dimension) ?? Infinity));
}

export function qcSection(result: AnalysisResult, label: Labeller): ReportSection {
  const { qc } = result;
  const { fast_ms, fast_share_flag, straight_run } = qc.parameters;
  const who = (rater: string | null) => (rater === null ? [strong('all')] : rater);
  const raters = qc.raters.length
    ? tableBlock({
        label: 'Quality control per rater',
        head: raterQcColumns(fast_ms),
        rows: qc.raters.map((r) => {
          const cells = raterQcCells(r);
          return [
            r.rater,
            cells.tasks,
            cells.median,
            cells.iqr,
            cells.fast,
            cells.straight,
            r.flags.length ? [strong(cells.flags)] : cells.flags,
          ];
        }),
        numericFrom: 1,
      })
    : note('No ratings yet.');

  const repeats =
    qc.rows.repeat === 0
      ? note('The plan had no hidden repeats.')
      : tableBlock({
          label: 'Intra-rater agreement on hidden repeats',
          head: ['Dimension', 'Rater', 'Pairs', 'κ', 'Exact'],
          rows: inDimensionOrder(result, qc.intra_rater).map((a) => [
            label(a.dimension),
            who(a.rater),
            String(a.n),
            formatNumber(a.weighted_kappa, 3),
            formatPercent(a.percent_exact),
          ]),
          numericFrom: 2,
          groupFirstColumn: true,
        });

  const models = qc.reference_controls[0]?.models.map((m) => m.model) ?? [];
  const mean = (cell: { mean: number | null; n: number }) => [
    `${formatNumber(cell.mean)} `,
    styled('note', `(${cell.n})`),
  ];
  const references =
    qc.reference_controls.length === 0
      ? note('The plan had no reference controls.')
      : tableBlock({
          label: 'Reference controls next to each model',
          head: ['Dimension', 'Reference answers', ...models],
          rows: inDimensionOrder(result, qc.reference_controls).map((c) => [
            label(c.dimension),
            mean(c.reference),
            ...c.models.map(mean),
          ]),
          numericFrom: 1,
        });

  const calibration =
    qc.rows.calibration === 0
      ? note('The plan had no calibration tasks.')
      : !qc.calibration.expected_supplied
        ? note(
            `${qc.rows.calibration} calibration rows; their expected ratings were not supplied, so they are not compared.`,
          )
        : tableBlock({
            label: 'Calibration against the expected ratings',
            head: ['Dimension', 'Rater', 'Ratings', 'Exact', 'Within 1 step', 'Mean |steps|'],
            rows: inDimensionOrder(result, qc.calibration.agreement).map((a) => [
              label(a.dimension),
              who(a.rater),
              String(a.n),
              formatPercent(a.exact_share),
              formatPercent(a.within_one_share),
              formatNumber(a.mean_absolute_difference),
            ]),
            numericFrom: 2,
            groupFirstColumn: true,
          });

  return {
    id: 'qc',
    title: 'Quality control',
    blocks: [
      paragraph(
        `Checks designed into the study and recorded while raters worked. Rows of QC tasks (${qc.rows.repeat} of hidden repeats, ${qc.rows.reference_control} of reference controls, ${qc.rows.calibration} of calibration) are left out of every result above and reported here only.`,
      ),
      heading('Per rater'),
      note(
        `Time per task is the time on screen before the last save, paused and idle time excluded. A rater is flagged for fast answers when at least ${formatPercent(fast_share_flag)} of their timed tasks took less than ${formatSeconds(fast_ms)}, and for straight-lining after ${straight_run} or more rating tasks in a row given one and the same value on every Likert dimension (in the order rated). Flags are a reason to look, not a verdict.`,
      ),
      raters,
      heading('Intra-rater agreement on hidden repeats'),
      note(
        "Each repeat against the same rater's first showing of the task: Cohen's κ over the dimension's scale, with quadratic weights on the steps of an ordered scale (Likert, ordinal) and unweighted on categories (binary, nominal: an error type's categories have no distance), and the share of identical values; all raters pooled, then per rater.",
      ),
      repeats,
      heading('Reference controls'),
      note(
        "Mean rating of the items' reference answers, shown to raters as if they were model answers, next to each model's mean over all its ratings (number of ratings in brackets).",
      ),
      references,
      heading('Calibration'),
      note(
        "Calibration tasks opened each rater's queue; the rater saw the expected rating and its rationale after saving. Shares of ratings equal to the expected value and within one scale step of it, and the mean absolute difference in scale steps (none for binary and nominal dimensions, whose categories have no distance).",
      ),
      calibration,
    ],
  };
}
