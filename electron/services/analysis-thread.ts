import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { StudyError } from '../../shared/errors';
import type { AnalysisOptions, AnalysisResult, TidyRatingRow } from '../../shared/analysis';
import type { AnalysisWorkerReply } from './analysis-worker';

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
    const worker = new Worker(workerEntry(), { workerData: { rows, options } });
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
