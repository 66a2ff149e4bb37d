/**
 * The judge comparison against judge_reference.json (make_judge_fixtures.py: numpy/scipy from the
 * definitions), on the physicians of ratings_small.csv and the judge of judge_small.csv; and the judge kept
 * out of every physician figure of the analysis.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  analyzeTidyRatings,
  serializeAnalysisResult,
  type JudgeValue,
  type KnownDimension,
} from '../../../shared/analysis';
import { csvRecords } from '../../../shared/csv';
import { expectClose, readFixtureCsv } from './fixtures';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/analysis');
const reference = JSON.parse(readFileSync(join(folder, 'judge_reference.json'), 'utf8')) as {
  judge_ratings: number;
  dimensions: Record<
    string,
    {
      n: number;
      per_physician: { physician: string; n: number; kappa: number | null }[];
      judge_physician_kappa: number | null;
      physician_physician_kappa: number | null;
      icc_absolute_single: number;
      icc_consistency_single: number;
      bias: number;
      bias_ci95: [number, number];
    }
  >;
};

const LIKERT = [1, 2, 3, 4, 5];
const rubric: KnownDimension[] = [
  { key: 'factuality', kind: 'likert', scale: LIKERT },
  { key: 'brevity', kind: 'likert', scale: LIKERT },
  { key: 'safety', kind: 'binary', scale: [0, 1] },
];
const { rows } = readFixtureCsv('ratings_small.csv');
const judges: JudgeValue[] = csvRecords(readFileSync(join(folder, 'judge_small.csv'), 'utf8'), 'judge_small.csv')
  .slice(1)
  .map(({ cells: [itemId, model, dimension, value] }) => ({
    judge: 'lenient-judge',
    itemId: itemId!,
    model: model!,
    dimension: dimension!,
    value: Number(value),
  }));
const options = { bootstrap: 300, seed: 4, rubric };
const result = analyzeTidyRatings(rows, { ...options, judges });

describe('judge comparison', () => {
  it('equals the independent reference on every Likert dimension', () => {
    const [comparison] = result.judges!;
    expect(comparison!.judge).toBe('lenient-judge');
    expect(comparison!.ratings).toBe(reference.judge_ratings);
    expect(comparison!.dimensions.map((d) => d.dimension)).toEqual(Object.keys(reference.dimensions));
    for (const d of comparison!.dimensions) {
      const expected = reference.dimensions[d.dimension]!;
      expectClose(
        {
          n: d.n,
          per_physician: d.per_physician.map((p) => ({ physician: p.physician, n: p.n, kappa: p.weighted_kappa })),
          judge_physician_kappa: d.judge_physician_kappa.value,
          physician_physician_kappa: d.physician_physician_kappa.value,
          icc_absolute_single: d.vs_physician_mean.icc_absolute_single!.value,
          icc_consistency_single: d.vs_physician_mean.icc_consistency_single!.value,
          bias: d.bias.mean,
          bias_ci95: d.bias.ci95,
        },
        expected,
        d.dimension,
        // The t quantile of the bias interval is BlindRate's series (shared/stats/quantiles), to about 1e-9.
        1e-8,
      );
    }
  });

  it('leaves the verdict open where the physicians have no κ (all gave one value), and reads it off the interval otherwise', () => {
    const byDimension = new Map(result.judges![0]!.dimensions.map((d) => [d.dimension, d]));
    const brevity = byDimension.get('brevity')!;
    expect(brevity.physician_physician_kappa).toEqual({ value: null, ci95: null, pairs: 0, units: 0 });
    expect(brevity.verdict).toBeNull();
    const factuality = byDimension.get('factuality')!;
    const [low, high] = factuality.physician_physician_kappa.ci95!;
    expect(low).toBeLessThan(factuality.physician_physician_kappa.value!);
    expect(high).toBeGreaterThan(factuality.physician_physician_kappa.value!);
    const value = factuality.judge_physician_kappa.value!;
    expect(factuality.verdict).toBe(value < low ? 'below' : value > high ? 'above' : 'within');
  });

  it('bootstraps the mean κ over every output a pair shares, reproducibly from the seed', () => {
    const factuality = result.judges![0]!.dimensions.find((d) => d.dimension === 'factuality')!;
    expect(factuality.judge_physician_kappa.units).toBe(reference.dimensions.factuality!.n);
    expect(factuality.judge_physician_kappa.pairs).toBe(3);
    const again = analyzeTidyRatings(rows, { ...options, judges });
    expect(again.judges).toEqual(result.judges);
  });

  it('is in no physician figure: the result without its judges equals the analysis without judges', () => {
    const { judges: compared, ...physicians } = result;
    expect(compared).toHaveLength(1);
    expect(serializeAnalysisResult(physicians)).toBe(serializeAnalysisResult(analyzeTidyRatings(rows, options)));
  });

  it('without resamples has its values and no intervals or verdict', () => {
    const plain = analyzeTidyRatings(rows, { ...options, bootstrap: 0, judges });
    const factuality = plain.judges![0]!.dimensions.find((d) => d.dimension === 'factuality')!;
    expect(factuality.judge_physician_kappa.value).toBe(
      result.judges![0]!.dimensions.find((d) => d.dimension === 'factuality')!.judge_physician_kappa.value,
    );
    expect([factuality.judge_physician_kappa.ci95, factuality.physician_physician_kappa.ci95]).toEqual([null, null]);
    expect(factuality.verdict).toBeNull();
  });

  it('adds no judges key when there is no judge', () => {
    expect('judges' in analyzeTidyRatings(rows, { ...options, judges: [] })).toBe(false);
  });
});
