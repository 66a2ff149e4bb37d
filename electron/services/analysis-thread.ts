import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { StudyError } from '../../shared/errors';
import {
  resampleStatistics,
  sideStatisticValue,
  type AnalysisDraft,
  type SideStatistic,
  type RowFigures,
  type BootstrapSettings,
  type IntervalRequest,
  type AnalysisOptions,
  type AnalysisResult,
  type TidyRatingRow,
} from '../../shared/analysis';
import type {
  AnalysisWorkerJob,
  AnalysisWorkerReply,
  RowFiguresRequest,
  SharedWorkReply,
  SharedWorkRequest,
} from './analysis-worker';
import {
  allWorkDone,
  computeFreeWork,
  resampleValues,
  sharedResamples,
  sideValues,
  type SharedResamples,
} from './resample-ranges';

/**
 * The worker's entry file: the bundled main process ships analysis-worker.cjs next to itself; from source
 * (CLI, browser mode, tests) a small .mjs loads the TypeScript body. A CommonJS bundle has no
 * import.meta, hence __dirname first.
 */
export function workerEntry(): string {
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
 * not depend on the number of threads. While this thread drafts the analysis, the first worker can compute
 * the figures read from the rows alone (rowFigures).
 */
export class ResampleWorkers {
  private readonly workers: Worker[];
  /** Set to 1 by the thread that computes the row figures (Int32), so that exactly one does. */
  private readonly rowFiguresClaim = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  private rowFiguresReply: Promise<SharedWorkReply> | undefined;

  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => {
      const job: AnalysisWorkerJob = { job: 'share' };
      const worker = new Worker(workerEntry(), { workerData: job });
      // Idle, it must not keep the process alive (after a failure to read the input, say); it is referenced while it works.
      worker.unref();
      return worker;
    });
  }

  /**
   * Has the first worker compute rowFigures(rows, options), with the options the draft is given, unless
   * this thread claims them first (complete).
   */
  computeRowFigures(rows: ReadonlyArray<TidyRatingRow>, options: AnalysisOptions): void {
    const worker = this.workers[0];
    if (worker === undefined) return;
    this.rowFiguresReply = this.reply(worker, 'row-figures');
    // Awaited only if the worker claims the work; a failure is then handled where it is awaited.
    this.rowFiguresReply.catch(() => {});
    worker.postMessage({
      kind: 'row-figures',
      rows,
      options,
      claim: this.rowFiguresClaim,
    } satisfies RowFiguresRequest);
  }

  /**
   * Fills in the draft's bootstrap intervals and side statistics from work done here and in the workers,
   * and gives its result: with the row figures a worker computed, or else `rowFiguresHere`.
   */
  async complete({ bootstrap, result }: AnalysisDraft, rowFiguresHere: () => RowFigures): Promise<AnalysisResult> {
    const { values, sides } = await this.resample(bootstrap.settings, bootstrap.requests, bootstrap.sides);
    bootstrap.complete(values, sides);
    return result(await this.rowFigures(rowFiguresHere));
  }

  /** The worker's row figures if it claimed them (before this thread could), otherwise computed here. */
  private async rowFigures(here: () => RowFigures): Promise<RowFigures> {
    const claimedHere = Atomics.compareExchange(new Int32Array(this.rowFiguresClaim), 0, 0, 1) === 0;
    if (claimedHere || this.rowFiguresReply === undefined) return here();
    const reply = await this.rowFiguresReply;
    if (reply.kind === 'row-figures' && reply.ok) return reply.figures;
    // The worker failed on them: this thread's figures, or its error, decide.
    return here();
  }

  /**
   * Each request's statistic on resamples 0 … B−1, in that order, and each side statistic's value: what
   * resampleStatistics(settings, requests, 0, B) and sideStatisticValue give in one thread, put together
   * from the items this thread and the workers computed.
   */
  async resample(
    settings: BootstrapSettings,
    requests: IntervalRequest[],
    sides: SideStatistic[],
  ): Promise<{ values: Float64Array[]; sides: Float64Array }> {
    if (this.workers.length === 0 || (requests.length === 0 && sides.length === 0))
      return {
        values: resampleStatistics(settings, requests, 0, settings.bootstrap),
        sides: Float64Array.from(sides, (side) => sideStatisticValue(side, requests)),
      };
    const shared = sharedResamples(settings, requests, sides, this.workers.length + 1);
    const theirs = this.workers.map((worker) => this.compute(worker, shared));
    // Handled from the start: if this thread fails, or needs no answer, a worker that then fails or is ended
    // by close() must not be an unhandled rejection.
    for (const answer of theirs) answer.catch(() => {});
    computeFreeWork(shared);
    // While a worker still computes an item, the workers are waited for; once every item is done (here,
    // say, while a worker was still busy with the row figures), they are not.
    if (!allWorkDone(shared)) await Promise.all(theirs);
    return { values: resampleValues(shared), sides: sideValues(shared) };
  }

  /** Stops the workers that are still running (none after complete). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private async compute(worker: Worker, shared: SharedResamples): Promise<void> {
    const reply = this.reply(worker, 'resample');
    worker.postMessage({ kind: 'resample', shared } satisfies SharedWorkRequest);
    const answer = await reply;
    if (!answer.ok) throw new Error(`The bootstrap failed in a worker thread: ${answer.message}`);
  }

  /** The worker's next reply of this kind; the worker is referenced (keeps the process alive) from now on. */
  private reply(worker: Worker, kind: SharedWorkReply['kind']): Promise<SharedWorkReply> {
    worker.ref();
    return new Promise((resolve, reject) => {
      const onMessage = (reply: SharedWorkReply) => {
        if (reply.kind !== kind) return;
        worker.off('message', onMessage);
        resolve(reply);
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => reject(new Error(`A bootstrap worker thread failed: ${error.message}`)));
      worker.once('exit', (code) =>
        reject(new Error(`A bootstrap worker thread stopped (exit code ${code}) before answering.`)),
      );
    });
  }
}
