/**
 * Ranges of one bootstrap taken in turn through shared memory (electron/services/resample-ranges.ts), here
 * in one thread: a thread that takes a range after others finished the ranges before it starts its streams
 * where the last of those left them, and the values are those of one thread computing every resample.
 */
import { describe, expect, it } from 'vitest';
import { ResampleCursor, resampleStatistics, type IntervalRequest } from '../../../shared/analysis';
import {
  allRangesDone,
  computeFreeRanges,
  resampleValues,
  sharedResamples,
  type SharedResamples,
} from '../../../electron/services/resample-ranges';

const units = Array.from({ length: 60 }, (_, i) => `output-${i}`);
const others = units.slice(10);
const requests: IntervalRequest[] = [
  { units, statistic: { kind: 'spearman', x: units.map((_, i) => i % 7), y: units.map((_, i) => (i * 5) % 11) } },
  { units, statistic: { kind: 'pearson', x: units.map((_, i) => i % 4), y: units.map((_, i) => (i * 3) % 13) } },
  { units: others, statistic: { kind: 'spearman', x: others.map((_, i) => i % 9), y: others.map((_, i) => i % 5) } },
];
const settings = { bootstrap: 1000, seed: 3 };
const whole = resampleStatistics(settings, requests, 0, settings.bootstrap);

/** Ranges 0 … taken − 1 computed and finished as another thread would leave them. */
function finishedElsewhere(shared: SharedResamples, taken: number): void {
  const cursor = new ResampleCursor(settings, requests);
  const values = resampleValues(shared);
  const streams = new Int32Array(shared.streams);
  for (let range = 0; range < taken; range++) {
    cursor.compute(range * shared.rangeSize, (range + 1) * shared.rangeSize, values);
    cursor.writeStreams(streams, range * ResampleCursor.streamsLength(requests));
    Atomics.store(new Int32Array(shared.streamsWritten), range, 1);
  }
  new Int32Array(shared.progress).set([taken, taken]);
}

describe('computeFreeRanges', () => {
  it('computes every range of a bootstrap alone as one thread does', () => {
    const shared = sharedResamples(settings, requests, 2);
    computeFreeRanges(shared);
    expect(allRangesDone(shared)).toBe(true);
    expect(resampleValues(shared)).toEqual(whole);
  });

  it('starts after ranges finished by another thread from the streams they left', () => {
    const shared = sharedResamples(settings, requests, 2);
    expect(shared.rangeSize).toBe(50);
    finishedElsewhere(shared, 13);
    computeFreeRanges(shared);
    expect(allRangesDone(shared)).toBe(true);
    expect(resampleValues(shared)).toEqual(whole);
  });

  it('takes the streams up rather than drawing the resamples before them again', () => {
    const shared = sharedResamples(settings, requests, 2);
    finishedElsewhere(shared, 13);
    // Streams the last finished range did not leave: what follows differs from one thread's resamples.
    const streams = new Int32Array(shared.streams);
    const last = 12 * ResampleCursor.streamsLength(requests);
    streams.set(streams.subarray(0, ResampleCursor.streamsLength(requests)), last);
    computeFreeRanges(shared);
    const values = resampleValues(shared);
    expect(values[0]!.subarray(0, 650)).toEqual(whole[0]!.subarray(0, 650));
    expect(values[0]!.subarray(650)).not.toEqual(whole[0]!.subarray(650));
  });

  it('draws the resamples between when the range before is taken but not finished', () => {
    const shared = sharedResamples(settings, requests, 2);
    finishedElsewhere(shared, 13);
    // Range 12 still being computed elsewhere: its streams are not there yet, so range 13 starts from range 11's.
    Atomics.store(new Int32Array(shared.streamsWritten), 12, 0);
    new Int32Array(shared.streams).fill(0, 12 * ResampleCursor.streamsLength(requests));
    computeFreeRanges(shared);
    expect(resampleValues(shared).map((v) => v.subarray(650))).toEqual(whole.map((v) => v.subarray(650)));
  });
});
