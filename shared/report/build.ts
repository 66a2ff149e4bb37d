/**
 * buildReportModel: the one place that decides what the report contains, for the HTML file and the
 * Reports screen alike. A new section is a function (result, study, label) → ReportSection | null in
 * its own module, added to REPORT_SECTIONS in reading order (docs/architecture.md, "The report model").
 */
import { countedDimensionLabel } from '../adjudication/tally';
import type { AnalysisResult } from '../analysis/types';
import { adjudicationSection } from './adjudication';
import { categoriesSection, confidenceSection } from './categories-sections';
import { commentsSection } from './comments';
import { judgeSection } from './judges';
import { methodsSection } from './methods';
import { metricComparisonSection } from './metric-comparison';
import type { Labeller, ReportModel, ReportSection } from './model';
import { pairwiseSection } from './pairwise';
import { protocolSection } from './protocol';
import { qcSection } from './qc';
import { agreementSection, raterSection } from './reliability';
import { binsSection, correlationSection, preferenceSection } from './results-sections';
import { studySection } from './study-section';
import type { ReportStudy } from './types';

type SectionBuilder = (result: AnalysisResult, study: ReportStudy, label: Labeller) => ReportSection | null;

/** The report's sections in reading order; a builder answers null when its section has nothing to say. */
const REPORT_SECTIONS: ReadonlyArray<SectionBuilder> = [
  studySection,
  (_result, study) => protocolSection(study.protocol),
  (result, _study, label) => binsSection(result, label),
  categoriesSection,
  (result) => preferenceSection(result),
  (result, _study, label) => pairwiseSection(result, label),
  (result, _study, label) => correlationSection(result, label),
  (result, _study, label) => metricComparisonSection(result, label),
  (result, _study, label) => agreementSection(result, label),
  (result, _study, label) => raterSection(result, label),
  confidenceSection,
  (result, _study, label) => judgeSection(result, label),
  (result, _study, label) => qcSection(result, label),
  adjudicationSection,
  (_result, study) => commentsSection(study),
  (result, study) => methodsSection(result, study.protocol),
];

export function buildReportModel(result: AnalysisResult, study: ReportStudy): ReportModel {
  const label = dimensionLabeller(study);
  return {
    title: study.name,
    subtitle: `BlindRate analysis report · generated ${study.generatedAt}`,
    sections: REPORT_SECTIONS.flatMap((build) => build(result, study, label) ?? []),
  };
}

/** A dimension's label; a choice's or a pairwise aspect's as adjudication counts name them. */
function dimensionLabeller(study: ReportStudy): Labeller {
  const dimensions = study.rubric?.dimensions ?? [];
  return (key) => countedDimensionLabel(key, dimensions);
}
