import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { StudyError } from '../../shared/errors';
import {
  resampleStatistics,
  type AnalysisDraft,
  type BootstrapSettings,
  type IntervalRequest,
  type AnalysisOptions,
  type AnalysisResult,
  type TidyRatingRow,
} from '../../shared/analysis';
import type { AnalysisWorkerJob, AnalysisWorkerReply, ResampleReply, ResampleShare } from './analysis-worker';

/**
 * The worker's entry file: the bundled main process ships analysis-worker.cjs next to itself; from source
 * (CLI, browser mode, tests) a small .mjs loads the TypeScript body. A CommonJS bundle has no
 * import.meta, hence __dirname first.
 */
function workerEntry(): string {
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'analysis-worker.cjs');
  return existsSync(bundled) ? bundled : join(here, 'analysis-worker-source.mjs');
}

/**
 * analyzeTidyRatings in a worker thread, so the calling process (the Electron main process serving the
 * Reports screen) stays responsive while the bootstrap runs. Same input, same result, byte for byte.
 */
export function analyzeOffThread(
  rows: ReadonlyArray<TidyRatingRow>,
  options: AnalysisOptions,
): Promise<AnalysisResult> {
  return new Promise((resolve, reject) => {
    const job: AnalysisWorkerJob = { job: 'analyze', rows, options };
    const worker = new Worker(workerEntry(), { workerData: job });
    let settled = false;
    worker.once('message', (reply: AnalysisWorkerReply) => {
      settled = true;
      if (reply.ok) resolve(reply.result);
      else
        reject(reply.inputError ? new StudyError(reply.message) : new Error(`The analysis failed: ${reply.message}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(new Error(`The analysis worker failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The analysis worker stopped (exit code ${code}) before answering.`));
    });
  });
}

/** Most threads one bootstrap is shared out to: with more, starting them would cost more than they save. */
const MAX_BOOTSTRAP_THREADS = 4;

/** Threads for a bootstrap of `resamples` (1 = this thread alone): `wanted`, by default one per core, within bounds. */
export function bootstrapThreads(resamples: number, wanted = availableParallelism()): number {
  return Math.max(1, Math.min(wanted, MAX_BOOTSTRAP_THREADS, resamples));
}

/**
 * Worker threads that each compute a share of one analysis's bootstrap while this thread computes the
 * first share (resamples 0 … B/T−1 here, the next B/T in the first worker, and so on). Created before the
 * input is read, so that they start meanwhile. Every resample is drawn from the same stream whichever
 * thread computes it (resampleStatistics), so the intervals do not depend on the number of threads.
 */
export class ResampleWorkers {
  private readonly workers: Worker[];

  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => {
      const job: AnalysisWorkerJob = { job: 'resample' };
      const worker = new Worker(workerEntry(), { workerData: job });
      // Idle, it must not keep the process alive (after a failure to read the input, say); it is referenced while it works.
      worker.unref();
      return worker;
    });
  }

  /** Fills in the draft's bootstrap intervals from resamples computed here and in the workers. */
  async complete({ bootstrap }: AnalysisDraft): Promise<void> {
    // The accelerations of BCa intervals need no resamples: computed here while the workers resample.
    bootstrap.complete(
      await this.resample(bootstrap.settings, bootstrap.requests, () => bootstrap.computeAccelerations()),
    );
  }

  /**
   * Each request's statistic on resamples 0 … B−1, in that order: what resampleStatistics(settings,
   * requests, 0, B) gives in one thread, put together from the shares of this thread and the workers.
   * `meanwhile` runs in this thread once the workers have their shares, before this thread's own.
   */
  async resample(
    settings: BootstrapSettings,
    requests: IntervalRequest[],
    meanwhile: () => void = () => {},
  ): Promise<Float64Array[]> {
    const threads = this.workers.length + 1;
    if (requests.length === 0 || threads === 1) {
      meanwhile();
      return resampleStatistics(settings, requests, 0, settings.bootstrap);
    }
    const bound = (share: number) => Math.floor((settings.bootstrap * share) / threads);
    const theirs = this.workers.map((worker, w) =>
      this.compute(worker, { settings, requests, from: bound(w + 1), to: bound(w + 2) }),
    );
    // In a promise too, so that a failure here still leaves the workers' answers handled (Promise.all).
    const mine = Promise.resolve().then(() => {
      meanwhile();
      return resampleStatistics(settings, requests, 0, bound(1));
    });
    const shares = await Promise.all([mine, ...theirs]);
    return requests.map((_, r) => joined(shares.map((share) => share[r]!)));
  }

  /** Stops the workers that are still running (none after complete). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private compute(worker: Worker, share: ResampleShare): Promise<Float64Array[]> {
    return new Promise((resolve, reject) => {
      worker.ref();
      worker.once('message', (reply: ResampleReply) =>
        reply.ok
          ? resolve(reply.values)
          : reject(new Error(`The bootstrap failed in a worker thread: ${reply.message}`)),
      );
      worker.once('error', (error) => reject(new Error(`A bootstrap worker thread failed: ${error.message}`)));
      worker.once('exit', (code) =>
        reject(new Error(`A bootstrap worker thread stopped (exit code ${code}) before answering.`)),
      );
      worker.postMessage(share);
    });
  }
}

function joined(parts: ReadonlyArray<Float64Array>): Float64Array {
  const whole = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
