import { describe, expect, it } from 'vitest';
import {
  analyzeTidyRatings,
  compareStrings,
  serializeAnalysisResult,
  type AnalysisResult,
} from '../../../shared/analysis';
import { humanMean, ratedOutputs } from '../../../shared/analysis/outputs';
import { UnitBootstrap, type IntervalMethod, type ResampledStatistic } from '../../../shared/analysis/resampling';
import { outputKey } from '../../../shared/analysis/tidy';
import { expectClose, readFixtureCsv, reference } from './fixtures';

const withoutIntervals = (result: AnalysisResult) => result.correlations.map(({ spearman_ci95: _, ...rest }) => rest);

/** The agreement figures the scipy / scikit-learn reference covers; intervals, Gwet and ICC have their own tests. */
const referencedAgreement = (result: AnalysisResult) =>
  Object.fromEntries(
    Object.entries(result.agreement).map(
      ([key, { krippendorff_alpha, level, units, percent_agreement, weighted_kappa }]) => [
        key,
        {
          krippendorff_alpha,
          level,
          units,
          percent_agreement,
          ...(weighted_kappa && { weighted_kappa: weighted_kappa.map(({ ci95: _, ...kappa }) => kappa) }),
        },
      ],
    ),
  );
const sharesWithoutIntervals = (result: AnalysisResult) =>
  result.preference.map(({ model_share_ci95: _m, reference_share_ci95: _r, tie_share_ci95: _t, ...share }) => share);

for (const file of Object.keys(reference.files)) {
  describe(`analysis of ${file} (reference values from scipy / scikit-learn)`, () => {
    const expected = reference.files[file]!;
    const { rows } = readFixtureCsv(file);
    const result = analyzeTidyRatings(rows, { bootstrap: 200, seed: 11 });

    it('counts raters, outputs, rating values and preference choices', () => {
      expect(result.counts).toEqual(expected.counts);
      expect(result.models).toEqual(expected.models);
      expect(result.metrics).toEqual(expected.metrics);
    });

    it('infers the dimension kinds from the values', () => {
      expect(Object.fromEntries(result.dimensions.map((d) => [d.key, d.kind]))).toEqual(expected.dimension_kinds);
    });

    it('matches alpha, percent agreement and pairwise weighted kappa', () => {
      expectClose(referencedAgreement(result), expected.agreement);
    });

    it('matches Spearman, Kendall tau-b and Pearson for every metric × dimension × model', () => {
      expectClose(withoutIntervals(result), expected.correlations);
    });

    it('matches the per-bin means and the preference shares with the position-bias test', () => {
      expectClose(result.bins, expected.bins);
      expectClose(sharesWithoutIntervals(result), expected.preference);
      expectClose(result.position_bias, expected.position_bias);
    });
  });
}

describe('edge cases of the hand-made fixtures', () => {
  const small = analyzeTidyRatings(readFixtureCsv('ratings_small.csv').rows, { bootstrap: 200, seed: 11 });

  it('gives null, not NaN, for a constant dimension and a constant metric', () => {
    expect(small.agreement.brevity!.krippendorff_alpha).toBeNull();
    expect(small.agreement.brevity!.weighted_kappa!.every((k) => k.kappa === null)).toBe(true);
    const constantMetric = small.correlations.filter((c) => c.metric === 'len');
    expect(constantMetric.length).toBeGreaterThan(0);
    expect(constantMetric.every((c) => c.spearman === null && c.pearson === null && c.spearman_ci95 === null)).toBe(
      true,
    );
    expect(serializeAnalysisResult(small)).not.toMatch(/NaN|Infinity/);
  });

  it('has no agreement to report for a single rater', () => {
    const single = analyzeTidyRatings(readFixtureCsv('ratings_single_rater.csv').rows, { bootstrap: 200, seed: 11 });
    expect(single.agreement.factuality).toEqual({
      krippendorff_alpha: null,
      krippendorff_alpha_ci95: null,
      level: 'ordinal',
      units: 0,
      percent_agreement: null,
      gwet: { coefficient: 'AC2', value: null, standard_error: null, ci95: null, n: expect.any(Number) },
      weighted_kappa: [],
      icc: null,
      warnings: [],
    });
  });

  it('keeps non-ASCII model names intact in every table', () => {
    expect(small.models).toEqual(['Llama-3.1-8B-Instruct-ß', '模型-A']);
    expect(new Set(small.bins.map((b) => b.model))).toEqual(new Set(small.models));
    expect(serializeAnalysisResult(small)).toContain('"模型-A"');
  });

  it('counts a preference without a bin in the model total only, and one without a position not in the bias test', () => {
    const overall = small.preference.find((p) => p.model === '模型-A' && p.bin === null)!;
    const byBin = small.preference.filter((p) => p.model === '模型-A' && p.bin !== null);
    expect(overall.n).toBe(byBin.reduce((sum, p) => sum + p.n, 0) + 1);
    expect(small.position_bias.decisive_choices).toBe(10);
  });
});

describe('bootstrap intervals', () => {
  const { rows } = readFixtureCsv('ratings_small.csv');
  const factualityAll = (result: AnalysisResult) =>
    result.correlations.find((c) => c.metric === 'rougeL' && c.dimension === 'factuality' && c.model === 'ALL')!;

  it('are reproducible: the same seed gives byte-identical JSON, whatever the order of the outputs', () => {
    // Outputs in reverse order; each output's rows keep their order, so dimensions first appear in the same order.
    const reordered = [...rows].sort(
      (x, y) =>
        compareStrings(y.rater, x.rater) || compareStrings(y.model, x.model) || compareStrings(y.itemId, x.itemId),
    );
    const a = serializeAnalysisResult(analyzeTidyRatings(rows, { bootstrap: 300, seed: 5 }));
    const b = serializeAnalysisResult(analyzeTidyRatings(reordered, { bootstrap: 300, seed: 5 }));
    expect(a).toBe(b);
  });

  it('change with the seed and bracket the point estimate', () => {
    const a = factualityAll(analyzeTidyRatings(rows, { bootstrap: 300, seed: 5 }));
    const b = factualityAll(analyzeTidyRatings(rows, { bootstrap: 300, seed: 6 }));
    expect(a.spearman_ci95).not.toEqual(b.spearman_ci95);
    const [lo, hi] = a.spearman_ci95!;
    expect(lo).toBeLessThanOrEqual(a.spearman!);
    expect(hi).toBeGreaterThanOrEqual(a.spearman!);
    expect(hi).toBeLessThanOrEqual(1);
  });

  it("are BCa for Spearman's ρ and α, as the coverage simulation chose, and say so in the parameters", () => {
    const settings = { bootstrap: 300, seed: 5 };
    const result = analyzeTidyRatings(rows, settings);
    const rho = factualityAll(result);
    const pairs = ratedOutputs(rows).filter(
      (output) => output.scores.rougeL !== undefined && humanMean(output, 'factuality') !== null,
    );
    const statistic: ResampledStatistic = {
      kind: 'spearman',
      x: pairs.map((output) => output.scores.rougeL!),
      y: pairs.map((output) => humanMean(output, 'factuality')!),
    };
    const keys = pairs.map(outputKey);
    const intervalBy = (method: IntervalMethod) => {
      const bootstrap = new UnitBootstrap(settings);
      let interval: [number, number] | null = null;
      bootstrap.interval(keys, statistic, (filled) => (interval = filled), method);
      bootstrap.completeHere();
      return interval;
    };
    expect(rho.spearman_ci95).toEqual(intervalBy({ method: 'bca', estimate: rho.spearman! }));
    expect(rho.spearman_ci95).not.toEqual(intervalBy({ method: 'percentile' }));
    expect(result.parameters.intervals.spearman).toMatch(/^95% BCa \(bias-corrected and accelerated/);
    expect(result.parameters.intervals.krippendorff_alpha).toMatch(/^95% BCa /);
    expect(result.parameters.intervals.weighted_kappa).toMatch(/^95% percentile bootstrap/);
  });

  it('do not depend on which other metrics are in the file', () => {
    const onlyRouge = rows.map((row) => ({ ...row, scores: { rougeL: row.scores.rougeL! } }));
    const full = factualityAll(analyzeTidyRatings(rows, { bootstrap: 300, seed: 5 }));
    const reduced = factualityAll(analyzeTidyRatings(onlyRouge, { bootstrap: 300, seed: 5 }));
    expect(reduced.spearman_ci95).toEqual(full.spearman_ci95);
  });

  it('are skipped with 0 resamples, and null for fewer than 3 outputs', () => {
    expect(factualityAll(analyzeTidyRatings(rows, { bootstrap: 0, seed: 5 })).spearman_ci95).toBeNull();
    const twoOutputs = rows.filter((row) => ['q01', 'q02'].includes(row.itemId) && row.model === '模型-A');
    const tiny = analyzeTidyRatings(twoOutputs, { bootstrap: 100, seed: 5 });
    expect(tiny.correlations.every((c) => c.n < 3 && c.spearman === null && c.spearman_ci95 === null)).toBe(true);
  });
});

describe('rubric-aware analysis (study mode)', () => {
  const { rows } = readFixtureCsv('ratings_small.csv');

  it('takes kinds and the kappa scale from the rubric', () => {
    const result = analyzeTidyRatings(rows, {
      bootstrap: 0,
      seed: 1,
      rubric: [
        { key: 'factuality', kind: 'likert', scale: [1, 2, 3, 4, 5] },
        { key: 'brevity', kind: 'likert', scale: [1, 2, 3, 4, 5] },
        { key: 'safety', kind: 'binary', scale: [0, 1] },
      ],
    });
    expect(result.dimensions.map((d) => [d.key, d.kind, d.categories])).toEqual([
      ['factuality', 'likert', [1, 2, 3, 4, 5]],
      ['brevity', 'likert', [1, 2, 3, 4, 5]],
      ['safety', 'binary', [0, 1]],
      ['preference', 'preference', null],
    ]);
    // Both raters gave 4 to everything: observed and expected disagreement are 0 on the full 1–5 scale too.
    expect(result.agreement.brevity!.weighted_kappa![0]!.kappa).toBeNull();
  });

  it('refuses a value that is not on the rubric scale', () => {
    expect(() =>
      analyzeTidyRatings(rows, {
        bootstrap: 0,
        seed: 1,
        rubric: [{ key: 'factuality', kind: 'likert', scale: [1, 2, 3] }],
      }),
    ).toThrow('Dimension "factuality" has the value 4, which is not on its rubric scale (1, 2, 3)');
  });

  it('refuses two values for one rater × output × dimension', () => {
    expect(() => analyzeTidyRatings([rows[0]!, rows[0]!], { bootstrap: 0, seed: 1 })).toThrow(
      'Rater "dr.adams" has two values for "factuality" of item "q01", model "Llama-3.1-8B-Instruct-ß"',
    );
  });
});

describe('serializeAnalysisResult', () => {
  it('sorts keys at every level and ends with a newline', () => {
    const text = serializeAnalysisResult(
      analyzeTidyRatings(readFixtureCsv('ratings_single_rater.csv').rows, { bootstrap: 0, seed: 1 }),
    );
    expect(text.endsWith('}\n')).toBe(true);
    const topKeys = Object.keys(JSON.parse(text));
    expect(topKeys).toEqual([...topKeys].sort());
    expect(text.indexOf('"krippendorff_alpha"')).toBeLessThan(text.indexOf('"level"'));
  });
});
