/**
 * One bootstrap's work, its side statistics then its resamples cut into ranges, that the threads take in
 * turn, through memory they share: a thread that is free takes the next item, so no thread waits for
 * another's share whatever each had to do first (this thread drafts the analysis, the first worker computes
 * the row figures) and however the machine's cores are shared. Every value is written where
 * resampleStatistics over all the resamples (or sideStatisticValue) would put it, so the result does not
 * depend on who computed which item.
 */
import {
  ResampleCursor,
  sideStatisticValue,
  type BootstrapSettings,
  type IntervalRequest,
  type SideStatistic,
} from '../../shared/analysis';

/** About this many ranges per thread: enough to even out, few enough that each range's set-up is nothing. */
const RANGES_PER_THREAD = 10;

/** What a thread needs to take part (structured-cloneable: SharedArrayBuffers are shared, not copied). */
export interface SharedResamples {
  settings: BootstrapSettings;
  requests: IntervalRequest[];
  sides: SideStatistic[];
  rangeSize: number;
  /** Request r's value on resample b at index r·B + b (Float64). */
  values: SharedArrayBuffer;
  /** Side statistic s's value at index s (Float64). */
  sideValues: SharedArrayBuffer;
  /** [next item to take, items done] (Int32): items 0 … S−1 are the side statistics, then the ranges. */
  progress: SharedArrayBuffer;
}

export function sharedResamples(
  settings: BootstrapSettings,
  requests: IntervalRequest[],
  sides: SideStatistic[],
  threads: number,
): SharedResamples {
  return {
    settings,
    requests,
    sides,
    rangeSize: Math.max(1, Math.ceil(settings.bootstrap / (threads * RANGES_PER_THREAD))),
    values: new SharedArrayBuffer(requests.length * settings.bootstrap * Float64Array.BYTES_PER_ELEMENT),
    sideValues: new SharedArrayBuffer(sides.length * Float64Array.BYTES_PER_ELEMENT),
    progress: new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT),
  };
}

const NEXT = 0;
const DONE = 1;

function itemCount({ settings, sides, rangeSize }: SharedResamples): number {
  return sides.length + Math.ceil(settings.bootstrap / rangeSize);
}

/** Each request's values, resample 0 … B−1 (views of the shared memory). */
export function resampleValues(shared: SharedResamples): Float64Array[] {
  const { bootstrap } = shared.settings;
  return shared.requests.map((_, r) => new Float64Array(shared.values, r * bootstrap * 8, bootstrap));
}

/** The side statistics' values (a view of the shared memory). */
export function sideValues(shared: SharedResamples): Float64Array {
  return new Float64Array(shared.sideValues);
}

/** Takes and computes side statistics and ranges in this thread until none is left. */
export function computeFreeWork(shared: SharedResamples): void {
  const progress = new Int32Array(shared.progress);
  const values = resampleValues(shared);
  const sides = sideValues(shared);
  const items = itemCount(shared);
  let cursor: ResampleCursor | undefined;
  for (let item = Atomics.add(progress, NEXT, 1); item < items; item = Atomics.add(progress, NEXT, 1)) {
    if (item < shared.sides.length) sides[item] = sideStatisticValue(shared.sides[item]!, shared.requests);
    else {
      // Made at the first range taken: a thread that finds none left never draws a stream.
      cursor ??= new ResampleCursor(shared.settings, shared.requests);
      const from = (item - shared.sides.length) * shared.rangeSize;
      cursor.compute(from, Math.min(shared.settings.bootstrap, from + shared.rangeSize), values);
    }
    Atomics.add(progress, DONE, 1);
  }
}

/** True once every item is computed, by whichever thread. */
export function allWorkDone(shared: SharedResamples): boolean {
  return Atomics.load(new Int32Array(shared.progress), DONE) === itemCount(shared);
}
