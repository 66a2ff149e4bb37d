/** The analysis result: the JSON written by `blindrate analyze` / `report --json` and shown on the Reports screen. */

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

export interface AnalysisResult {
  counts: { raters: number; outputs: number; ratings: number; preferences: number };
  agreement: Record<string, DimensionAgreement>;
  correlations: Correlation[];
  bins: BinMean[];
  preference: PreferenceShare[];
  position_bias: PositionBias;
  parameters: { bootstrap: number; seed: number };
}
