/** How every interval in the analysis was computed, stated in the JSON next to the figures. */
export interface IntervalMethods {
  krippendorff_alpha: string;
  weighted_kappa: string;
  spearman: string;
  metric_difference: string;
  gwet: string;
  icc: string;
  preference_shares: string;
  rater_mean_difference: string;
  /** Only when the analysis has pairwise judgements. */
  bradley_terry?: string;
}

/** The method of the Bradley–Terry intervals (`pairwise[]`), stated only in analyses that have them. */
export function bradleyTerryIntervalMethod(bootstrap: number, seed: number): string {
  return bootstrap > 0
    ? `95% percentile bootstrap over items (every judgement of a drawn item kept): ${bootstrap} resamples seeded with ${seed} and the identities of the items resampled (FNV-1a), the model refitted on each; resamples where a component is not estimable are skipped; numpy linear quantiles. Win rates and both-unacceptable shares: Wilson score 95% interval`
    : 'none (0 bootstrap resamples); win rates and both-unacceptable shares: Wilson score 95% interval';
}

export function intervalMethods(bootstrap: number, seed: number): IntervalMethods {
  const bootstrapOver = (method: string, units: string) =>
    bootstrap > 0
      ? `95% ${method} bootstrap over ${units}: ${bootstrap} resamples seeded with ${seed} and the identities of the outputs resampled (FNV-1a), shared by every figure on the same outputs; numpy linear quantiles; resamples where the statistic is undefined are skipped`
      : 'none (0 bootstrap resamples)';
  const bca =
    'BCa (bias-corrected and accelerated: bias correction from the resamples, acceleration from the leave-one-out values; Efron & Tibshirani 1993, as scipy.stats.bootstrap)';
  return {
    krippendorff_alpha: bootstrapOver(bca, 'outputs with at least two ratings'),
    weighted_kappa: bootstrapOver('percentile', 'the outputs both raters rated'),
    spearman: bootstrapOver(bca, 'outputs'),
    metric_difference:
      bootstrap > 0
        ? `${bootstrapOver('percentile', 'the outputs both metrics and a rating have (paired: both correlations on each resample)')}; permutation test: ${bootstrap} random swaps of the two metrics' standardised values within outputs (Deutsch, Dror & Roth 2021; all 2^n swaps when 2^n ≤ ${bootstrap}), two-sided p = (1 + #|T*| ≥ |T|)/(1 + swaps); Pearson also Williams' t test (df = n − 3, as R psych::r.test)`
        : "none (0 bootstrap resamples, so no permutation test either); Pearson: Williams' t test (df = n − 3, as R psych::r.test)",
    gwet: "95% interval from Gwet's analytic variance (Gwet 2014): coefficient ± t(0.975, n − 1) · SE, upper end capped at 1",
    icc: 'F-based 95% interval (McGraw & Wong 1996; as R psych::ICC), on a complete table of outputs × raters',
    preference_shares: 'Wilson score 95% interval per share (choices of every rater counted)',
    rater_mean_difference:
      'paired Student t 95% interval of (rater − mean of the other raters) over the outputs both rated',
  };
}
