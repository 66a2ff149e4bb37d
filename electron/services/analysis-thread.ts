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
import type { AnalysisWorkerJob, AnalysisWorkerReply, ResampleMessage, ResampleReply } from './analysis-worker';
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

/** A worker's answer to come for one batch it was given. */
interface PendingBatch {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** One batch of requests, cut into ranges in shared memory, and each worker's answer for it. */
interface SharedBatch {
  shared: SharedResamples;
  answers: Array<Promise<void>>;
}

/**
 * Worker threads that share one analysis's bootstrap with this thread. The draft hands its requests over
 * in batches as it asks for them (`take`, UnitBootstrap.handOver); each batch's resamples are cut into
 * ranges that every thread takes in turn as it becomes free (resample-ranges.ts): the workers at once, this
 * thread once it has drafted the analysis and done what it must do first (`meanwhile`). Created before the
 * input is read, so that they start meanwhile. Every resample is drawn from the same stream whichever
 * thread and batch compute it (ResampleCursor), so the intervals do not depend on the number of threads.
 */
export class ResampleWorkers {
  private readonly workers: Worker[];
  /** Per worker, its answers to come, in the order it was given the batches (it answers in that order). */
  private readonly pending: PendingBatch[][];
  private readonly batches: SharedBatch[] = [];
  /** Set by close: from then on each worker stays referenced until it has stopped. */
  private closing = false;
  /** Set by complete: the workers were told that no batch follows, and stop once they have answered. */
  private lastBatchGiven = false;

  constructor(count: number) {
    this.pending = Array.from({ length: count }, () => []);
    this.workers = Array.from({ length: count }, (_, w) => {
      const job: AnalysisWorkerJob = { job: 'resample' };
      const worker = new Worker(workerEntry(), { workerData: job });
      // Idle, it must not keep the process alive (after a failure to read the input, say); it is referenced while it works.
      worker.unref();
      const queue = this.pending[w]!;
      const settleNext = (error?: Error) => {
        const next = queue.shift();
        if (queue.length === 0 && !this.closing) worker.unref();
        if (error === undefined) next?.resolve();
        else next?.reject(error);
      };
      const failAll = (error: Error) => {
        while (queue.length > 0) settleNext(error);
      };
      worker.on('message', (reply: ResampleReply) =>
        settleNext(reply.ok ? undefined : new Error(`The bootstrap failed in a worker thread: ${reply.message}`)),
      );
      worker.on('error', (error) => failAll(new Error(`A bootstrap worker thread failed: ${error.message}`)));
      worker.on('exit', (code) =>
        failAll(new Error(`A bootstrap worker thread stopped (exit code ${code}) before answering.`)),
      );
      return worker;
    });
  }

  /** Gives the workers a batch of requests, which they start on at once (a draft's `takeRequests`). */
  take(settings: BootstrapSettings, requests: IntervalRequest[]): void {
    if (this.lastBatchGiven) throw new Error('The bootstrap workers were told that no batch follows');
    // Without workers, this thread computes every request once it is free (finish).
    if (this.workers.length === 0) return;
    const shared = sharedResamples(settings, requests, this.workers.length + 1);
    const answers = this.workers.map((worker, w) => this.compute(worker, this.pending[w]!, shared));
    // Handled from the start: if this thread fails, or needs no answer, a worker that then fails or is ended
    // by close() must not be an unhandled rejection.
    for (const answer of answers) answer.catch(() => {});
    this.batches.push({ shared, answers });
  }

  /**
   * Fills in the draft's bootstrap intervals from resamples computed here and in the workers; first, in
   * this thread while the workers resample, the figures that need no resamples (BCa accelerations among them).
   */
  async complete({ bootstrap }: AnalysisDraft): Promise<void> {
    // The draft has handed every batch over: each worker stops once it has answered them.
    this.lastBatchGiven = true;
    for (const worker of this.workers) worker.postMessage({ lastBatchGiven: true } satisfies ResampleMessage);
    bootstrap.complete(await this.finish(bootstrap.settings, bootstrap.requests, () => bootstrap.computeAlongside()));
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
    if (requests.length > 0) this.take(settings, requests);
    return this.finish(settings, requests, meanwhile);
  }

  /**
   * Stops the workers, also one still answering for a batch whose ranges this thread finished. Referenced
   * until they have stopped: with an unreferenced worker nothing would keep the process alive until
   * `terminate` settles (Node then exits with code 13, the analysis unwritten).
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.workers.map((worker) => {
        worker.ref();
        return worker.terminate();
      }),
    );
  }

  /**
   * The values of `requests`, every request taken so far in the order taken, once this thread has helped
   * with what is left of each batch.
   */
  private async finish(
    settings: BootstrapSettings,
    requests: IntervalRequest[],
    meanwhile: () => void,
  ): Promise<Float64Array[]> {
    meanwhile();
    if (this.workers.length === 0) return resampleStatistics(settings, requests, 0, settings.bootstrap);
    const taken = this.batches.reduce((count, { shared }) => count + shared.requests.length, 0);
    if (taken !== requests.length)
      throw new RangeError(`The workers were given ${taken} of the ${requests.length} requests`);
    for (const { shared } of this.batches) computeFreeRanges(shared);
    // While a worker still computes a range, the workers are waited for; once every range of a batch is done
    // (here, say, while a worker was still starting), they are not.
    for (const { shared, answers } of this.batches) if (!allRangesDone(shared)) await Promise.all(answers);
    return this.batches.flatMap(({ shared }) => resampleValues(shared));
  }

  private compute(worker: Worker, queue: PendingBatch[], share: SharedResamples): Promise<void> {
    return new Promise((resolve, reject) => {
      worker.ref();
      queue.push({ resolve, reject });
      worker.postMessage(share);
    });
  }
}
