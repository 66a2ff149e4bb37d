/**
 * Analysis of a study as a service: from its database to the AnalysisResult, its JSON file and the
 * self-contained HTML report (a tidy ratings CSV alone: ratings-analysis.ts).
 */
import { type StudyDb } from '../../db/connection';
import { readMeta } from '../../db/meta';
import { countRaters } from '../../db/raters';
import { countAnswersPerPackage, listIssuedPackages } from '../../db/packages';
import { readSamples } from '../../db/samples';
import { isoNow, type Clock } from '../../shared/clock';
import { analyzeTidyRatings, type AnalysisResult } from '../../shared/analysis';
import { renderReportHtml } from '../../shared/report';
import { collectRaterComments } from '../../shared/report/comments';
import type { ReportProtocol, ReportStudy } from '../../shared/report/types';
import { analyzeOffThread } from './analysis-thread';
import { writeFileAtomically } from './atomic-file';
import { checkAnalyzeOptions, runAnalysis, writeAnalysisJson, type AnalyzeOptions } from './ratings-analysis';
import { readActiveRubric, readRubricDimensions } from './study';
import { readCalibrationExpectations } from '../../db/quality-control';
import { readProtocolRecord } from './protocol';
import { readTidyPairwiseRows, readTidyRatingRows } from './tidy-ratings';
import { readReportAdjudication } from './provenance';
import { readJudgeValuesForAnalysis } from './judge-import';

export function analyzeStudy(db: StudyDb, options: AnalyzeOptions): AnalysisResult {
  const input = studyAnalysisInput(db, options);
  return runAnalysis(() => analyzeTidyRatings(input.rows, input.options));
}

/** analyzeStudy with the statistics in a worker thread (the app's Reports screen): the database is read here. */
export async function analyzeStudyOffThread(db: StudyDb, options: AnalyzeOptions): Promise<AnalysisResult> {
  const input = studyAnalysisInput(db, options);
  return analyzeOffThread(input.rows, input.options);
}

function studyAnalysisInput(db: StudyDb, options: AnalyzeOptions) {
  checkAnalyzeOptions(options);
  const rubric = readRubricDimensions(db);
  // The study's calibration expectations, so calibration agreement is computed (the CSV path has none).
  const calibration = readCalibrationExpectations(db);
  const qc = calibration.length > 0 ? { ...options.qc, calibration } : options.qc;
  const judges = readJudgeValuesForAnalysis(db);
  // Pairwise judgements are analysed apart (Bradley–Terry), from the same rows the tidy export writes.
  const pairwise = readTidyPairwiseRows(db);
  return { rows: readTidyRatingRows(db), options: { ...options, rubric, qc, judges, pairwise } };
}

export interface ReportOptions extends AnalyzeOptions {
  out: string;
  json?: string;
  clock: Clock;
}

/** Analyses the study and writes report.html (and the JSON when asked); returns the result. */
export function writeStudyReport(db: StudyDb, options: ReportOptions): AnalysisResult {
  const result = analyzeStudy(db, options);
  writeFileAtomically(options.out, renderReportHtml(result, readReportStudy(db, options.clock)));
  if (options.json) writeAnalysisJson(options.json, result);
  return result;
}

export function readReportStudy(db: StudyDb, clock: Clock): ReportStudy {
  return {
    name: readMeta(db, 'name') ?? 'BlindRate study',
    generatedAt: isoNow(clock),
    rubric: readActiveRubric(db),
    samples: readSamples(db),
    raters: countRaters(db),
    packages: readReportPackages(db),
    protocol: readReportProtocol(db),
    comments: collectRaterComments(readTidyRatingRows(db)),
    adjudication: readReportAdjudication(db),
  };
}

function readReportProtocol(db: StudyDb): ReportProtocol | null {
  const record = readProtocolRecord(db);
  if (!record) return null;
  const { seal, deviations } = record;
  return {
    sealedAt: seal.at,
    hash: seal.hash,
    blindrateVersion: seal.protocol.blindrateVersion,
    deviations: deviations.map(({ at, kind, reason, changes, hash }) => ({ at, kind, reason, changes, hash })),
  };
}

function readReportPackages(db: StudyDb): ReportStudy['packages'] {
  const answers = countAnswersPerPackage(db);
  return listIssuedPackages(db).map((p) => ({
    id: p.id,
    rater: p.raterName,
    issuedAt: p.issuedAt,
    returnedAt: p.returnedAt,
    answers: answers.get(p.id) ?? 0,
  }));
}
