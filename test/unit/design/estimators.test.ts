/**
 * The plan's interval estimators and the simulation's thresholds against plan_reference.json
 * (make_plan_reference.py: numpy/scipy from the definitions), edge cases included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ordinalAlphaJackknife, spearmanFisherInterval } from '../../../shared/design/estimators';
import { preparePopulation } from '../../../shared/design/simulate';
import { krippendorffAlpha, spearman } from '../../../shared/stats';

interface Reference {
  spearman: { x: number[]; y: number[]; rho: number; ci95: [number, number] | null }[];
  alpha: {
    categories: number;
    units: number[][];
    alpha: number | null;
    ci95: [number, number] | null;
    pairable: number;
  }[];
  thresholds: {
    valueShares: number[];
    iccAbsolute: number;
    iccConsistency: number;
    metricRho: number;
    latentR: number;
    outputSd: number;
    noiseSd: number;
    biasSd: number;
    cuts: number[];
  }[];
}
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/design/plan_reference.json', import.meta.url), 'utf8'),
) as Reference;

function expectInterval(actual: [number, number] | null, expected: [number, number] | null) {
  if (expected === null) return expect(actual).toBeNull();
  expect(actual![0]).toBeCloseTo(expected[0], 9);
  expect(actual![1]).toBeCloseTo(expected[1], 9);
}

describe('spearmanFisherInterval', () => {
  it.each(reference.spearman.map((c) => [c.x.length, c] as const))('n = %i equals scipy', (_, c) => {
    const rho = spearman(c.x, c.y);
    expect(rho).toBeCloseTo(c.rho, 12);
    expectInterval(spearmanFisherInterval(rho, c.x.length), c.ci95);
  });

  it('gives no interval for an undefined or perfect ρ', () => {
    expect(spearmanFisherInterval(null, 50)).toBeNull();
    expect(spearmanFisherInterval(1, 50)).toBeNull();
  });
});

describe('ordinalAlphaJackknife', () => {
  it.each(reference.alpha.map((c, i) => [i, c.units.length, c] as const))(
    'case %i (%i units) equals the brute-force jackknife',
    (_, __, c) => {
      const start = new Int32Array(c.units.length + 1);
      c.units.forEach((u, i) => (start[i + 1] = start[i]! + u.length));
      const result = ordinalAlphaJackknife({
        categories: c.categories,
        start,
        values: Int32Array.from(c.units.flat()),
      });
      expect(result.units).toBe(c.pairable);
      if (c.alpha === null) expect(result.alpha).toBeNull();
      else expect(result.alpha).toBeCloseTo(c.alpha, 10);
      expectInterval(result.ci95, c.ci95);
    },
  );

  it("equals the analysis's Krippendorff α (ordinal) on the same units", () => {
    for (const c of reference.alpha.filter((a) => a.alpha !== null)) {
      const raters = Math.max(...c.units.map((u) => u.length));
      const matrix = Array.from({ length: raters }, (_, r) => c.units.map((u) => u[r] ?? null));
      expect(krippendorffAlpha(matrix, 'ordinal')).toBeCloseTo(c.alpha!, 10);
    }
  });
});

describe('the simulation population', () => {
  it.each(reference.thresholds.map((t) => [t.valueShares.length, t] as const))(
    '%i-point scale: latent r, variances and cut points equal the reference',
    (_, t) => {
      const population = preparePopulation({
        models: [{ model: 'm', bins: [[0, 1, 2]], preference: null }],
        dimensions: [{ key: 'd', ...t }],
        secondsPerRating: 60,
        secondsPerPreference: 30,
      });
      const d = population.dimensions[0]!;
      expect(d.latentR).toBeCloseTo(t.latentR, 12);
      expect(d.outputSd).toBeCloseTo(t.outputSd, 12);
      expect(d.noiseSd).toBeCloseTo(t.noiseSd, 12);
      expect(d.biasSd).toBeCloseTo(t.biasSd, 12);
      expect(d.cuts).toHaveLength(t.cuts.length);
      d.cuts.forEach((cut, i) => expect(cut).toBeCloseTo(t.cuts[i]!, 7));
    },
  );
});
