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
import type { AnalysisWorkerJob, AnalysisWorkerReply, ResampleReply } from './analysis-worker';
import {
  allRangesDone,
  computeFreeRanges,
  resampleValues,
  sharedResamples,
  type SharedResamples,
} from './resample-ranges';

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
 * Worker threads that share one analysis's bootstrap with this thread: the resamples are cut into ranges
 * that every thread takes in turn as it becomes free (resample-ranges.ts), this thread once it has done what
 * it must do first (`meanwhile`). Created before the input is read, so that they start meanwhile. Every
 * resample is drawn from the same stream whichever thread computes it (ResampleCursor), so the intervals do
 * not depend on the number of threads.
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

  /**
   * Fills in the draft's bootstrap intervals from resamples computed here and in the workers; first, in
   * this thread while the workers resample, the figures that need no resamples (BCa accelerations among them).
   */
  async complete({ bootstrap }: AnalysisDraft): Promise<void> {
    bootstrap.complete(await this.resample(bootstrap.settings, bootstrap.requests, () => bootstrap.computeAlongside()));
  }

  /**
   * Each request's statistic on resamples 0 … B−1, in that order: what resampleStatistics(settings,
   * requests, 0, B) gives in one thread, put together from the ranges this thread and the workers computed.
   * `meanwhile` runs in this thread once the workers have the requests, before this thread resamples.
   */
  async resample(
    settings: BootstrapSettings,
    requests: IntervalRequest[],
    meanwhile: () => void = () => {},
  ): Promise<Float64Array[]> {
    if (requests.length === 0 || this.workers.length === 0) {
      meanwhile();
      return resampleStatistics(settings, requests, 0, settings.bootstrap);
    }
    const shared = sharedResamples(settings, requests, this.workers.length + 1);
    const theirs = this.workers.map((worker) => this.compute(worker, shared));
    // Handled from the start: if this thread fails, or needs no answer, a worker that then fails or is ended
    // by close() must not be an unhandled rejection.
    for (const answer of theirs) answer.catch(() => {});
    meanwhile();
    computeFreeRanges(shared);
    // While a worker still computes a range, the workers are waited for; once every range is done (here,
    // say, while a worker was still starting), they are not.
    if (!allRangesDone(shared)) await Promise.all(theirs);
    return resampleValues(shared);
  }

  /** Stops the workers that are still running (none after complete). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private compute(worker: Worker, share: SharedResamples): Promise<void> {
    return new Promise((resolve, reject) => {
      worker.ref();
      worker.once('message', (reply: ResampleReply) =>
        reply.ok ? resolve() : reject(new Error(`The bootstrap failed in a worker thread: ${reply.message}`)),
      );
      worker.once('error', (error) => reject(new Error(`A bootstrap worker thread failed: ${error.message}`)));
      worker.once('exit', (code) =>
        reject(new Error(`A bootstrap worker thread stopped (exit code ${code}) before answering.`)),
      );
      worker.postMessage(share);
    });
  }
}
