/** The analysis result: the JSON written by `blindrate analyze` / `report --json` and shown on the Reports screen. */
import type { QcResult } from './qc';

export interface PairwiseKappa {
  raters: [string, string];
  kappa: number | null;
  n: number;
}

export interface DimensionAgreement {
  krippendorff_alpha: number | null;
  /** 'ordinal' for Likert dimensions, 'nominal' for binary ones and preference. */
  level: 'ordinal' | 'nominal';
  /** Units (outputs) with at least two ratings. */
  units: number;
  percent_agreement: number | null;
  /** Likert dimensions only: quadratic-weighted kappa for every rater pair. */
  weighted_kappa?: PairwiseKappa[];
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
}

export interface PositionBias {
  /** Preference choices where position A was picked (ties excluded). */
  a_choices: number;
  decisive_choices: number;
  a_share: number | null;
  binomial_p_two_sided: number | null;
}

/** How a dimension was analysed, and why. */
export interface AnalysisDimension {
  key: string;
  kind: 'likert' | 'binary' | 'preference';
  /** Scale values (Likert: weighted-kappa categories); null for preference. */
  categories: number[] | null;
  /** 'rubric' = from the study's rubric; 'inferred' = from the values of a ratings file. */
  source: 'rubric' | 'inferred';
}

export interface AnalysisResult {
  /** raters and outputs with at least one row; ratings = rating values (rater × output × dimension); preferences = choices. */
  counts: { raters: number; outputs: number; ratings: number; preferences: number };
  /** Every dimension found in the ratings: rubric order first, then the others by name, preference last. */
  dimensions: AnalysisDimension[];
  /** Model names and metric names found in the ratings, sorted by code point. */
  models: string[];
  metrics: string[];
  agreement: Record<string, DimensionAgreement>;
  correlations: Correlation[];
  bins: BinMean[];
  preference: PreferenceShare[];
  position_bias: PositionBias;
  parameters: { bootstrap: number; seed: number };
  /** Quality control: repeats, reference controls, calibration and per-rater flags; its rows are in no other section. */
  qc: QcResult;
}
