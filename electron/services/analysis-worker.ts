/**
 * Worker-thread body of analysis-thread.ts, for one job given in workerData:
 * - `analyze`: analyses the tidy rows it is given and posts the result back, so a 1,000-resample analysis
 *   never blocks the main process (analyzeOffThread);
 * - `resample`: waits for one share of a bootstrap (a range of resamples of every requested interval),
 *   computes it and posts the values back (ResampleWorkers), so the resamples use every core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  resampleStatistics,
  type AnalysisOptions,
  type BootstrapSettings,
  type IntervalRequest,
  type TidyRatingRow,
} from '../../shared/analysis';

export type AnalysisWorkerJob =
  { job: 'analyze'; rows: ReadonlyArray<TidyRatingRow>; options: AnalysisOptions } | { job: 'resample' };

export type AnalysisWorkerReply =
  { ok: true; result: ReturnType<typeof analyzeTidyRatings> } | { ok: false; message: string; inputError: boolean };

/** What a `resample` worker is sent once it has started. */
export interface ResampleShare {
  settings: BootstrapSettings;
  requests: IntervalRequest[];
  from: number;
  to: number;
}

export type ResampleReply = { ok: true; values: Float64Array[] } | { ok: false; message: string };

const port = parentPort!;
const job = workerData as AnalysisWorkerJob;
if (job.job === 'analyze') {
  let reply: AnalysisWorkerReply;
  try {
    reply = { ok: true, result: analyzeTidyRatings(job.rows, job.options) };
  } catch (error) {
    reply = { ok: false, message: (error as Error).message, inputError: error instanceof AnalysisInputError };
  }
  port.postMessage(reply);
} else {
  port.once('message', ({ settings, requests, from, to }: ResampleShare) => {
    try {
      const values = resampleStatistics(settings, requests, from, to);
      port.postMessage(
        { ok: true, values } satisfies ResampleReply,
        values.map((v) => v.buffer as ArrayBuffer),
      );
    } catch (error) {
      port.postMessage({ ok: false, message: (error as Error).message } satisfies ResampleReply);
    }
  });
}
