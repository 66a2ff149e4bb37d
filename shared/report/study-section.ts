/** The report's Study section: counts, the samples drawn (with their seeds), rater packages, the rubric. */
import type { AnalysisResult } from '../analysis/types';
import { code, heading, markup, note, tableBlock, type ReportBlock, type ReportSection } from './model';
import type { ReportStudy } from './types';

/** An ISO time as the report prints it: "2026-03-01 09:00 UTC". */
function when(at: string): string {
  return at.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
}

export function studySection(result: AnalysisResult, study: ReportStudy): ReportSection {
  const { counts } = result;
  const facts: ReportBlock = {
    kind: 'facts',
    facts: [
      {
        value: counts.raters,
        caption: `raters with ratings (of ${study.raters.total}; ${study.raters.locked} locked)`,
      },
      { value: counts.outputs, caption: 'outputs rated' },
      { value: counts.ratings, caption: 'rating values' },
      { value: counts.preferences, caption: 'preference choices' },
      { value: result.models.length, caption: 'models' },
      { value: result.metrics.length, caption: 'automatic metrics' },
    ],
  };
  const samples = study.samples.length
    ? tableBlock({
        label: 'Samples',
        head: [
          'Sample',
          'Task',
          'Bins',
          'Per bin',
          'Seed',
          'Binning metrics',
          'Disjoint',
          'Models',
          'Tasks',
          'Created',
        ],
        rows: study.samples.map((s) => [
          `#${s.id}`,
          s.task,
          String(s.bins),
          String(s.perBin),
          String(s.seed),
          s.metrics.join(', '),
          s.disjoint ? 'yes' : 'no',
          s.models.join(', '),
          String(s.tasks),
          when(s.createdAt),
        ]),
      })
    : note('No sample has been drawn.');
  const packages: ReportBlock[] = study.packages?.length
    ? [
        heading('Rater packages'),
        tableBlock({
          label: 'Rater packages',
          head: ['Rater', 'Package', 'Issued', 'Returned', 'Answers from it'],
          rows: study.packages.map((p) => [
            p.rater,
            [code(p.id)],
            when(p.issuedAt),
            p.returnedAt ? when(p.returnedAt) : 'not yet',
            String(p.answers),
          ]),
          numericFrom: 4,
        }),
        note(markup(`Each answer's package is the <code>package_id</code> column of the ratings export.`)),
      ]
    : [];
  const rubric: ReportBlock[] = study.rubric
    ? [
        heading(`Rubric: ${study.rubric.name}`),
        ...(study.rubric.source ? [note(study.rubric.source)] : []),
        tableBlock({
          label: 'Rubric',
          head: ['Dimension', 'Key', 'Kind', 'Scale'],
          rows: study.rubric.dimensions.map((d) => [
            d.label,
            [code(d.key)],
            d.kind,
            d.scale.map((p) => `${p.value} = ${p.label}`).join(' · '),
          ]),
        }),
      ]
    : [];
  return {
    id: 'study',
    title: 'Study',
    blocks: [
      facts,
      heading('Samples'),
      samples,
      ...packages,
      ...rubric,
      note(
        `Models: ${result.models.join(', ') || 'none'}. Metrics: ${result.metrics.join(', ') || 'none'}. Bootstrap: ${result.parameters.bootstrap} resamples, seed ${result.parameters.seed}.`,
      ),
    ],
  };
}
