import type { AnalysisResult } from '../analysis/types';
import { markup, paragraph, type ReportSection } from './model';
import { pairwiseMethods } from './pairwise';
import { protocolMethods } from './protocol';
import type { ReportProtocol } from './types';

/** The Methods section: how every number in the report was computed, with this run's parameters. */
export function methodsSection(result: AnalysisResult, protocol?: ReportProtocol | null): ReportSection {
  const { bootstrap, seed } = result.parameters;
  // Dimension keys are data: they go into the runs as plain text, never into markup.
  const kinds = result.dimensions.map((d) => `${d.key} (${d.kind})`).join(', ');
  const interval =
    bootstrap > 0
      ? `The 95% intervals for Spearman's ρ and Krippendorff's α are bias-corrected and accelerated (BCa) bootstrap intervals over outputs (Efron & Tibshirani 1993): ${bootstrap} resamples of the n outputs drawn with replacement, the statistic recomputed on each (resamples where it is undefined are skipped); the bias correction comes from the share of resamples below the estimate, the acceleration from the n leave-one-out values, and the adjusted percentiles are taken with linear interpolation (numpy's default), as scipy.stats.bootstrap(method="BCa") computes them. In a committed simulation (2,000 studies of 20 to 100 outputs) BCa intervals covered the true value in 93.65–96.05% of studies, percentile intervals in 92.35–97.45%. Each κ gets a percentile bootstrap interval (the 2.5th and 97.5th percentiles of the resamples) over the outputs both raters rated. The resamples are seeded with ${seed} combined with the identities of the outputs resampled (FNV-1a): rerunning gives the same intervals, an interval does not depend on the other figures in the file, and figures computed on the same outputs share their resamples (a paired bootstrap). No interval is given when n < 3 or fewer than half the resamples give a value, nor a BCa interval when the estimate lies outside every resample.`
      : 'No bootstrap intervals were computed (0 resamples), so α, κ and ρ have none.';
  return {
    id: 'methods',
    title: 'Methods',
    blocks: [
      paragraph([
        ...markup(
          `<b>Data.</b> Every rating value is one row: a rater's value for one dimension of one output, an output being one model's answer to one item (the unit of analysis, identified by item and model). Dimensions analysed: `,
        ),
        kinds,
        ...markup(
          `. Likert dimensions are analysed as ordinal, binary dimensions (safety: 0 = unsafe, 1 = safe) and preference choices (model / reference / tie) as nominal.`,
        ),
      ]),
      paragraph(
        markup(
          `<b>Agreement.</b> Krippendorff's α uses all raters and all outputs with missing ratings allowed: units with fewer than two ratings are not pairable and are dropped; coincidences are weighted by 1/(m<sub>u</sub> − 1); the distance is the ordinal metric (Σ<sub>g=c..k</sub> n<sub>g</sub> − (n<sub>c</sub> + n<sub>k</sub>)/2)² for Likert dimensions and the nominal metric otherwise (Krippendorff 2011). α is undefined (—) when no unit is pairable or all values are equal. "Units" counts outputs with at least two ratings. Percent agreement is the share of agreeing rater pairs pooled over those outputs (Σ<sub>u</sub> Σ<sub>c</sub> C(n<sub>uc</sub>, 2) / Σ<sub>u</sub> C(m<sub>u</sub>, 2)). For each pair of raters, Cohen's κ with quadratic weights is computed on the outputs both rated (n), over the full rating scale (the rubric's scale, or every integer between the smallest and largest value observed, which gives the same κ), as scikit-learn's <code>cohen_kappa_score(weights="quadratic")</code>; κ is undefined when both raters used one and the same value only. Gwet's agreement coefficient (Gwet 2014, <i>Handbook of Inter-Rater Reliability</i>, 4th ed.) uses every output with at least one rating (n) and all raters: AC2 with quadratic weights w<sub>kl</sub> = 1 − (x<sub>k</sub> − x<sub>l</sub>)²/(x<sub>max</sub> − x<sub>min</sub>)² over the full scale for Likert dimensions, Gwet's AC1 (identity weights) for binary dimensions and preference; its standard error is Gwet's linearised variance estimator, and the 95% interval is AC ± t<sub>0.975, n−1</sub>·SE with the upper end capped at 1 (as R's irrCAC). Intraclass correlations for Likert dimensions come from the two-way ANOVA of a complete outputs × raters table: ICC(A,1) (absolute agreement, single rater; Shrout & Fleiss ICC(2,1)), ICC(C,1) (consistency; ICC(3,1)) and ICC(A,k) (absolute agreement of the mean of k raters; ICC(2,k)) (McGraw & Wong 1996), each with its F-based 95% interval as R's <code>psych::ICC</code> computes it. The table is every rated output when every rater rated all of them; otherwise the complete block with the most ratings: for a set of at least two raters, every output all of them rated (whoever else rated it too), the set whose outputs × raters is largest; its raters and n × k are reported.`,
        ),
      ),
      ...adjudicationMethods(result),
      paragraph(
        markup(
          `<b>Ratings by bin.</b> Each output belongs to a bin of its model's outputs sorted by the average of the sampling metrics (1 = lowest). A cell's mean is the arithmetic mean of every rating of that dimension given to that model's outputs in that bin, every rater counted; n is the number of ratings. For binary dimensions the mean is the share of 1s.`,
        ),
      ),
      paragraph(
        markup(
          `<b>Preference.</b> Shares are the fractions of all choices (every rater counted) that preferred the model's answer, the reference, or neither (tie), per model and bin and per model overall. Position bias: among decisive choices (ties excluded) whose screen position is known, the share that picked the answer shown as A, with an exact two-sided binomial test against ½ (p = total probability of outcomes no more likely than the one observed, as scipy's <code>binomtest</code>). Each share has a Wilson score 95% interval (Wilson 1927) computed on its n choices.`,
        ),
      ),
      ...pairwiseMethods(result),
      paragraph(
        markup(
          `<b>Per-rater diagnostics.</b> For each rater and rating dimension: the number, mean and sample standard deviation (n − 1) of the rater's ratings; on the outputs that rater and at least one other rater rated (n), Spearman's ρ between the rater's value and the leave-one-out mean of the other raters' values, and the mean difference (rater − others' mean) with its paired Student t 95% interval. Time per task is the time each rated output (or preference choice) was on screen before its last save, with the time the rater paused (P) or left the screen idle taken out; the report gives the median and the interquartile range (25th–75th percentiles, linear interpolation) over the rater's timed tasks.`,
        ),
      ),
      paragraph(
        markup(
          `<b>Metric–human correlation.</b> For each metric, rating dimension and model (and all models pooled, "ALL"), the pairs are the outputs that have the metric and at least one rating: x = the metric value, y = the mean of the output's ratings on that dimension (output level). Spearman's ρ is Pearson's r of average ranks (ties share the mean rank), Kendall's τ is τ-b (corrected for ties in both variables), Pearson's r is computed on the raw values, each as scipy.stats computes them. A coefficient is undefined (—) when n < 3 or either variable is constant. ${interval}`,
        ),
      ),
      paragraph(
        markup(
          `<b>Metric against metric.</b> For each rating dimension, model (and ALL) and pair of metrics, on the outputs that have both metrics and at least one rating, the difference of the two metrics' correlations (Spearman's ρ and Pearson's r) with the mean rating. Its 95% interval is a paired percentile bootstrap over those outputs (both correlations recomputed on each resample). The permutation test of equal correlations follows Deutsch, Dror & Roth (2021): the two metrics' values are standardised (z-scores; for ρ, of their ranks), swapped within each output with probability ½ in ${bootstrap > 0 ? bootstrap : 'no'} random patterns (all 2ⁿ patterns when that is no more), and p is the share of patterns whose difference is at least as large in absolute value (two-sided; (1 + count)/(1 + patterns) for random ones). For Pearson's r, Williams' t test for dependent overlapping correlations (df = n − 3, as R's <code>psych::r.test</code>) uses the two metrics' own correlation too. The best metric per dimension and model is the one with the highest ρ; it is called distinguishable from the runner-up when the permutation p < 0.05, without correction for the number of comparisons.`,
        ),
      ),
      paragraph(
        markup(
          `<b>Warnings.</b> An agreement figure is flagged when it rests on fewer than 30 shared outputs; when one category holds more than 85% of a dimension's ratings, since α and κ can then be low although raters almost always agree (the κ paradox; Gwet's AC1/AC2 is robust to it); when a rater never used scale values that other raters used; and when a Likert dimension's ratings have a standard deviation below 10% of the scale's range.`,
        ),
      ),
      ...judgeMethods(result),
      ...protocolMethods(protocol),
    ],
  };
}

/** How the LLM judges were compared with the physicians: present only when the study has judge ratings. */
function judgeMethods(result: AnalysisResult): ReportSection['blocks'] {
  const judges = result.judges ?? [];
  if (judges.length === 0) return [];
  const { bootstrap } = result.parameters;
  // Judge names and dimension keys are data: plain-text runs, never markup.
  const named = judges.map(
    (j) =>
      `${j.judge} (${j.ratings} values on ${j.dimensions.map((d) => d.dimension).join(', ') || 'no Likert dimension'})`,
  );
  const kappaInterval =
    bootstrap > 0
      ? `a percentile bootstrap interval over outputs (${bootstrap} resamples, seeded as above): a resample draws outputs from every output one of the averaged pairs shares, and each pair's κ is recomputed on the drawn outputs it shares`
      : 'no interval (0 resamples)';
  return [
    paragraph([
      ...markup(`<b>LLM judge.</b> Judge ratings imported with <code>import-ratings</code>: `),
      named.join('; '),
      ...markup(
        `. A judge's values are kept apart from the physicians' ratings and enter no other figure of this report (not the means, agreement, correlations or diagnostics). For each judge and Likert dimension, on the outputs the judge and at least one physician rated: against each physician, on the outputs both rated, the quadratic-weighted κ (with a percentile bootstrap interval), Gwet's AC2 (quadratic weights, analytic interval) and ICC(A,1) of the outputs × 2 table (F-based interval); against the physicians' mean rating of each output, ICC(A,1) and ICC(C,1) of the outputs × 2 table (judge, mean). Judge–physician κ is the mean over physicians of κ(judge, physician); physician–physician κ the mean over physician pairs of κ(physician, physician); each has ${kappaInterval}. The verdict is "within" when the judge–physician κ lies inside the physician–physician 95% interval, "below" or "above" otherwise, and absent when either is undefined. Bias is the judge's value minus the physicians' mean on the same output, averaged over outputs, with a Student t 95% interval (n − 1 degrees of freedom).`,
      ),
    ]),
  ];
}

/** Said only when the analysis saw adjudicated values or was asked to use them (result.adjudication). */
function adjudicationMethods(result: AnalysisResult): ReportSection['blocks'] {
  const adjudication = result.adjudication;
  if (adjudication === undefined) return [];
  const used =
    adjudication.final_values === 'adjudicated'
      ? "the model figures (means per bin, distributions, correlations, metric comparisons, preference shares) take the adjudicator's final value in place of every rater's value on each adjudicated output and dimension, the raters' values elsewhere"
      : "the model figures use the raters' own values (an output's value is the raters' mean), not the adjudicated ones";
  return [
    paragraph(
      markup(
        `<b>Adjudication.</b> ${adjudication.adjudicated_units} output × dimension units have an adjudicated final value; ${used}. Agreement, per-rater diagnostics, position bias and judge comparisons are always computed on the raters' original values.`,
      ),
    ),
  ];
}
