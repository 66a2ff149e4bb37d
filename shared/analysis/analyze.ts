/** The whole analysis, from tidy rows to the AnalysisResult written as JSON and drawn in reports. */
import { dimensionAgreement } from './agreement';
import { AnalysisInputError } from './errors';
import { binMeans } from './bins';
import { binDistributions, hasMeans, raterConfidence } from './categories';
import { ALL_MODELS, CorrelationVariables, outputLevelCorrelation } from './correlations';
import { resolveDimensions, type KnownDimension } from './dimensions';
import { bradleyTerryIntervalMethod, intervalMethods } from './intervals';
import { judgeComparisons, type JudgeValue } from './judges';
import { bestMetrics, compareMetrics, type MetricComparison } from './metricComparison';
import { ratedOutputs } from './outputs';
import { analyzePairwise, type PairwiseJudgementRow } from './pairwise';
import { positionBias, preferenceShares } from './preference';
import { qualityControl, type QcAnalysisOptions } from './qc';
import { raterDiagnostics } from './raters';
import { UnitBootstrap, type BootstrapSettings, type IntervalRequest } from './resampling';
import { RatingMap, compareStrings, metricsOf, outputCount, sortedStrings, type TidyRatingRow } from './tidy';
import type { AnalysisResult, Correlation, DimensionAgreement } from './types';
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
  return draft.result;
}

/**
 * The analysis with its bootstrap intervals still to fill in: `bootstrap` holds what they need
 * (UnitBootstrap.complete). `result` is filled in then too, its figures without resamples as soon as
 * UnitBootstrap.computeAlongside runs.
 */
export interface AnalysisDraft {
  result: AnalysisResult;
  bootstrap: UnitBootstrap;
}

/**
 * Every figure of the analysis except the bootstrap intervals, which are asked for on `bootstrap` and
 * filled into `result` when it is completed: in this thread (analyzeTidyRatings) or from resamples
 * computed in several (electron/services/analysis-thread.ts). Either way the result is the same.
 * `takeRequests`, when given, receives the intervals' requests in batches as the draft asks for them
 * (UnitBootstrap.handOver), the last batch before it returns: other threads can resample the first
 * dimensions' statistics while this one drafts the rest.
 */
export function draftTidyAnalysis(
  allRows: ReadonlyArray<TidyRatingRow>,
  options: AnalysisOptions,
  takeRequests?: (requests: IntervalRequest[]) => void,
): AnalysisDraft {
  const bootstrap = new UnitBootstrap({ bootstrap: options.bootstrap, seed: options.seed }, takeRequests);
  // The check of the input needs no resamples: it is done alongside them (in this thread while others
  // resample), first, and still refuses the input before there is any result (as the QC below does).
  bootstrap.alongside(() => assertOneValuePerRating(allRows));
  // QC rows check the raters, not the models: every model result sees only the study's own tasks.
  const studyRows = allRows.filter((row) => row.qc === null);
  const allDimensions = resolveDimensions(studyRows, options.rubric);
  // The rater's confidence describes the rater, not the answer: it is reported per rater and in no model result.
  const confidence = allDimensions.filter((d) => d.role === 'confidence');
  const dimensions = allDimensions.filter((d) => d.role !== 'confidence');
  const rows =
    confidence.length === 0
      ? studyRows
      : studyRows.filter((row) => row.task !== 'rating' || !confidence.some((d) => d.key === row.dimension));
  const models = sortedStrings(new Set(rows.map((row) => row.model)));
  const metrics = sortedStrings(new Set([...metricsOf(rows), ...(options.metrics ?? [])]));

  const agreement: Record<string, DimensionAgreement> = {};
  const rowsOfDimension = rowsByDimension(rows);
  for (const dimension of [...dimensions].sort((a, b) => compareStrings(a.key, b.key))) {
    agreement[dimension.key] = dimensionAgreement(rowsOfDimension.get(dimension.key) ?? [], dimension, bootstrap);
  }
  // Few batches, each with every statistic asked for on its outputs so far: statistics on the same outputs
  // share each resample's draws only within a batch (here every dimension's α and κ).
  bootstrap.handOver();

  // Agreement above and the per-rater figures below keep the raters' original values.
  const finalValues = options.finalValues ?? 'raters_mean';
  const modelRows = rowsForModelFigures(rows, finalValues);
  const outputs = ratedOutputs(modelRows);
  // Dimensions with means (not preference, not nominal): correlations and metric comparisons use their mean rating.
  const ratingDimensions = sortedStrings(dimensions.filter(hasMeans).map((d) => d.key));
  // One metric's (or dimension's) values on the same outputs, and their ranks, serve every figure below.
  const variables = new CorrelationVariables(outputs);
  const correlations: Correlation[] = [];
  for (const metric of metrics) {
    for (const dimension of ratingDimensions) {
      for (const model of [...models, ALL_MODELS]) {
        correlations.push(outputLevelCorrelation({ metric, dimension, model }, bootstrap, variables));
      }
    }
  }
  const metricComparisons: MetricComparison[] = [];
  for (const dimension of ratingDimensions) {
    for (const model of [...models, ALL_MODELS]) {
      metrics.forEach((first, i) => {
        for (const second of metrics.slice(i + 1)) {
          metricComparisons.push(
            compareMetrics({ dimension, model, metrics: [first, second] }, bootstrap, options, variables),
          );
        }
      });
    }
  }
  // The correlations and the metric comparisons' Pearson coefficients, on the same outputs.
  bootstrap.handOver();

  // Judges and pairwise judgements ask for intervals too, so they are asked for here, with the figures above.
  const judges =
    options.judges !== undefined && options.judges.length > 0
      ? judgeComparisons(rows, options.judges, dimensions, bootstrap)
      : undefined;
  const pairwise =
    options.pairwise !== undefined && options.pairwise.length > 0
      ? analyzePairwise(options.pairwise, bootstrap, finalValues)
      : undefined;

  // The rest needs no resamples, so it is computed alongside them: in this thread while other threads
  // resample. The keys are set in the JSON's order into the object the intervals are filled into.
  const result = {} as AnalysisResult;
  bootstrap.alongside(() => {
    Object.assign(result, {
      counts: {
        raters: new Set(rows.map((row) => row.rater)).size,
        outputs: outputCount(rows),
        ratings: rows.filter((row) => row.task === 'rating').length,
        preferences: rows.filter((row) => row.task === 'preference').length,
      },
      dimensions,
      models,
      metrics,
      agreement,
      correlations,
      metric_comparisons: metricComparisons,
      best_metrics: [],
      bins: binMeans(modelRows, dimensions.filter(hasMeans)),
      bin_distributions: binDistributions(modelRows, dimensions),
      confidence: raterConfidence(studyRows, confidence),
      preference: preferenceShares(modelRows),
      position_bias: positionBias(rows),
      per_rater: raterDiagnostics(rows, dimensions.filter(hasMeans)),
      parameters: {
        bootstrap: options.bootstrap,
        seed: options.seed,
        intervals: intervalMethods(options.bootstrap, options.seed),
      },
      qc: qualityControl(allRows, options.rubric, options.qc),
    } satisfies AnalysisResult);
    // Only analyses with adjudicated values (or asked to use them) carry the key: others stay as they were.
    const adjudication = adjudicationSummary(rows, options.pairwise ?? [], finalValues);
    if (adjudication !== null) result.adjudication = adjudication;
    // Only studies with judges carry the key, so every other analysis JSON stays as it was.
    if (judges !== undefined) result.judges = judges;
    // Likewise only studies with pairwise judgements carry that key.
    if (pairwise !== undefined) {
      result.pairwise = pairwise;
      result.parameters.intervals.bradley_terry = bradleyTerryIntervalMethod(options.bootstrap, options.seed);
    }
  });
  // The best metrics quote the differences' intervals.
  bootstrap.whenComplete(() => (result.best_metrics = bestMetrics(correlations, metricComparisons)));
  bootstrap.handOver();
  return { result, bootstrap };
}

/** The rows of each dimension, in their order: one pass instead of one per dimension. */
function rowsByDimension(rows: ReadonlyArray<TidyRatingRow>): Map<string, TidyRatingRow[]> {
  const byDimension = new Map<string, TidyRatingRow[]>();
  for (const row of rows) {
    const own = byDimension.get(row.dimension);
    if (own === undefined) byDimension.set(row.dimension, [row]);
    else own.push(row);
  }
  return byDimension;
}

/** Two values for one rater × output × dimension would make every statistic ambiguous. */
function assertOneValuePerRating(rows: ReadonlyArray<TidyRatingRow>): void {
  const seen = new RatingMap<true>();
  for (const row of rows) {
    if (seen.get(row)) {
      const role = row.qc === null ? '' : ` as ${row.qc}`;
      throw new AnalysisInputError(
        `Rater "${row.rater}" has two values for "${row.dimension}" of item "${row.itemId}", model "${row.model}"${role}`,
      );
    }
    seen.set(row, true);
  }
}
