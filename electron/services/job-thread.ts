/**
 * Runs a coordinator job in a worker thread (job-worker.ts) so the process serving the window (the
 * Electron main process, or the browser-mode server) keeps answering while an import or a merge runs.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { currentNativeBinding } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import type { WorkerTask, WorkOutcome } from './coordinator-work';
import type { JobWorkerData, JobWorkerMessage } from './job-worker';
import { JobCancelled, JobFailure, type JobControl } from './jobs';

/** As analysis-thread.ts: the bundled main process ships job-worker.cjs next to itself. */
function workerEntry(): string {
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'job-worker.cjs');
  return existsSync(bundled) ? bundled : join(here, 'job-worker-source.mjs');
}

export function runJobInThread(
  master: { path: string; passphrase: string },
  at: string,
  task: WorkerTask,
  control: JobControl,
): Promise<WorkOutcome> {
  return new Promise((resolve, reject) => {
    const workerData: JobWorkerData = {
      studyPath: master.path,
      passphrase: master.passphrase,
      at,
      task,
      nativeBinding: currentNativeBinding() ?? null,
      cancelFlag: new Int32Array(new SharedArrayBuffer(4)),
    };
    const worker = new Worker(workerEntry(), { workerData });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      control.signal.removeEventListener('abort', cancel);
      void worker.terminate();
      finish();
    };
    const cancel = () => Atomics.store(workerData.cancelFlag, 0, 1);
    control.signal.addEventListener('abort', cancel);
    worker.on('message', (message: JobWorkerMessage) => {
      if (message.type === 'progress') control.report(message.progress);
      else if (message.type === 'done') settle(() => resolve(message.outcome));
      else if (message.type === 'cancelled') settle(() => reject(new JobCancelled()));
      else
        settle(() =>
          reject(
            message.domain
              ? new JobFailure(message.message, message.problems)
              : new Error(`The job failed: ${message.message}`),
          ),
        );
    });
    worker.once('error', (error) => settle(() => reject(new StudyError(`The job's worker failed: ${error.message}`))));
    worker.once('exit', (code) =>
      settle(() => reject(new StudyError(`The job's worker stopped (exit code ${code}) before answering.`))),
    );
  });
}
