/**
 * Analysis of a tidy ratings CSV alone (`blindrate analyze`): no study is opened, so SQLite is not
 * loaded; the bootstrap is shared out over the cores (ResampleWorkers). Also the options and error
 * handling every analysis shares (analysis.ts analyses studies).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { StudyError } from '../../shared/errors';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  draftTidyAnalysis,
  serializeAnalysisResult,
  type AnalysisResult,
  type KnownDimension,
  type FinalValues,
  type QcAnalysisOptions,
} from '../../shared/analysis';
import { bootstrapThreads, ResampleWorkers } from './analysis-thread';
import { writeFileAtomically } from './atomic-file';
import { parseTidyRatingsCsv } from './tidy-ratings-csv';

export interface AnalyzeOptions {
  /** Bootstrap resamples for the α, κ and Spearman intervals (0 = none). */
  bootstrap: number;
  seed: number;
  /** Thresholds of the per-rater quality-control flags (defaults: 5 s, 10 tasks). */
  qc?: QcAnalysisOptions;
  /** Which value stands for an output in the model figures: the raters' mean (default) or the adjudicated value. */
  finalValues?: FinalValues;
}

export interface RatingsFileOptions extends AnalyzeOptions {
  /** Threads the bootstrap is shared out to, this one included (default: one per core, at most 4). */
  threads?: number;
}

/**
 * Analyses a tidy ratings CSV alone: each dimension's kind and scale as its rows declare them, otherwise
 * inferred from the values (see docs/formats.md, analysis JSON). The result is the same whatever the number
 * of threads.
 */
export async function analyzeRatingsFile(path: string, options: RatingsFileOptions): Promise<AnalysisResult> {
  checkAnalyzeOptions(options);
  const { threads, ...analysis } = options;
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1))
    throw new RangeError(`The bootstrap needs at least one thread, got ${threads}.`);
  // Started first, so the workers boot while the file is read and the figures without resamples are computed.
  const workers = new ResampleWorkers(bootstrapThreads(analysis.bootstrap, threads) - 1);
  try {
    const { rows, pairwise, metrics, dimensions } = readRatingsFile(path);
    // Dimensions whose rows declare their scale are analysed as the study's rubric (exported files do).
    // The workers start on each batch of intervals as soon as the draft asks for it.
    const draft = runAnalysis(() =>
      draftTidyAnalysis(rows, { ...analysis, metrics, rubric: dimensions, pairwise }, (requests) =>
        workers.take(analysis, requests),
      ),
    );
    // The figures computed alongside the resamples judge the data too.
    await runAnalysis(() => workers.complete(draft));
    return draft.result;
  } finally {
    await workers.close();
  }
}

function readRatingsFile(path: string): ReturnType<typeof parseTidyRatingsCsv> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StudyError(
      code === 'ENOENT' ? `No ratings file at ${path}.` : `Cannot read ${path}: ${code ?? (error as Error).message}`,
    );
  }
  const parsed = parseTidyRatingsCsv(text, basename(path));
  if (parsed.rows.length === 0 && parsed.pairwise.length === 0)
    throw new StudyError(`${basename(path)} has a header but no ratings.`);
  return parsed;
}

/**
 * Tidy ratings CSV text analysed in this thread, each dimension as the given rubric says (a bundle's
 * protocol): what `bundle` writes and `verify-bundle` recomputes, byte for byte.
 */
export function analyzeRatingsText(
  text: string,
  fileName: string,
  options: AnalyzeOptions,
  rubric: KnownDimension[],
): AnalysisResult {
  checkAnalyzeOptions(options);
  const { rows, pairwise, metrics } = parseTidyRatingsCsv(text, fileName);
  if (rows.length === 0 && pairwise.length === 0) throw new StudyError(`${fileName} has a header but no ratings.`);
  return runAnalysis(() => analyzeTidyRatings(rows, { ...options, metrics, rubric, pairwise }));
}

export function writeAnalysisJson(path: string, result: AnalysisResult): void {
  writeFileAtomically(path, serializeAnalysisResult(result));
}

export function checkAnalyzeOptions({ bootstrap, seed }: AnalyzeOptions): void {
  if (!Number.isInteger(bootstrap) || bootstrap < 0)
    throw new StudyError(`Bootstrap resamples must be a whole number ≥ 0, got ${bootstrap}.`);
  if (!Number.isInteger(seed)) throw new StudyError(`The bootstrap seed must be a whole number, got ${seed}.`);
}

/** Data problems found during analysis (a value off the rubric scale, a duplicate rating) become StudyErrors. */
export function runAnalysis<T>(analyze: () => T): T {
  try {
    const result = analyze();
    // An analysis completed later (in worker threads) may find them then.
    if (result instanceof Promise)
      return result.catch((error: unknown) => {
        throw studyErrorOf(error);
      }) as T;
    return result;
  } catch (error) {
    throw studyErrorOf(error);
  }
}

function studyErrorOf(error: unknown): unknown {
  return error instanceof AnalysisInputError ? new StudyError(error.message) : error;
}
