import type { ReportStudy } from '../../../shared/report';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';

/** The study facts the report tests share: a name to escape, the MeDiSumQA rubric and one sample with its seed. */
export const FIXTURE_STUDY: ReportStudy = {
  name: 'Fixture <study> & co',
  generatedAt: '2026-03-05T12:00:00.000Z',
  rubric: MEDISUMQA_RUBRIC,
  raters: { total: 4, locked: 3 },
  samples: [
    {
      id: 1,
      task: 'rating',
      bins: 3,
      perBin: 2,
      metrics: ['rougeL'],
      seed: 4242,
      disjoint: true,
      models: ['模型-A'],
      tasks: 12,
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
};
