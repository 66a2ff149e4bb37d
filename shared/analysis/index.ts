/** Tidy ratings → analysis: parsing, the statistics tables, the wide pivot and the data dictionary. */
export * from './tidy';
export * from './types';
export { AnalysisInputError } from './errors';
export { TidyRatingsReader, type CsvRecord, type ParseTidyResult } from './parse';
export { FINAL_VALUES, type FinalValues } from './final-values';
export { analyzeTidyRatings, draftTidyAnalysis, type AnalysisDraft, type AnalysisOptions } from './analyze';
export {
  resampleStatistics,
  ResampleCursor,
  type BootstrapSettings,
  type IntervalRequest,
  type ResampledStatistic,
} from './resampling';
export { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED, DEFAULT_FAST_MS, DEFAULT_STRAIGHT_RUN } from './defaults';
export { ALL_MODELS } from './correlations';
export type { KnownDimension } from './dimensions';
export { serializeAnalysisResult } from './serialize';
export { pivotTidyToWide, type WideCell, type WideTable } from './wide';
export { DATA_DICTIONARY, dataDictionaryMarkdown, type DictionaryEntry } from './dictionary';
export { FAST_SHARE_FLAG, type QcAnalysisOptions, type QcResult, type RaterQc, type RaterFlag } from './qc';
export {
  analyzePairwise,
  PAIRWISE_DIMENSION,
  PAIRWISE_TIE,
  type BothUnacceptableShare,
  type BradleyTerryStrength,
  type CircularTriads,
  type PairwiseComponent,
  type PairwiseJudgementRow,
  type PairwiseRecord,
  type PairwiseSummary,
} from './pairwise';
