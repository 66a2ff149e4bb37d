/** The report's judge section: could an LLM judge replace the physicians? Absent when the study has no judge. */
import type { AnalysisResult, JudgeDimensionComparison, JudgeVerdict, MeanKappa } from '../analysis/types';
import type { IccEstimate } from '../stats';
import { formatIccEstimate, formatInterval, formatNumber } from './format';
import { heading, markup, note, paragraph, tableBlock, type Labeller, type ReportSection } from './model';

const VERDICT_WORDS: Record<JudgeVerdict, string> = {
  within: 'within the physicians’ interval',
  below: 'below the physicians’ interval',
  above: 'above the physicians’ interval',
};

export function judgeSection(result: AnalysisResult, label: Labeller): ReportSection | null {
  const judges = result.judges;
  if (judges === undefined || judges.length === 0) return null;
  const summaryRows = judges.flatMap((j) =>
    j.dimensions.map((d) => [
      j.judge,
      label(d.dimension),
      String(d.n),
      meanKappaCell(d.judge_physician_kappa),
      meanKappaCell(d.physician_physician_kappa),
      d.verdict === null ? '—' : VERDICT_WORDS[d.verdict],
      iccCell(d.vs_physician_mean.icc_absolute_single),
      formatNumber(d.bias.mean),
      formatInterval(d.bias.ci95),
    ]),
  );
  const perPhysicianRows = judges.flatMap((j) =>
    j.dimensions.flatMap((d: JudgeDimensionComparison) =>
      d.per_physician.map((p) => [
        `${j.judge} · ${label(d.dimension)}`,
        p.physician,
        String(p.n),
        `${formatNumber(p.weighted_kappa, 3)} ${formatInterval(p.weighted_kappa_ci95)}`,
        `${formatNumber(p.ac2.value, 3)} ${formatInterval(p.ac2.ci95)}`,
        iccCell(p.icc_absolute_single),
      ]),
    ),
  );
  const blocks = [
    paragraph(
      markup(
        "Each judge's agreement with the physicians beside the physicians' agreement among themselves (Likert dimensions). **Judge–physician κ** is the mean over physicians of the quadratic-weighted κ between the judge and that physician; **physician–physician κ** the mean over physician pairs. The verdict says whether the judge's value lies within the physicians' 95% interval. Bias is the judge's rating minus the physicians' mean rating of the same output, averaged over outputs. Judges are in no other table of this report.",
      ),
    ),
    summaryRows.length
      ? tableBlock({
          label: 'Judge against physicians per dimension',
          head: [
            'Judge',
            'Dimension',
            'Outputs',
            'Judge–physician κ [95% CI]',
            'Physician–physician κ [95% CI]',
            'Verdict',
            'ICC(A,1) vs physicians’ mean [95% CI]',
            'Bias',
            '95% CI',
          ],
          rows: summaryRows,
          numericFrom: 2,
          groupFirstColumn: true,
        })
      : note('The study has no Likert dimension to compare judges on.'),
    note(
      'κ intervals: percentile bootstrap over outputs (the mean over pairs recomputed in every resample). ICC: F-based interval. Bias: t interval over outputs.',
    ),
    heading('Each judge against each physician'),
    perPhysicianRows.length
      ? tableBlock({
          label: 'Judge against each physician',
          head: [
            'Judge · dimension',
            'Physician',
            'Outputs both rated',
            'κ [95% CI]',
            'AC2 [95% CI]',
            'ICC(A,1) [95% CI]',
          ],
          rows: perPhysicianRows,
          numericFrom: 2,
          groupFirstColumn: true,
        })
      : note('No physician rated an output the judge rated.'),
  ];
  return { id: 'judges', title: 'LLM judge against the physicians', blocks };
}

function meanKappaCell(kappa: MeanKappa): string {
  return `${formatNumber(kappa.value, 3)} ${formatInterval(kappa.ci95)}`;
}

function iccCell(estimate: IccEstimate | null): string {
  if (estimate === null) return '—';
  const { value, interval } = formatIccEstimate(estimate);
  return `${value} ${interval}`;
}
