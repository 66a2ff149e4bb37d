/** How every interval in the analysis was computed, stated in the JSON next to the figures. */
export interface IntervalMethods {
  krippendorff_alpha: string;
  weighted_kappa: string;
  spearman: string;
  gwet: string;
  icc: string;
  preference_shares: string;
  rater_mean_difference: string;
}

export function intervalMethods(bootstrap: number, seed: number): IntervalMethods {
  const bootstrapOver = (units: string) =>
    bootstrap > 0
      ? `95% percentile bootstrap over ${units}: ${bootstrap} resamples seeded with ${seed} and the identities of the outputs resampled (FNV-1a), shared by every figure on the same outputs; numpy linear quantiles; resamples where the statistic is undefined are skipped`
      : 'none (0 bootstrap resamples)';
  return {
    krippendorff_alpha: bootstrapOver('outputs with at least two ratings'),
    weighted_kappa: bootstrapOver('the outputs both raters rated'),
    spearman: bootstrapOver('outputs'),
    gwet: "95% interval from Gwet's analytic variance (Gwet 2014): coefficient ± t(0.975, n − 1) · SE, upper end capped at 1",
    icc: 'F-based 95% interval (McGraw & Wong 1996; as R psych::ICC), on a complete table of outputs × raters',
    preference_shares: 'Wilson score 95% interval per share (choices of every rater counted)',
    rater_mean_difference:
      'paired Student t 95% interval of (rater − mean of the other raters) over the outputs both rated',
  };
}
