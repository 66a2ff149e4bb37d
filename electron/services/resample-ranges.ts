/**
 * One bootstrap's resamples cut into ranges that the threads take in turn, through memory they share: a
 * thread that is free takes the next range, so no thread waits for another's share whatever each had to do
 * first (this thread works through the figures without resamples before it resamples, the workers start up)
 * and however the machine's cores are shared. Every value is written where resampleStatistics over all the
 * resamples would put it, so the result does not depend on who computed which range.
 */
import { ResampleCursor, type BootstrapSettings, type IntervalRequest } from '../../shared/analysis';

/** About this many ranges per thread: enough to even out, few enough that each range's set-up is nothing. */
const RANGES_PER_THREAD = 10;

/** What a thread needs to take part (structured-cloneable: SharedArrayBuffers are shared, not copied). */
export interface SharedResamples {
  settings: BootstrapSettings;
  requests: IntervalRequest[];
  rangeSize: number;
  /** Request r's value on resample b at index r·B + b (Float64). */
  values: SharedArrayBuffer;
  /** [next range to take, ranges done] (Int32). */
  progress: SharedArrayBuffer;
}

export function sharedResamples(
  settings: BootstrapSettings,
  requests: IntervalRequest[],
  threads: number,
): SharedResamples {
  return {
    settings,
    requests,
    rangeSize: Math.max(1, Math.ceil(settings.bootstrap / (threads * RANGES_PER_THREAD))),
    values: new SharedArrayBuffer(requests.length * settings.bootstrap * Float64Array.BYTES_PER_ELEMENT),
    progress: new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT),
  };
}

const NEXT = 0;
const DONE = 1;

function rangeCount({ settings, rangeSize }: SharedResamples): number {
  return Math.ceil(settings.bootstrap / rangeSize);
}

/** Each request's values, resample 0 … B−1 (views of the shared memory). */
export function resampleValues(shared: SharedResamples): Float64Array[] {
  const { bootstrap } = shared.settings;
  return shared.requests.map((_, r) => new Float64Array(shared.values, r * bootstrap * 8, bootstrap));
}

/** Takes and computes ranges in this thread until none is left. */
export function computeFreeRanges(shared: SharedResamples): void {
  const progress = new Int32Array(shared.progress);
  const values = resampleValues(shared);
  const ranges = rangeCount(shared);
  let cursor: ResampleCursor | undefined;
  for (let range = Atomics.add(progress, NEXT, 1); range < ranges; range = Atomics.add(progress, NEXT, 1)) {
    // Made at the first range taken: a thread that finds none left never draws a stream.
    cursor ??= new ResampleCursor(shared.settings, shared.requests);
    const from = range * shared.rangeSize;
    cursor.compute(from, Math.min(shared.settings.bootstrap, from + shared.rangeSize), values);
    Atomics.add(progress, DONE, 1);
  }
}

/** True once every range is computed, by whichever thread. */
export function allRangesDone(shared: SharedResamples): boolean {
  return Atomics.load(new Int32Array(shared.progress), DONE) === rangeCount(shared);
}
