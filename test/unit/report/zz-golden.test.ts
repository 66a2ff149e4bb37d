import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { renderReportHtml, type ReportStudy } from '../../../shared/report';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { readFixtureCsv } from '../analysis/fixtures';
import { simulatedStudyRows } from '../../integration/qc/scripted-raters';

const study: ReportStudy = {
  name: "Fixture <study> & co's", generatedAt: '2026-03-05T12:00:00.000Z', rubric: MEDISUMQA_RUBRIC,
  raters: { total: 4, locked: 3 },
  samples: [{ id: 1, task: 'rating', bins: 3, perBin: 2, metrics: ['rougeL'], seed: 4242, disjoint: true, models: ['模型-A'], tasks: 12, createdAt: '2026-03-01T09:00:00.000Z' }],
  packages: [{ id: 'p1', rater: 'Dr A', issuedAt: '2026-03-01T09:00:00.000Z', returnedAt: null, answers: 3 }],
};
it('golden', () => {
  const dir = process.env.GOLDEN_DIR!;
  const small = analyzeTidyRatings(readFixtureCsv('ratings_small.csv').rows, { bootstrap: 100, seed: 1 });
  writeFileSync(`${dir}/small.html`, renderReportHtml(small, study));
  writeFileSync(`${dir}/empty.html`, renderReportHtml(analyzeTidyRatings([], { bootstrap: 0, seed: 1 }), { ...study, rubric: null, samples: [], packages: [] }));
  writeFileSync(`${dir}/qc.html`, renderReportHtml(analyzeTidyRatings(simulatedStudyRows(), { bootstrap: 0, seed: 3 }), study));
});
