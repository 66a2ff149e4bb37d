/**
 * Run by worker-close.test.ts in a process of its own (nothing else keeps its event loop alive): a worker
 * answers for a batch whose ranges are all done while this thread is busy, so its answer is still to be
 * handled when the workers are closed. Prints "closed" once close() has settled.
 */
import { ResampleWorkers } from '../../../electron/services/analysis-thread';

const units = Array.from({ length: 30 }, (_, i) => `output-${i}`);
const x = units.map((_, i) => i % 7);
const y = units.map((_, i) => (i * 3) % 5);
const workers = new ResampleWorkers(1);
const busyFor = Number(process.argv[2]);
const values = await workers.resample(
  { bootstrap: 20, seed: 1 },
  [{ units, statistic: { kind: 'pearson', x, y } }],
  () =>
    // Blocks this thread (no event is handled) while the worker starts, computes every range and answers.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, busyFor),
);
await workers.close();
process.stdout.write(`closed with ${values[0]!.length} values\n`);
