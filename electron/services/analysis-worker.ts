/**
 * Worker-thread body of analysis-thread.ts, for one job given in workerData:
 * - `analyze`: analyses the tidy rows it is given and posts the result back, so a 1,000-resample analysis
 *   never blocks the main process (analyzeOffThread);
 * - `share`: takes part in one analysis of a tidy ratings file (ResampleWorkers), in the order the messages
 *   come: the row figures of the rows given, if no other thread has claimed them (rowFigures), then side
 *   statistics and ranges of the bootstrap's resamples until none is left, writing the values into memory
 *   shared with the main thread, and says when each is done, so the work uses every core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  rowFigures,
  type AnalysisOptions,
  type RowFigures,
  type TidyRatingRow,
} from '../../shared/analysis';
import { computeFreeWork, type SharedResamples } from './resample-ranges';

export type AnalysisWorkerJob =
  { job: 'analyze'; rows: ReadonlyArray<TidyRatingRow>; options: AnalysisOptions } | { job: 'share' };

export type AnalysisWorkerReply =
  { ok: true; result: ReturnType<typeof analyzeTidyRatings> } | { ok: false; message: string; inputError: boolean };

/** rowFigures(rows, options), computed by whichever thread sets `claim` (Int32) from 0 to 1 first. */
export interface RowFiguresRequest {
  kind: 'row-figures';
  rows: ReadonlyArray<TidyRatingRow>;
  options: AnalysisOptions;
  claim: SharedArrayBuffer;
}

export type SharedWorkRequest = RowFiguresRequest | { kind: 'resample'; shared: SharedResamples };

export type SharedWorkReply =
  | { kind: 'row-figures'; ok: true; figures: RowFigures }
  | { kind: 'row-figures' | 'resample'; ok: false; message: string }
  | { kind: 'resample'; ok: true };

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
  port.on('message', (request: SharedWorkRequest) => {
    let reply: SharedWorkReply;
    try {
      if (request.kind === 'resample') {
        computeFreeWork(request.shared);
        reply = { kind: 'resample', ok: true };
      } else {
        // Claimed by the main thread already: it computes them itself and waits for no reply.
        if (Atomics.compareExchange(new Int32Array(request.claim), 0, 0, 1) !== 0) return;
        reply = { kind: 'row-figures', ok: true, figures: rowFigures(request.rows, request.options) };
      }
    } catch (error) {
      reply = { kind: request.kind, ok: false, message: (error as Error).message };
    }
    port.postMessage(reply);
  });
}
