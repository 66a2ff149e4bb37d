import { describe, expect, it } from 'vitest';
import {
  ResampleCursor,
  resampleStatistics,
  UnitBootstrap,
  type IntervalRequest,
  type ResampledStatistic,
} from '../../../shared/analysis/resampling';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { bootstrapPercentileInterval, spearmanResampler } from '../../../shared/stats';

const keys = Array.from({ length: 40 }, (_, i) => `output-${i}`);
const x = keys.map((_, i) => i % 9);
const y = keys.map((_, i) => (i * 7) % 11);
const rho: ResampledStatistic = { kind: 'spearman', x, y };

/** The interval `bootstrap` fills in for `units` and `statistic`, computed in this thread. */
function intervalOf(
  bootstrap: UnitBootstrap,
  units: ReadonlyArray<string>,
  statistic: ResampledStatistic,
): [number, number] | null | undefined {
  let interval: [number, number] | null | undefined;
  bootstrap.interval(units, statistic, (filled) => (interval = filled));
  bootstrap.completeHere();
  return interval;
}

describe('UnitBootstrap', () => {
  it('draws the resamples of a set of outputs from one stream seeded with the seed and their identities', () => {
    const expected = bootstrapPercentileInterval(keys.length, spearmanResampler(x, y), {
      resamples: 300,
      prng: createPrng(deriveSeed(4, keys.join('\u001e'))),
    });
    expect(expected).not.toBeNull();
    expect(intervalOf(new UnitBootstrap({ bootstrap: 300, seed: 4 }), keys, rho)).toEqual(expected);
  });

  it('seeds resamples from the outputs resampled: same outputs and seed, same interval, whatever else is asked for', () => {
    const fresh = new UnitBootstrap({ bootstrap: 300, seed: 4 });
    const busy = new UnitBootstrap({ bootstrap: 300, seed: 4 });
    busy.interval(keys.slice(5), { kind: 'spearman', x: x.slice(5), y: y.slice(5) }, () => {});
    expect(intervalOf(busy, keys, rho)).toEqual(intervalOf(fresh, keys, rho));
  });

  it('draws other resamples for other outputs or another seed', () => {
    const interval = intervalOf(new UnitBootstrap({ bootstrap: 300, seed: 4 }), keys, rho);
    const renamed = keys.map((k) => `${k}'`);
    expect(intervalOf(new UnitBootstrap({ bootstrap: 300, seed: 4 }), renamed, rho)).not.toEqual(interval);
    expect(intervalOf(new UnitBootstrap({ bootstrap: 300, seed: 5 }), keys, rho)).not.toEqual(interval);
  });

  it('gives no interval with 0 resamples or fewer than 3 outputs, and asks for no resamples then', () => {
    const none = new UnitBootstrap({ bootstrap: 0, seed: 4 });
    expect(intervalOf(none, keys, rho)).toBeNull();
    const few = new UnitBootstrap({ bootstrap: 100, seed: 4 });
    expect(intervalOf(few, keys.slice(0, 2), { kind: 'spearman', x: [1, 2], y: [2, 1] })).toBeNull();
    expect([none.requests, few.requests]).toEqual([[], []]);
  });
});

describe('UnitBootstrap.handOver', () => {
  it('hands over each request once, in the order asked for, in the batches the analysis cuts', () => {
    const batches: IntervalRequest[][] = [];
    const bootstrap = new UnitBootstrap({ bootstrap: 50, seed: 4 }, (requests) => batches.push(requests));
    bootstrap.interval(keys, rho, () => {});
    bootstrap.interval(keys.slice(5), rho, () => {});
    bootstrap.handOver();
    bootstrap.handOver(); // nothing new: no empty batch
    bootstrap.interval(keys.slice(9), rho, () => {});
    bootstrap.handOver();
    expect(batches.map((batch) => batch.map((request) => request.units.length))).toEqual([[40, 35], [31]]);
    expect(batches.flat()).toEqual(bootstrap.requests);
  });

  it('gives the same values whether the requests are resampled in batches or all together', () => {
    const batches: IntervalRequest[][] = [];
    const bootstrap = new UnitBootstrap({ bootstrap: 60, seed: 4 }, (requests) => batches.push(requests));
    bootstrap.interval(keys, rho, () => {});
    bootstrap.handOver();
    // The same outputs again in a later batch: its stream starts again from its seed.
    bootstrap.interval(keys, { kind: 'pearson', x, y }, () => {});
    bootstrap.handOver();
    const together = resampleStatistics(bootstrap.settings, bootstrap.requests, 0, 60);
    const inBatches = batches.flatMap((batch) => resampleStatistics(bootstrap.settings, batch, 0, 60));
    expect(inBatches).toEqual(together);
  });

  it('gives requests on one set of units one list, so a batch copied to a worker copies it once', () => {
    const bootstrap = new UnitBootstrap({ bootstrap: 50, seed: 4 });
    bootstrap.interval([...keys], rho, () => {});
    bootstrap.interval([...keys], { kind: 'pearson', x, y }, () => {});
    bootstrap.interval(keys.slice(1), rho, () => {});
    const [first, second, other] = bootstrap.requests;
    expect(second!.units).toBe(first!.units);
    expect(other!.units).not.toBe(first!.units);
  });

  it('hands nothing over without a taker', () => {
    const bootstrap = new UnitBootstrap({ bootstrap: 50, seed: 4 });
    bootstrap.interval(keys, rho, () => {});
    expect(() => bootstrap.handOver()).not.toThrow();
    expect(bootstrap.requests).toHaveLength(1);
  });
});

describe('resampleStatistics', () => {
  // Two statistics on the same outputs (sharing resamples) and one on other outputs, with a resample of
  // 2,000 outputs, large enough that a range is computed in several batches of resamples.
  const many = Array.from({ length: 2000 }, (_, i) => `big-${i}`);
  const requests: IntervalRequest[] = [
    rho,
    {
      kind: 'weighted-kappa',
      a: x.map((v) => v % 5),
      b: y.map((v) => v % 5),
      categories: [0, 1, 2, 3, 4],
      weights: 'quadratic',
    },
    { kind: 'spearman', x: many.map((_, i) => i % 13), y: many.map((_, i) => (i * 5) % 17) },
  ].map((statistic, i) => ({ units: i < 2 ? keys : many, statistic }) as IntervalRequest);
  const settings = { bootstrap: 2500, seed: 9 };
  const whole = resampleStatistics(settings, requests, 0, 2500);

  it('gives each resample the same value whichever range of resamples it is computed in', () => {
    for (const cuts of [
      [0, 1250, 2500],
      [0, 1, 2499, 2500],
      [0, 833, 1666, 2500],
      [0, 0, 2500],
    ]) {
      const parts = cuts.slice(1).map((to, i) => resampleStatistics(settings, requests, cuts[i]!, to));
      requests.forEach((_, r) => {
        const joined = Float64Array.from(parts.flatMap((part) => [...part[r]!]));
        expect(joined, `cuts ${cuts.join(',')}, request ${r}`).toEqual(whole[r]);
      });
    }
  });

  it('gives the same values from cursors that take ranges in turn, as threads do (ResampleCursor)', () => {
    // Two "threads" taking ranges of 300 alternately, the second taking two in a row at the end.
    const owners = [0, 1, 0, 1, 0, 1, 0, 1, 1];
    const cursors = [new ResampleCursor(settings, requests), new ResampleCursor(settings, requests)];
    const values = requests.map(() => new Float64Array(2500));
    owners.forEach((owner, range) => cursors[owner]!.compute(range * 300, Math.min(2500, (range + 1) * 300), values));
    requests.forEach((_, r) => expect(values[r], `request ${r}`).toEqual(whole[r]));
  });

  it('resumes a cursor where another left its streams, as if it had drawn the resamples between', () => {
    const first = new ResampleCursor(settings, requests);
    const values = requests.map(() => new Float64Array(2500));
    first.compute(0, 700, values);
    const streams = new Int32Array(ResampleCursor.streamsLength(requests) + 3);
    first.writeStreams(streams, 3);
    const later = new ResampleCursor(settings, requests);
    later.resumeAt(700, streams, 3);
    expect(later.position).toBe(700);
    later.compute(1900, 2500, values);
    requests.forEach((_, r) => {
      expect(values[r]!.subarray(0, 700), `request ${r}`).toEqual(whole[r]!.subarray(0, 700));
      expect(values[r]!.subarray(1900), `request ${r}`).toEqual(whole[r]!.subarray(1900));
    });
  });

  it('refuses to resume behind a cursor or outside the resamples', () => {
    const cursor = new ResampleCursor(settings, requests);
    const values = requests.map(() => new Float64Array(2500));
    cursor.compute(0, 200, values);
    const streams = new Int32Array(ResampleCursor.streamsLength(requests));
    cursor.writeStreams(streams, 0);
    expect(() => cursor.resumeAt(100, streams, 0)).toThrow(RangeError);
    expect(() => cursor.resumeAt(2501, streams, 0)).toThrow(RangeError);
  });

  it('refuses a range behind a cursor', () => {
    const cursor = new ResampleCursor(settings, requests);
    const values = requests.map(() => new Float64Array(2500));
    cursor.compute(100, 200, values);
    expect(() => cursor.compute(150, 300, values)).toThrow(RangeError);
  });

  it('refuses a range outside the resamples', () => {
    expect(() => resampleStatistics(settings, requests, 10, 5)).toThrow(RangeError);
    expect(() => resampleStatistics(settings, requests, 0, 2501)).toThrow(RangeError);
  });
});
