/** The report's agreement and per-rater sections: α, Gwet's AC, κ and ICC with their intervals and n. */
import type { AgreementFigure, AnalysisDimension, AnalysisResult, DimensionAgreement } from '../analysis/types';
import { formatIccEstimate, formatInterval, formatNumber, formatPercent, formatSeconds } from './format';
import {
  heading,
  markup,
  note,
  paragraph,
  styled,
  tableBlock,
  type Labeller,
  type ReportBlock,
  type ReportSection,
  type Rich,
} from './model';

export function agreementSection(result: AnalysisResult, label: Labeller): ReportSection {
  const title = 'Inter-rater agreement';
  const entries = result.dimensions.map((d) => [d, result.agreement[d.key]!] as const);
  if (entries.length === 0) return { id: 'agreement', title, blocks: [note('No ratings yet.')] };
  const rows = entries.map(([d, a]) => [
    label(d.key),
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
      label(d.key),
      k.raters.join(' × '),
      String(k.n),
      formatNumber(k.kappa, 3),
      formatInterval(k.ci95),
    ]),
  );
  const iccRows = entries.flatMap(([d, a]) => {
    if (!a.icc) return [];
    const icc = a.icc;
    const size: Rich =
      icc.subset === 'largest complete block'
        ? [`${icc.n} × ${icc.k} `, styled('note', `(largest complete block: ${icc.raters.join(', ')})`)]
        : `${icc.n} × ${icc.k}`;
    return [
      [
        label(d.key),
        size,
        ...[icc.absolute_single, icc.consistency_single, icc.absolute_average].map((estimate) => {
          const { value, interval } = formatIccEstimate(estimate);
          return `${value} ${interval}`;
        }),
      ],
    ];
  });
  return {
    id: 'agreement',
    title,
    blocks: [
      tableBlock({
        label: 'Agreement per dimension',
        head: [
          'Dimension',
          'Level',
          "Krippendorff's α",
          '95% CI',
          'Units (≥ 2 ratings)',
          'Percent agreement',
          'Gwet',
          'AC',
          'SE',
          '95% CI',
          'n',
        ],
        rows,
        numericFrom: 2,
      }),
      ...warningBlocks(entries, label),
      note(
        "α: BCa bootstrap interval over outputs. Gwet's AC2 (quadratic weights) for Likert dimensions, AC1 otherwise, with Gwet's analytic standard error; n = outputs with at least one rating.",
      ),
      heading('Intraclass correlation (Likert dimensions)'),
      iccRows.length
        ? tableBlock({
            label: 'Intraclass correlation (Likert dimensions)',
            head: ['Dimension', 'Outputs × raters', 'ICC(A,1) [95% CI]', 'ICC(C,1) [95% CI]', 'ICC(A,k) [95% CI]'],
            rows: iccRows,
            numericFrom: 2,
          })
        : note('No output was rated by two or more raters.'),
      note(
        'McGraw & Wong (1996) forms; Shrout & Fleiss (1979): ICC(A,1) = ICC(2,1), ICC(C,1) = ICC(3,1), ICC(A,k) = ICC(2,k). F-based 95% intervals.',
      ),
      heading('Quadratic-weighted κ per rater pair (Likert dimensions)'),
      kappaRows.length
        ? tableBlock({
            label: 'Quadratic-weighted κ per rater pair',
            head: ['Dimension', 'Raters', 'Outputs both rated', 'κ', '95% CI'],
            rows: kappaRows,
            numericFrom: 2,
            groupFirstColumn: true,
          })
        : note('Fewer than two raters per dimension.'),
    ],
  };
}

const FIGURE_NAMES: Record<AgreementFigure, string> = {
  krippendorff_alpha: 'α',
  percent_agreement: 'percent agreement',
  gwet: 'Gwet',
  weighted_kappa: 'κ',
  icc: 'ICC',
};

/** The agreement warnings of every dimension (agreement.<dimension>.warnings), next to the agreement table. */
function warningBlocks(
  entries: ReadonlyArray<readonly [AnalysisDimension, DimensionAgreement]>,
  label: Labeller,
): ReportBlock[] {
  const rows = entries.flatMap(([d, a]) =>
    a.warnings.map((w) => [label(d.key), w.figures.map((figure) => FIGURE_NAMES[figure]).join(', '), w.message]),
  );
  if (rows.length === 0) {
    return [
      note(
        'No warnings: no figure rests on fewer than 30 shared outputs, no category holds more than 85% of the ratings, every rater used the scale values the others used, and every Likert dimension varies.',
      ),
    ];
  }
  return [
    heading('Where these numbers are fragile'),
    tableBlock({
      label: 'Warnings on the agreement figures',
      head: ['Dimension', 'Figures', 'Warning'],
      rows,
      groupFirstColumn: true,
    }),
  ];
}

/** Per-rater diagnostics; no section at all before anyone has rated. */
export function raterSection(result: AnalysisResult, label: Labeller): ReportSection | null {
  if (result.per_rater.length === 0) return null;
  const rows = result.per_rater.flatMap((rater) =>
    rater.dimensions.map((d) => [
      rater.rater,
      label(d.dimension),
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
      rater.rater,
      String(t?.n ?? 0),
      formatSeconds(t?.median),
      t ? `${formatSeconds(t.q1)} – ${formatSeconds(t.q3)}` : '—',
    ];
  });
  return {
    id: 'raters',
    title: 'Per-rater diagnostics',
    blocks: [
      paragraph(
        markup(
          "Each rater's ratings (n, mean, SD) and how they compare with the other raters on the outputs both rated (n): Spearman's ρ with the mean of the others' ratings (leave-one-out), and the mean difference rater − others with its paired t 95% interval. A rater far from the others on ρ or the difference deserves a look before pooling.",
        ),
      ),
      tableBlock({
        label: 'Each rater against the mean of the other raters',
        head: ['Rater', 'Dimension', 'n', 'Mean', 'SD', 'n vs others', 'ρ vs others', 'Mean difference', '95% CI'],
        rows,
        numericFrom: 2,
        groupFirstColumn: true,
      }),
      heading('Time per task'),
      tableBlock({
        label: 'Time per task',
        head: ['Rater', 'Tasks timed', 'Median', 'Interquartile range'],
        rows: times,
        numericFrom: 1,
      }),
    ],
  };
}
