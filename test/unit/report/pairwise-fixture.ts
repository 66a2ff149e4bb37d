import { analyzeTidyRatings, type AnalysisResult } from '../../../shared/analysis';
import { readFixtureCsv } from '../analysis/fixtures';

/** The pairwise study of test/fixtures/analysis/make_pairwise_fixtures.py, analysed with 60 resamples. */
export function pairwiseFixtureResult(): AnalysisResult {
  const { pairwise } = readFixtureCsv('pairwise_small.csv');
  return analyzeTidyRatings([], { bootstrap: 60, seed: 3, pairwise });
}
