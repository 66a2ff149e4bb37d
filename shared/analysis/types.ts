/** The analysis result: the JSON written by `blindrate analyze` / `report --json` and shown on the Reports screen. */
import type { DimensionKind } from '../kinds/dimension-kinds';
import type { BinDistribution, RaterConfidence } from './categories';
import type { JudgeComparison } from './judges';
import type { PairwiseSummary } from './pairwise';
import type { QcResult } from './qc';
import type { AgreementWarning } from './diagnostics';
import type { IntervalMethods } from './intervals';
import type { BestMetric, MetricComparison } from './metricComparison';
import type { RaterDiagnostics } from './raters';
import type { GwetSummary, IccSummary } from './reliability';

export type { AgreementFigure, AgreementWarning } from './diagnostics';
export type { IntervalMethods } from './intervals';
export type { BestMetric, CorrelationDifference, MetricComparison } from './metricComparison';
export type { RaterDiagnostics, RaterDimensionDiagnostics } from './raters';
export type { BinDistribution, CategoryCounts, RaterConfidence } from './categories';
export type {
  JudgeComparison,
  JudgeDimensionComparison,
  JudgePhysicianAgreement,
  JudgeValue,
  JudgeVerdict,
  MeanKappa,
} from './judges';
export type { GwetSummary, IccSummary } from './reliability';
export type { IccEstimate } from '../stats';

export interface PairwiseKappa {
  raters: [string, string];
  kappa: number | null;
  n: number;
  /** Percentile bootstrap over the n outputs (parameters.intervals.weighted_kappa). */
  ci95: [number, number] | null;
}

export interface DimensionAgreement {
  krippendorff_alpha: number | null;
  /** BCa bootstrap over the `units` outputs (parameters.intervals.krippendorff_alpha). */
  krippendorff_alpha_ci95: [number, number] | null;
  /** 'ordinal' for Likert dimensions, 'nominal' for binary ones and preference. */
  level: 'ordinal' | 'nominal';
  /** Units (outputs) with at least two ratings. */
  units: number;
  percent_agreement: number | null;
  /** Gwet's AC2 (quadratic weights) for Likert dimensions, AC1 otherwise. */
  gwet: GwetSummary;
  /** Likert dimensions only: quadratic-weighted kappa for every rater pair. */
  weighted_kappa?: PairwiseKappa[];
  /** Likert dimensions only: ICC(A,1), ICC(C,1), ICC(A,k) on a complete table; null when none exists. */
  icc?: IccSummary | null;
  /** Where the figures above are fragile (few shared outputs, κ paradox, unused scale, no variance); see diagnostics.ts. */
  warnings: AgreementWarning[];
}

export interface Correlation {
  metric: string;
  dimension: string;
  /** A model name, or "ALL" for outputs of every model pooled. */
  model: string;
  n: number;
  spearman: number | null;
  kendall_tau_b: number | null;
  pearson: number | null;
  spearman_ci95: [number, number] | null;
}

export interface BinMean {
  model: string;
  bin: number;
  dimension: string;
  mean: number | null;
  n: number;
}

export interface PreferenceShare {
  model: string;
  /** null = the model over all bins. */
  bin: number | null;
  n: number;
  model_share: number | null;
  reference_share: number | null;
  tie_share: number | null;
  /** Wilson 95% intervals of the three shares; null when n = 0. */
  model_share_ci95: [number, number] | null;
  reference_share_ci95: [number, number] | null;
  tie_share_ci95: [number, number] | null;
}

export interface PositionBias {
  /** Preference choices where position A was picked (ties excluded). */
  a_choices: number;
  decisive_choices: number;
  a_share: number | null;
  binomial_p_two_sided: number | null;
}

export type AnalysisDimensionKind = DimensionKind | 'preference';

/** How a dimension was analysed, and why. */
export interface AnalysisDimension {
  key: string;
  /** A rubric dimension's kind, or `preference` for the preference choice. */
  kind: AnalysisDimensionKind;
  /** Scale values (Likert: weighted-kappa categories); null for preference. */
  categories: number[] | null;
  /** The rater's confidence: in `confidence` only, in no other section. */
  role?: 'confidence';
}

export interface AnalysisResult {
  /** raters and outputs with at least one row; ratings = rating values (rater × output × dimension); preferences = choices. */
  counts: { raters: number; outputs: number; ratings: number; preferences: number };
  /**
   * Every dimension found in the ratings in order of first appearance in the tidy rows (which is the
   * rubric's order in every export), preference last. Kinds and scales come from the study's rubric, or
   * are inferred from the values for a ratings file alone.
   */
  dimensions: AnalysisDimension[];
  /** Model names and metric names found in the ratings, sorted by code point. */
  models: string[];
  metrics: string[];
  agreement: Record<string, DimensionAgreement>;
  correlations: Correlation[];
  /** Every pair of metrics per rating dimension and model (and ALL): dimension, model, then metric names in order. */
  metric_comparisons: MetricComparison[];
  /** Per rating dimension and model, the metric with the highest Spearman ρ and whether it beats the runner-up. */
  best_metrics: BestMetric[];
  /** Means per model and bin of the dimensions that have means (not nominal ones). */
  bins: BinMean[];
  /** Nominal dimensions: ratings per category, per model and bin. */
  bin_distributions: BinDistribution[];
  /** The raters' confidence dimensions, per rater; these rows are in no other section. */
  confidence: RaterConfidence[];
  preference: PreferenceShare[];
  position_bias: PositionBias;
  /** One entry per rater, sorted by name. */
  per_rater: RaterDiagnostics[];
  parameters: { bootstrap: number; seed: number; intervals: IntervalMethods };
  /** Quality control: repeats, reference controls, calibration and per-rater flags; its rows are in no other section. */
  qc: QcResult;
  /**
   * LLM judges compared with the physicians (Likert dimensions), sorted by judge name; present only when
   * the study has judge ratings. Judges are in no other figure of the result.
   */
  judges?: JudgeComparison[];
  /**
   * Model against model (pairwise judgements): Bradley–Terry strengths and the pair tables per dimension
   * (the overall choice first), each over all bins then per bin; present only when the input has pairwise rows.
   */
  pairwise?: PairwiseSummary[];
  /**
   * Present when some unit was adjudicated or the adjudicated values were asked for: which values the model
   * figures used (final_values), how many output × dimension units had a final value, and that agreement
   * is on the raters' original values.
   */
  adjudication?: {
    final_values: 'raters_mean' | 'adjudicated';
    adjudicated_units: number;
    agreement_values: 'raters_original';
  };
}
