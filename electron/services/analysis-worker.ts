/**
 * Worker-thread body of analysis-thread.ts, for one job given in workerData:
 * - `analyze`: analyses the tidy rows it is given and posts the result back, so a 1,000-resample analysis
 *   never blocks the main process (analyzeOffThread);
 * - `resample`: for each batch of a bootstrap's requests it is given, takes ranges of its resamples until
 *   none is left, writing the values into memory shared with the main thread, and says when it is done
 *   with the batch (ResampleWorkers), so the resamples use every core; told that no batch follows, it stops.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  type AnalysisOptions,
  type TidyRatingRow,
} from '../../shared/analysis';
import { computeFreeRanges, type SharedResamples } from './resample-ranges';

export type AnalysisWorkerJob =
  { job: 'analyze'; rows: ReadonlyArray<TidyRatingRow>; options: AnalysisOptions } | { job: 'resample' };

export type AnalysisWorkerReply =
  { ok: true; result: ReturnType<typeof analyzeTidyRatings> } | { ok: false; message: string; inputError: boolean };

export type ResampleReply = { ok: true } | { ok: false; message: string };

/** What a `resample` worker is sent: a batch of requests, or word that no batch will follow. */
export type ResampleMessage = SharedResamples | { lastBatchGiven: true };

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
  // One message per batch of requests, answered in the order given (ResampleWorkers.take).
  port.on('message', (message: ResampleMessage) => {
    // Messages come in the order sent, so every batch is answered by now: closing the port ends this thread,
    // which then stops while the main thread completes the analysis instead of after it.
    if ('lastBatchGiven' in message) {
      port.close();
      return;
    }
    const shared = message;
    try {
      computeFreeRanges(shared);
      port.postMessage({ ok: true } satisfies ResampleReply);
    } catch (error) {
      port.postMessage({ ok: false, message: (error as Error).message } satisfies ResampleReply);
    }
  });
}
