/**
 * Analysis as a service: from a study database or a tidy ratings CSV to the AnalysisResult, its JSON
 * file and the self-contained HTML report.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { readMeta } from '../../db/meta';
import { countRaters } from '../../db/raters';
import { countAnswersPerPackage, listIssuedPackages } from '../../db/packages';
import { readSamples } from '../../db/samples';
import { isoNow, type Clock } from '../../shared/clock';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  serializeAnalysisResult,
  type AnalysisResult,
  type QcAnalysisOptions,
} from '../../shared/analysis';
import { renderReportHtml } from '../../shared/report';
import type { ReportStudy } from '../../shared/report/types';
import { analyzeOffThread } from './analysis-thread';
import { writeFileAtomically } from './atomic-file';
import { readActiveRubric, readRubricDimensions } from './study';
import { readCalibrationExpectations } from '../../db/quality-control';
import { parseTidyRatingsCsv, readTidyRatingRows } from './tidy-ratings';

export interface AnalyzeOptions {
  /** Bootstrap resamples for the α, κ and Spearman intervals (0 = none). */
  bootstrap: number;
  seed: number;
  /** Thresholds of the per-rater quality-control flags (defaults: 5 s, 10 tasks). */
  qc?: QcAnalysisOptions;
}

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
  checkOptions(options);
  const rubric = readRubricDimensions(db);
  // The study's calibration expectations, so calibration agreement is computed (the CSV path has none).
  const calibration = readCalibrationExpectations(db);
  const qc = calibration.length > 0 ? { ...options.qc, calibration } : options.qc;
  return { rows: readTidyRatingRows(db), options: { ...options, rubric, qc } };
}

/** Analyses a tidy ratings CSV alone: dimension kinds are inferred from the values (see docs/formats.md, analysis JSON). */
export function analyzeRatingsFile(path: string, options: AnalyzeOptions): AnalysisResult {
  checkOptions(options);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StudyError(
      code === 'ENOENT' ? `No ratings file at ${path}.` : `Cannot read ${path}: ${code ?? (error as Error).message}`,
    );
  }
  const { rows, metrics, dimensions } = parseTidyRatingsCsv(text, basename(path));
  if (rows.length === 0) throw new StudyError(`${basename(path)} has a header but no ratings.`);
  // Dimensions whose rows declare their scale are analysed as the study's rubric (exported files do).
  return runAnalysis(() => analyzeTidyRatings(rows, { ...options, metrics, rubric: dimensions }));
}

export function writeAnalysisJson(path: string, result: AnalysisResult): void {
  writeFileAtomically(path, serializeAnalysisResult(result));
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

function checkOptions({ bootstrap, seed }: AnalyzeOptions): void {
  if (!Number.isInteger(bootstrap) || bootstrap < 0)
    throw new StudyError(`Bootstrap resamples must be a whole number ≥ 0, got ${bootstrap}.`);
  if (!Number.isInteger(seed)) throw new StudyError(`The bootstrap seed must be a whole number, got ${seed}.`);
}

/** Data problems found during analysis (a value off the rubric scale, a duplicate rating) become StudyErrors. */
function runAnalysis(analyze: () => AnalysisResult): AnalysisResult {
  try {
    return analyze();
  } catch (error) {
    throw error instanceof AnalysisInputError ? new StudyError(error.message) : error;
  }
}
