import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bcaIntervalOfResamples,
  krippendorffAlphaResampler,
  percentileIntervalOfResamples,
  spearman,
  spearmanResampler,
  type ResampleStatistic,
} from '../../../shared/stats';

/** scipy.stats.bootstrap(method="BCa") on fixed resamples: test/fixtures/stats/make_bca_fixtures.py. */
interface BcaCase {
  name: string;
  kind: 'spearman' | 'ordinal_alpha' | 'mean';
  x?: number[];
  y?: number[];
  matrix?: Array<Array<number | null>>;
  values?: number[];
  level: number;
  estimate: number;
  /** One string per resample, one base-36 digit per unit: how often the resample drew it. */
  resample_counts: string[];
  bca: [number, number];
  percentile: [number, number];
}

const { cases } = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/bca_reference.json', import.meta.url), 'utf8'),
) as { cases: BcaCase[] };

function countsOf(resamples: string[]): Int32Array {
  return Int32Array.from(resamples.join(''), (digit) => parseInt(digit, 36));
}

function statisticOf(fixture: BcaCase): ResampleStatistic {
  if (fixture.kind === 'spearman') return spearmanResampler(fixture.x!, fixture.y!);
  if (fixture.kind === 'ordinal_alpha') return krippendorffAlphaResampler(fixture.matrix!, 'ordinal').statistic;
  const values = fixture.values!;
  return (counts, offset) => values.reduce((sum, value, i) => sum + counts[offset + i]! * value, 0) / values.length;
}

describe('bcaIntervalOfResamples against scipy.stats.bootstrap(method="BCa")', () => {
  it.each(cases.map((fixture) => [fixture.name, fixture] as const))('%s', (_, fixture) => {
    const n = fixture.resample_counts[0]!.length;
    const counts = countsOf(fixture.resample_counts);
    const statistic = statisticOf(fixture);
    const bca = bcaIntervalOfResamples(counts, n, statistic, fixture.estimate, fixture.level)!;
    expect(bca[0]).toBeCloseTo(fixture.bca[0], 9);
    expect(bca[1]).toBeCloseTo(fixture.bca[1], 9);
    // The same resamples give scipy's percentile interval too, so the two differ by the correction alone.
    const percentile = percentileIntervalOfResamples(counts, n, statistic, fixture.level)!;
    expect(percentile[0]).toBeCloseTo(fixture.percentile[0], 12);
    expect(percentile[1]).toBeCloseTo(fixture.percentile[1], 12);
    expect(Math.abs(bca[0] - percentile[0])).toBeGreaterThan(1e-3);
  });

  it('covers the four cases: Spearman with ties at n = 40 and n = 12, ordinal α with missing ratings, a skewed mean', () => {
    expect(cases.map((fixture) => fixture.kind)).toEqual(['spearman', 'spearman', 'ordinal_alpha', 'mean']);
    const spearmanCase = cases[0]!;
    expect(spearman(spearmanCase.x!, spearmanCase.y!)).toBeCloseTo(spearmanCase.estimate, 12);
  });
});

describe('bcaIntervalOfResamples edge cases', () => {
  const n = 4;
  const values = [1, 2, 3, 10];
  const meanOf: ResampleStatistic = (counts, offset) =>
    values.reduce((sum, value, i) => sum + counts[offset + i]! * value, 0) / n;

  it('is null when the estimate lies outside every resample (no bias correction exists)', () => {
    const counts = Int32Array.from('4000' + '0400' + '3100' + '2200', Number);
    expect(bcaIntervalOfResamples(counts, n, meanOf, 4)).toBeNull();
  });

  it('uses no acceleration when the leave-one-out values are all equal', () => {
    const constantLeaveOneOut: ResampleStatistic = (counts, offset) => (counts[offset]! > 1 ? 2 : 1);
    // Resample values 2, 1, 1, 2 around an estimate of 1.5: z0 = 0, a = 0, so BCa is the percentile interval.
    const counts = Int32Array.from('2110' + '1111' + '0121' + '3100', Number);
    expect(bcaIntervalOfResamples(counts, n, constantLeaveOneOut, 1.5)).toEqual(
      percentileIntervalOfResamples(counts, n, constantLeaveOneOut),
    );
  });

  it('is null when fewer than half of the resamples are defined', () => {
    const counts = Int32Array.from('4000' + '0400' + '3100' + '2200', Number);
    const mostlyNull: ResampleStatistic = (c, offset) => (c[offset] === 2 ? 1 : null);
    expect(bcaIntervalOfResamples(counts, n, mostlyNull, 1)).toBeNull();
  });
});

describe('the committed coverage simulation (bootstrap-coverage.ts)', () => {
  const { results } = JSON.parse(
    readFileSync(new URL('../../fixtures/stats/bootstrap_coverage.json', import.meta.url), 'utf8'),
  ) as {
    results: Array<{ statistic: string; n: number; percentile: { coverage: number }; bca: { coverage: number } }>;
  };
  const docs = readFileSync(new URL('../../../docs/statistics.md', import.meta.url), 'utf8');

  it('is quoted row by row in docs/statistics.md', () => {
    expect(results).toHaveLength(12);
    for (const row of results) {
      const cells = `| ${row.n} | `;
      const coverage = `| ${row.percentile.coverage.toFixed(3)} | ${row.bca.coverage.toFixed(3)} |`;
      expect(docs.split('\n').some((line) => line.includes(cells) && line.includes(coverage))).toBe(true);
    }
  });

  it('supports BCa for α and ρ: never below 0.93, and as close to 0.95 as percentile within Monte Carlo error', () => {
    const distance = (coverage: number) => Math.abs(coverage - 0.95);
    for (const row of results) {
      expect(row.bca.coverage).toBeGreaterThan(0.93);
      expect(distance(row.bca.coverage)).toBeLessThan(distance(row.percentile.coverage) + 0.01);
    }
  });
});
