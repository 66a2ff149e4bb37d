/**
 * The report: buildReportModel (what it says, as data) and renderReportHtml (that model as one
 * self-contained HTML file). The app's Reports screen renders the same model.
 */
import type { AnalysisResult } from '../analysis/types';
import { buildReportModel } from './build';
import { renderModelHtml } from './html';
import type { ReportStudy } from './types';

export { buildReportModel } from './build';
export type { ReportModel } from './model';
export type { ReportSample, ReportStudy } from './types';

export function renderReportHtml(result: AnalysisResult, study: ReportStudy): string {
  return renderModelHtml(buildReportModel(result, study));
}
