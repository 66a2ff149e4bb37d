import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, type TidyRatingRow } from '../../../shared/analysis';
import { agreementReference } from '../stats/agreementFixtures';

const { rows: fixtureRows, expected, timing } = agreementReference.diagnostics;
const rows: TidyRatingRow[] = fixtureRows.map((row) => ({
  rater: row.rater,
  itemId: row.item_id,
  model: row.model,
  task: 'rating',
  dimension: row.dimension,
  value: row.value,
  bin: null,
  durationMs: row.duration_ms,
  ratedAt: '',
  scores: {},
  qc: null,
}));

describe('per-rater diagnostics (reference values from numpy / scipy)', () => {
  const result = analyzeTidyRatings(rows, { bootstrap: 0, seed: 1 });

  for (const [dimension, byRater] of Object.entries(expected)) {
    for (const [rater, reference] of Object.entries(byRater)) {
      it(`${rater} on ${dimension}: mean, SD, Spearman against the others' mean, mean difference with its t interval`, () => {
        const diagnostics = result.per_rater
          .find((r) => r.rater === rater)!
          .dimensions.find((d) => d.dimension === dimension)!;
        expect(diagnostics.n).toBe(reference.n);
        expect(diagnostics.mean).toBeCloseTo(reference.mean, 12);
        expect(diagnostics.sd).toBeCloseTo(reference.sd, 12);
        expect(diagnostics.versus_others.n).toBe(reference.loo_n);
        if (reference.loo_spearman === null) expect(diagnostics.versus_others.spearman).toBeNull();
        else expect(diagnostics.versus_others.spearman).toBeCloseTo(reference.loo_spearman, 12);
        expect(diagnostics.versus_others.mean_difference).toBeCloseTo(reference.mean_difference, 12);
        // jstat's t quantile agrees with scipy's to about 1e-8.
        expect(diagnostics.versus_others.mean_difference_ci95![0]).toBeCloseTo(reference.mean_difference_ci95[0], 7);
        expect(diagnostics.versus_others.mean_difference_ci95![1]).toBeCloseTo(reference.mean_difference_ci95[1], 7);
      });
    }
  }

  for (const [rater, reference] of Object.entries(timing)) {
    it(`${rater}: time per task counts each rated output once (median and quartiles)`, () => {
      expect(result.per_rater.find((r) => r.rater === rater)!.time_per_task_ms).toEqual({
        n: reference.tasks,
        median: reference.median_ms,
        q1: reference.q1_ms,
        q3: reference.q3_ms,
      });
    });
  }

  it('lists raters by name and their dimensions in the analysis order', () => {
    expect(result.per_rater.map((r) => r.rater)).toEqual(['ana', 'ben', 'cyd']);
    expect(result.per_rater[0]!.dimensions.map((d) => d.dimension)).toEqual(result.dimensions.map((d) => d.key));
  });
});
