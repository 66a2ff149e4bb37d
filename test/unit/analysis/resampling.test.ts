import { describe, expect, it } from 'vitest';
import { UnitBootstrap } from '../../../shared/analysis/resampling';
import { spearmanResampler } from '../../../shared/stats';

const keys = Array.from({ length: 40 }, (_, i) => `output-${i}`);
const x = keys.map((_, i) => i % 9);
const y = keys.map((_, i) => (i * 7) % 11);
const rho = spearmanResampler(x, y);

describe('UnitBootstrap', () => {
  it('seeds resamples from the outputs resampled: same outputs and seed, same interval, whatever was computed before', () => {
    const fresh = new UnitBootstrap({ bootstrap: 300, seed: 4 });
    const busy = new UnitBootstrap({ bootstrap: 300, seed: 4 });
    busy.interval(keys.slice(5), spearmanResampler(x.slice(5), y.slice(5)));
    expect(busy.interval(keys, rho)).toEqual(fresh.interval(keys, rho));
  });

  it('draws other resamples for other outputs or another seed', () => {
    const interval = new UnitBootstrap({ bootstrap: 300, seed: 4 }).interval(keys, rho);
    const renamed = keys.map((k) => `${k}'`);
    expect(new UnitBootstrap({ bootstrap: 300, seed: 4 }).interval(renamed, rho)).not.toEqual(interval);
    expect(new UnitBootstrap({ bootstrap: 300, seed: 5 }).interval(keys, rho)).not.toEqual(interval);
  });

  it('gives no interval with 0 resamples or fewer than 3 outputs', () => {
    expect(new UnitBootstrap({ bootstrap: 0, seed: 4 }).interval(keys, rho)).toBeNull();
    expect(new UnitBootstrap({ bootstrap: 100, seed: 4 }).interval(keys.slice(0, 2), () => 1)).toBeNull();
  });
});
