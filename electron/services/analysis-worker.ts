/**
 * Worker-thread body of analyzeOffThread: analyses the tidy rows it is given and posts the result back,
 * so a 1,000-resample analysis never blocks the main process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  AnalysisInputError,
  analyzeTidyRatings,
  type AnalysisOptions,
  type TidyRatingRow,
} from '../../shared/analysis';

export type AnalysisWorkerReply =
  { ok: true; result: ReturnType<typeof analyzeTidyRatings> } | { ok: false; message: string; inputError: boolean };

const { rows, options } = workerData as { rows: TidyRatingRow[]; options: AnalysisOptions };
let reply: AnalysisWorkerReply;
try {
  reply = { ok: true, result: analyzeTidyRatings(rows, options) };
} catch (error) {
  reply = { ok: false, message: (error as Error).message, inputError: error instanceof AnalysisInputError };
}
parentPort!.postMessage(reply);
