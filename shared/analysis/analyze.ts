/** The whole analysis, from tidy rows to the AnalysisResult written as JSON and drawn in reports. */
import { dimensionAgreement } from './agreement';
import { AnalysisInputError } from './errors';
import { binMeans } from './bins';
import { binDistributions, hasMeans, raterConfidence } from './categories';
import { ALL_MODELS, outputLevelCorrelation } from './correlations';
import { resolveDimensions, type KnownDimension } from './dimensions';
import { bradleyTerryIntervalMethod, intervalMethods } from './intervals';
import { judgeComparisons, type JudgeValue } from './judges';
import { bestMetrics, compareMetrics, type MetricComparison } from './metricComparison';
import { ratedOutputs } from './outputs';
import { analyzePairwise, type PairwiseJudgementRow } from './pairwise';
import { positionBias, preferenceShares } from './preference';
import { qualityControl, type QcAnalysisOptions } from './qc';
import { raterDiagnostics } from './raters';
import { UnitBootstrap, type BootstrapSettings } from './resampling';
import { compareStrings, metricsOf, outputKey, ratingIdentity, sortedStrings, type TidyRatingRow } from './tidy';
import type { AnalysisDimension, AnalysisResult, Correlation, DimensionAgreement } from './types';
import { adjudicationSummary, rowsForModelFigures, type FinalValues } from './final-values';

export interface AnalysisOptions extends BootstrapSettings {
  /** The study rubric's dimensions, when known; otherwise dimension kinds are inferred from the values. */
  rubric?: ReadonlyArray<KnownDimension>;
  /** Metrics to correlate even if no row has a value (e.g. an all-empty score column). */
  metrics?: ReadonlyArray<string>;
  qc?: QcAnalysisOptions;
  /** LLM judges' values (import-ratings): compared with the physicians, never part of their figures. */
  judges?: ReadonlyArray<JudgeValue>;
  /** Pairwise judgements (tidy rows with task = pairwise): model against model, in the `pairwise` section. */
  pairwise?: ReadonlyArray<PairwiseJudgementRow>;
  /** Which value stands for an output in the model figures (shared/analysis/final-values.ts); default raters_mean. */
  finalValues?: FinalValues;
}

export function analyzeTidyRatings(allRows: ReadonlyArray<TidyRatingRow>, options: AnalysisOptions): AnalysisResult {
  const draft = draftTidyAnalysis(allRows, options);
  draft.bootstrap.completeHere();
  return draft.result();
}

/**
 * The analysis with its bootstrap intervals still to fill in: `bootstrap` holds what they need
 * (UnitBootstrap.complete); `result` gives the whole result once they are filled.
 */
export interface AnalysisDraft {
  bootstrap: UnitBootstrap;
  /**
   * The result, once `bootstrap` is complete: with `rowFigures` when given (computed in another thread by
   * rowFigures from the same rows and options), otherwise computing them here.
   */
  result(rowFigures?: RowFigures): AnalysisResult;
}

/** The rows each part of the analysis reads, and what is known of them before any figure. */
interface AnalysisRows {
  /** The study's own rows (no QC rows), confidence included: the raters' confidence is read from them. */
  studyRows: ReadonlyArray<TidyRatingRow>;
  /** The study's own rows without confidence ratings: what agreement and the per-rater figures read. */
  rows: ReadonlyArray<TidyRatingRow>;
  /** `rows` with the final values the options ask for: what the model figures read. */
  modelRows: ReadonlyArray<TidyRatingRow>;
  finalValues: FinalValues;
  dimensions: AnalysisDimension[];
  confidence: AnalysisDimension[];
}

function analysisRows(allRows: ReadonlyArray<TidyRatingRow>, options: AnalysisOptions): AnalysisRows {
  // QC rows check the raters, not the models: every model result below sees only the study's own tasks.
  const studyRows = allRows.filter((row) => row.qc === null);
  const allDimensions = resolveDimensions(studyRows, options.rubric);
  // The rater's confidence describes the rater, not the answer: it is reported per rater and in no model result.
  const confidence = allDimensions.filter((d) => d.role === 'confidence');
  const dimensions = allDimensions.filter((d) => d.role !== 'confidence');
  const rows = studyRows.filter((row) => row.task !== 'rating' || !confidence.some((d) => d.key === row.dimension));
  // Agreement and the per-rater figures keep the raters' original values.
  const finalValues = options.finalValues ?? 'raters_mean';
  return { studyRows, rows, modelRows: rowsForModelFigures(rows, finalValues), finalValues, dimensions, confidence };
}

/**
 * The figures read from the rows alone, with no bootstrap interval: plain data, so that another thread can
 * compute them from the same rows and options while this one drafts the analysis
 * (electron/services/analysis-thread.ts). Of their input checks, quality control's (a calibration file's
 * expected values off the scale) is met when they are computed, so after the draft's own checks.
 */
export interface RowFigures {
  counts: AnalysisResult['counts'];
  bins: AnalysisResult['bins'];
  bin_distributions: AnalysisResult['bin_distributions'];
  confidence: AnalysisResult['confidence'];
  preference: AnalysisResult['preference'];
  position_bias: AnalysisResult['position_bias'];
  per_rater: AnalysisResult['per_rater'];
  qc: AnalysisResult['qc'];
  adjudication: NonNullable<AnalysisResult['adjudication']> | null;
}

export function rowFigures(allRows: ReadonlyArray<TidyRatingRow>, options: AnalysisOptions): RowFigures {
  return figuresOfRows(allRows, options, analysisRows(allRows, options));
}

function figuresOfRows(
  allRows: ReadonlyArray<TidyRatingRow>,
  options: AnalysisOptions,
  { studyRows, rows, modelRows, finalValues, dimensions, confidence }: AnalysisRows,
): RowFigures {
  return {
    counts: {
      raters: new Set(rows.map((row) => row.rater)).size,
      outputs: new Set(rows.map(outputKey)).size,
      ratings: rows.filter((row) => row.task === 'rating').length,
      preferences: rows.filter((row) => row.task === 'preference').length,
    },
    bins: binMeans(modelRows, dimensions.filter(hasMeans)),
    bin_distributions: binDistributions(modelRows, dimensions),
    confidence: raterConfidence(studyRows, confidence),
    preference: preferenceShares(modelRows),
    position_bias: positionBias(rows),
    per_rater: raterDiagnostics(rows, dimensions.filter(hasMeans)),
    qc: qualityControl(allRows, options.rubric, options.qc),
    adjudication: adjudicationSummary(rows, finalValues),
  };
}

/**
 * Every figure of the analysis except the bootstrap intervals and the figures read from the rows alone:
 * the intervals are asked for on `bootstrap` and filled in when it is completed, in this thread
 * (analyzeTidyRatings) or from resamples computed in several (electron/services/analysis-thread.ts).
 * Either way the result is the same.
 */
export function draftTidyAnalysis(allRows: ReadonlyArray<TidyRatingRow>, options: AnalysisOptions): AnalysisDraft {
  assertOneValuePerRating(allRows);
  const prepared = analysisRows(allRows, options);
  const { rows, modelRows, dimensions } = prepared;
  const models = sortedStrings(new Set(rows.map((row) => row.model)));
  const metrics = sortedStrings(new Set([...metricsOf(rows), ...(options.metrics ?? [])]));

  const bootstrap = new UnitBootstrap({ bootstrap: options.bootstrap, seed: options.seed });
  const agreement: Record<string, DimensionAgreement> = {};
  for (const dimension of [...dimensions].sort((a, b) => compareStrings(a.key, b.key))) {
    agreement[dimension.key] = dimensionAgreement(rows, dimension, bootstrap);
  }

  const outputs = ratedOutputs(modelRows);
  // Dimensions with means (not preference, not nominal): correlations and metric comparisons use their mean rating.
  const ratingDimensions = sortedStrings(dimensions.filter(hasMeans).map((d) => d.key));
  const correlations: Correlation[] = [];
  for (const metric of metrics) {
    for (const dimension of ratingDimensions) {
      for (const model of [...models, ALL_MODELS]) {
        correlations.push(outputLevelCorrelation(outputs, { metric, dimension, model }, bootstrap));
      }
    }
  }
  const metricComparisons: MetricComparison[] = [];
  for (const dimension of ratingDimensions) {
    for (const model of [...models, ALL_MODELS]) {
      metrics.forEach((first, i) => {
        for (const second of metrics.slice(i + 1)) {
          metricComparisons.push(
            compareMetrics(outputs, { dimension, model, metrics: [first, second] }, bootstrap, options),
          );
        }
      });
    }
  }

  // Judges and pairwise judgements ask for intervals too, so they are asked for here, with the figures above.
  const judges =
    options.judges !== undefined && options.judges.length > 0
      ? judgeComparisons(rows, options.judges, dimensions, bootstrap)
      : undefined;
  const pairwise =
    options.pairwise !== undefined && options.pairwise.length > 0
      ? analyzePairwise(options.pairwise, bootstrap)
      : undefined;

  const result = (given?: RowFigures): AnalysisResult => {
    const { adjudication, ...figures } = given ?? figuresOfRows(allRows, options, prepared);
    const result: AnalysisResult = {
      counts: figures.counts,
      dimensions,
      models,
      metrics,
      agreement,
      correlations,
      metric_comparisons: metricComparisons,
      // The best metrics quote the differences' intervals.
      best_metrics: bestMetrics(correlations, metricComparisons),
      bins: figures.bins,
      bin_distributions: figures.bin_distributions,
      confidence: figures.confidence,
      preference: figures.preference,
      position_bias: figures.position_bias,
      per_rater: figures.per_rater,
      parameters: {
        bootstrap: options.bootstrap,
        seed: options.seed,
        intervals: intervalMethods(options.bootstrap, options.seed),
      },
      qc: figures.qc,
    };
    // Only analyses with adjudicated values (or asked to use them) carry the key: others stay as they were.
    if (adjudication !== null) result.adjudication = adjudication;
    // Only studies with judges carry the key, so every other analysis JSON stays as it was.
    if (judges !== undefined) result.judges = judges;
    // Likewise only studies with pairwise judgements carry that key.
    if (pairwise !== undefined) {
      result.pairwise = pairwise;
      result.parameters.intervals.bradley_terry = bradleyTerryIntervalMethod(options.bootstrap, options.seed);
    }
    return result;
  };
  return { bootstrap, result };
}

/** Two values for one rater × output × dimension would make every statistic ambiguous. */
function assertOneValuePerRating(rows: ReadonlyArray<TidyRatingRow>): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = ratingIdentity(row);
    if (seen.has(key)) {
      const role = row.qc === null ? '' : ` as ${row.qc}`;
      throw new AnalysisInputError(
        `Rater "${row.rater}" has two values for "${row.dimension}" of item "${row.itemId}", model "${row.model}"${role}`,
      );
    }
    seen.add(key);
  }
}
