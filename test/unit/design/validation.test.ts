/**
 * The plan's validation simulation: on simulated studies, (1) the predicted intervals (Fisher–Bonett–
 * Wright ρ, jackknife α, Wilson shares) are about as wide as the intervals the analysis itself reports on
 * the same study (analyzeTidyRatings: BCa bootstrap), and (2) they cover the truth, the value on one very
 * large study of the same design, at about the stated 95%. Without rater bias (ICC(A,1) = ICC(C,1)), so
 * the truth does not hang on which few raters a study drew.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { figureLabels, studyFigures } from '../../../shared/design/figures';
import { preparePopulation, simulateStudy, type Design } from '../../../shared/design/simulate';
import { createPrng } from '../../../shared/prng';
import { tidyRowsOf, twoModelAssumptions } from './simulated-study';

const assumptions = twoModelAssumptions({ metricRho: 0.5, icc: [0.5, 0.5] });
const population = preparePopulation(assumptions);
const labels = figureLabels(population);
const design: Design = { perBin: 8, raters: 3, overlap: 2 };
const rubric = [{ key: 'factuality', kind: 'likert' as const, scale: [1, 2, 3, 4, 5] }];
const width = (ci: [number, number] | null) => (ci === null ? Number.NaN : ci[1] - ci[0]);
const meanOf = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe('validation simulation', () => {
  it("predicts the analysis's own interval widths within 15% (30 studies, 500 BCa resamples each)", () => {
    const prng = createPrng(2024);
    const predicted = new Map<string, number[]>();
    const realised = new Map<string, number[]>();
    const add = (map: Map<string, number[]>, key: string, value: number) =>
      map.set(key, [...(map.get(key) ?? []), value]);
    for (let s = 0; s < 30; s++) {
      const study = simulateStudy(population, design, prng);
      const figures = studyFigures(population, study);
      const result = analyzeTidyRatings(tidyRowsOf(study, assumptions), { bootstrap: 500, seed: s, rubric });
      labels.forEach((label, i) => {
        if (label.statistic === 'preference') return;
        const key = `${label.statistic} ${label.model ?? ''}`;
        const analysed =
          label.statistic === 'alpha'
            ? result.agreement.factuality!.krippendorff_alpha_ci95
            : result.correlations.find((c) => c.model === (label.model ?? 'ALL'))!.spearman_ci95;
        add(predicted, key, width(figures[i]!.ci95));
        add(realised, key, width(analysed));
      });
    }
    for (const [key, widths] of predicted) {
      const ratio = meanOf(widths) / meanOf(realised.get(key)!);
      expect(ratio, key).toBeGreaterThan(0.85);
      expect(ratio, key).toBeLessThan(1.15);
    }
  });

  it('covers the truth in 92–98% of 400 studies for every figure', () => {
    const truthStudy = simulateStudy(population, { ...design, perBin: 4000 }, createPrng(1));
    const truth = studyFigures(population, truthStudy).map((f) => f.value);
    labels.forEach((label, i) => {
      if (label.statistic === 'preference') {
        const m = assumptions.models.find((model) => model.model === label.model)!;
        truth[i] = m.preference![label.bin! - 1]!.model;
      }
    });
    const prng = createPrng(77);
    const covered = labels.map(() => 0);
    for (let s = 0; s < 400; s++) {
      studyFigures(population, simulateStudy(population, design, prng)).forEach((f, i) => {
        if (f.ci95 !== null && f.ci95[0] <= truth[i]! && truth[i]! <= f.ci95[1]) covered[i]!++;
      });
    }
    labels.forEach((label, i) => {
      const name = `${label.statistic} ${label.model ?? ''} ${label.bin ?? ''}`;
      expect(covered[i]! / 400, name).toBeGreaterThan(0.92);
      expect(covered[i]! / 400, name).toBeLessThan(0.98);
    });
  });
});
