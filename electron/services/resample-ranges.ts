/**
 * One bootstrap's resamples cut into ranges that the threads take in turn, through memory they share: a
 * thread that is free takes the next range, so no thread waits for another's share whatever each had to do
 * first (this thread works through the figures without resamples before it resamples, the workers start up)
 * and however the machine's cores are shared. Every value is written where resampleStatistics over all the
 * resamples would put it, so the result does not depend on who computed which range. A thread that finishes
 * a range leaves where its streams stand there, so a thread taking a later range starts from the last range
 * finished before it instead of drawing and dropping every resample since its own last range.
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
  /** Where the streams stand at the end of range r, from r · streamsLength on (Int32; ResampleCursor.writeStreams). */
  streams: SharedArrayBuffer;
  /** 1 at r once range r's streams are written (Int32). */
  streamsWritten: SharedArrayBuffer;
}

export function sharedResamples(
  settings: BootstrapSettings,
  requests: IntervalRequest[],
  threads: number,
): SharedResamples {
  const rangeSize = Math.max(1, Math.ceil(settings.bootstrap / (threads * RANGES_PER_THREAD)));
  const ranges = Math.ceil(settings.bootstrap / rangeSize);
  const int32s = (count: number) => new SharedArrayBuffer(count * Int32Array.BYTES_PER_ELEMENT);
  return {
    settings,
    requests,
    rangeSize,
    values: new SharedArrayBuffer(requests.length * settings.bootstrap * Float64Array.BYTES_PER_ELEMENT),
    progress: int32s(2),
    streams: int32s(ranges * ResampleCursor.streamsLength(requests)),
    streamsWritten: int32s(ranges),
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
  const { settings, requests, rangeSize } = shared;
  const progress = new Int32Array(shared.progress);
  const streams = new Int32Array(shared.streams);
  const streamsWritten = new Int32Array(shared.streamsWritten);
  const streamsLength = ResampleCursor.streamsLength(requests);
  const values = resampleValues(shared);
  const ranges = rangeCount(shared);
  let cursor: ResampleCursor | undefined;
  for (let range = Atomics.add(progress, NEXT, 1); range < ranges; range = Atomics.add(progress, NEXT, 1)) {
    // Made at the first range taken: a thread that finds none left never draws a stream.
    cursor ??= new ResampleCursor(settings, requests);
    const from = range * rangeSize;
    // The latest range before this one that is finished and ends beyond this cursor: its streams are nearer.
    for (let before = range - 1; before >= 0 && (before + 1) * rangeSize > cursor.position; before--) {
      if (Atomics.load(streamsWritten, before) === 1) {
        cursor.resumeAt((before + 1) * rangeSize, streams, before * streamsLength);
        break;
      }
    }
    cursor.compute(from, Math.min(settings.bootstrap, from + rangeSize), values);
    cursor.writeStreams(streams, range * streamsLength);
    // After the streams are written: a thread that reads this 1 (Atomics.load) sees them.
    Atomics.store(streamsWritten, range, 1);
    Atomics.add(progress, DONE, 1);
  }
}

/** True once every range is computed, by whichever thread. */
export function allRangesDone(shared: SharedResamples): boolean {
  return Atomics.load(new Int32Array(shared.progress), DONE) === rangeCount(shared);
}
