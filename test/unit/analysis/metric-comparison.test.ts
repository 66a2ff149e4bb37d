import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, tidyRow, type AnalysisResult, type TidyRatingRow } from '../../../shared/analysis';
import { humanMean, ratedOutputs } from '../../../shared/analysis/outputs';
import { outputKey } from '../../../shared/analysis/tidy';
import { createPrng, deriveSeed } from '../../../shared/prng';
import {
  pearson,
  pearsonResampler,
  percentileIntervalOfValues,
  resampledValues,
  resamplesOf,
  spearmanResampler,
  williamsTest,
} from '../../../shared/stats';

/**
 * 2 models × 60 outputs rated 1–5 on factuality by 3 raters from a latent quality; metrics: `good` tracks
 * the quality closely, `twin` just as closely with noise of its own, `noisy` tracks it loosely.
 */
function studyRows(): TidyRatingRow[] {
  const prng = createPrng(42);
  const normal = () => Math.sqrt(-2 * Math.log(1 - prng.nextFloat())) * Math.cos(2 * Math.PI * prng.nextFloat());
  const rows: TidyRatingRow[] = [];
  for (const model of ['alpha', 'beta']) {
    for (let item = 0; item < 60; item++) {
      const quality = normal();
      const scores = {
        good: Math.round((0.4 + 0.1 * (quality + 0.3 * normal())) * 1000) / 1000,
        twin: Math.round((0.4 + 0.1 * (quality + 0.3 * normal())) * 1000) / 1000,
        noisy: Math.round((0.4 + 0.1 * (quality + 1.5 * normal())) * 1000) / 1000,
      };
      for (const rater of ['dr.a', 'dr.b', 'dr.c']) {
        const value = Math.min(5, Math.max(1, Math.round(3 + quality + 0.6 * normal())));
        const fields = { rater, itemId: `q${item}`, model, bin: null, durationMs: null, ratedAt: '', scores, qc: null };
        rows.push(tidyRow(fields, { task: 'rating', dimension: 'factuality', value }));
      }
    }
  }
  return rows;
}

const rows = studyRows();
const result = analyzeTidyRatings(rows, { bootstrap: 500, seed: 3 });
const correlation = (r: AnalysisResult, metric: string, model: string) =>
  r.correlations.find((c) => c.metric === metric && c.dimension === 'factuality' && c.model === model)!;
const comparison = (r: AnalysisResult, model: string, metrics: [string, string]) =>
  r.metric_comparisons.find((c) => c.model === model && c.metrics.join() === metrics.join())!;

describe('metric comparisons (which metric tracks the physicians best)', () => {
  it('has every pair of metrics, in name order, per dimension and model, ALL last', () => {
    expect(result.metric_comparisons.map((c) => `${c.model}:${c.metrics.join('-')}`)).toEqual(
      ['alpha', 'beta', 'ALL'].flatMap((model) =>
        ['good-noisy', 'good-twin', 'noisy-twin'].map((p) => `${model}:${p}`),
      ),
    );
    expect(comparison(result, 'ALL', ['good', 'noisy']).n).toBe(120);
  });

  it('compares the same correlations as the correlation table, on the same outputs', () => {
    for (const model of ['alpha', 'ALL']) {
      const c = comparison(result, model, ['good', 'noisy']);
      expect(c.spearman.first).toBe(correlation(result, 'good', model).spearman);
      expect(c.spearman.second).toBe(correlation(result, 'noisy', model).spearman);
      expect(c.pearson.difference).toBeCloseTo(
        correlation(result, 'good', model).pearson! - correlation(result, 'noisy', model).pearson!,
        14,
      );
    }
  });

  it("gives Williams' test on the two correlations with the human mean and the metrics' own correlation", () => {
    const c = comparison(result, 'ALL', ['good', 'noisy']);
    const outputs = rows.filter((row) => row.rater === 'dr.a');
    const r23 = pearson(
      outputs.map((row) => row.scores.good!),
      outputs.map((row) => row.scores.noisy!),
    );
    expect(c.pearson.williams).toEqual(williamsTest(c.pearson.first, c.pearson.second, r23, 120));
    expect(c.pearson.williams!.p).toBeLessThan(0.001);
  });

  it("bootstraps each difference from both metrics' correlations on the same resamples of the outputs, ρ and r alike", () => {
    const outputs = ratedOutputs(rows);
    const counts = resamplesOf(outputs.length, 500, createPrng(deriveSeed(3, outputs.map(outputKey).join('\u001e'))));
    const human = outputs.map((output) => humanMean(output, 'factuality')!);
    const scoresOf = (metric: string) => outputs.map((output) => output.scores[metric]!);
    const c = comparison(result, 'ALL', ['good', 'twin']);
    for (const [coefficient, resampler] of [
      ['spearman', spearmanResampler],
      ['pearson', pearsonResampler],
    ] as const) {
      const good = resampledValues(counts, outputs.length, resampler(scoresOf('good'), human));
      const twin = resampledValues(counts, outputs.length, resampler(scoresOf('twin'), human));
      const expected = percentileIntervalOfValues(good.map((value, b) => value - twin[b]!));
      expect(expected).not.toBeNull();
      expect(c[coefficient].difference_ci95).toEqual(expected);
    }
  });

  it('finds the good metric best and distinguishable from the noisy one, not from its equally good twin', () => {
    const clear = comparison(result, 'ALL', ['good', 'noisy']).spearman;
    expect(clear.difference_ci95![0]).toBeGreaterThan(0);
    expect(clear.permutation_p).toBeLessThan(0.01);
    const twin = comparison(result, 'ALL', ['good', 'twin']).spearman;
    expect(twin.difference_ci95![0]).toBeLessThan(0);
    expect(twin.difference_ci95![1]).toBeGreaterThan(0);
    expect(twin.permutation_p).toBeGreaterThan(0.05);

    const best = result.best_metrics.find((b) => b.model === 'ALL')!;
    expect(['good', 'twin']).toContain(best.metric);
    expect(best.runner_up).toBe(best.metric === 'good' ? 'twin' : 'good');
    expect(best.difference).toBeGreaterThanOrEqual(0);
    expect(best.distinguishable).toBe(false);
    expect(result.best_metrics.map((b) => b.model)).toEqual(['alpha', 'beta', 'ALL']);
  });

  it('orients the best metric against the runner-up, whichever name comes first', () => {
    const withoutTwin = analyzeTidyRatings(
      rows.map((row) => ({ ...row, scores: { good: row.scores.good!, noisy: row.scores.noisy! } })),
      { bootstrap: 200, seed: 3 },
    );
    const best = withoutTwin.best_metrics.find((b) => b.model === 'ALL')!;
    const pair = comparison(withoutTwin, 'ALL', ['good', 'noisy']).spearman;
    expect(best).toMatchObject({ metric: 'good', runner_up: 'noisy', distinguishable: true });
    expect(best.difference).toBe(pair.difference);
    expect(best.difference_ci95).toEqual(pair.difference_ci95);
  });

  it('is reproducible from the seed; without resamples it keeps the differences and Williams, with no interval or permutation p', () => {
    expect(analyzeTidyRatings(rows, { bootstrap: 500, seed: 3 }).metric_comparisons).toEqual(result.metric_comparisons);
    const none = comparison(analyzeTidyRatings(rows, { bootstrap: 0, seed: 3 }), 'ALL', ['good', 'noisy']);
    expect(none.spearman).toMatchObject({ difference_ci95: null, permutation_p: null });
    expect(none.spearman.difference).toBe(comparison(result, 'ALL', ['good', 'noisy']).spearman.difference);
    expect(none.pearson.williams).not.toBeNull();
  });
});
