/**
 * The Methods paragraph on LLM judges: present exactly when the study has judge ratings, naming each
 * judge, what it rated, how it was compared with the physicians and with which statistics.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, type JudgeValue, type KnownDimension } from '../../../shared/analysis';
import { csvRecords } from '../../../shared/csv';
import { renderReportHtml } from '../../../shared/report';
import { readFixtureCsv } from '../analysis/fixtures';
import { FIXTURE_STUDY } from './fixture-study';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/analysis');
const LIKERT = [1, 2, 3, 4, 5];
const rubric: KnownDimension[] = [
  { key: 'factuality', kind: 'likert', scale: LIKERT },
  { key: 'brevity', kind: 'likert', scale: LIKERT },
  { key: 'safety', kind: 'binary', scale: [0, 1] },
];
const { rows } = readFixtureCsv('ratings_small.csv');
const judgeRows = csvRecords(readFileSync(join(folder, 'judge_small.csv'), 'utf8'), 'judge_small.csv').slice(1);
const judges: JudgeValue[] = judgeRows.map(({ cells: [itemId, model, dimension, value] }) => ({
  judge: 'gpt-judge <v2>',
  itemId: itemId!,
  model: model!,
  dimension: dimension!,
  value: Number(value),
}));

function methodsOf(options: { judges?: JudgeValue[]; bootstrap: number }): string {
  const html = renderReportHtml(analyzeTidyRatings(rows, { ...options, seed: 3, rubric }), FIXTURE_STUDY);
  return html.slice(html.indexOf('<h2>Methods</h2>'));
}

describe('Methods on LLM judges', () => {
  it('names the judge, its values and dimensions, and every statistic of the comparison', () => {
    const methods = methodsOf({ judges, bootstrap: 50 });
    // The judge's name is data: escaped, never markup.
    expect(methods).toContain(`gpt-judge &lt;v2&gt; (${judges.length} values on brevity, factuality)`);
    for (const phrase of [
      '<b>LLM judge.</b>',
      'enter no other figure of this report',
      'against each physician, on the outputs both rated, the quadratic-weighted κ',
      "Gwet's AC2",
      "against the physicians' mean rating of each output, ICC(A,1) and ICC(C,1)",
      'the mean over physician pairs of κ(physician, physician)',
      'a percentile bootstrap interval over outputs (50 resamples',
      'The verdict is "within" when the judge–physician κ lies inside the physician–physician 95% interval',
      'Student t 95% interval',
    ])
      expect(methods).toContain(phrase);
  });

  it('says there is no κ interval when no resamples were drawn', () => {
    expect(methodsOf({ judges, bootstrap: 0 })).toContain('each has no interval (0 resamples)');
  });

  it('is absent when the study has no judge', () => {
    expect(methodsOf({ bootstrap: 50 })).not.toContain('LLM judge');
  });
});
