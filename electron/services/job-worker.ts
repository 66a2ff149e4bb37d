/**
 * Worker-thread body of a coordinator job (job-thread.ts): opens the master on its own connection
 * (WAL lets the main connection keep reading meanwhile), runs the job (coordinator-work.ts) and posts
 * progress (progress-posts.ts), then the outcome. The cancel flag makes the work stop at its next
 * check, rolling back what it wrote.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { useNativeBinding, type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { openStudy } from './study';
import { runWork, WorkCancelled, WorkFailure, type WorkerTask, type WorkOutcome } from './coordinator-work';
import type { ImportProblems, JobProgress } from '../../shared/coordinator-api';
import { throttledProgress } from './progress-posts';

export interface JobWorkerData {
  studyPath: string;
  passphrase: string;
  /** The job's clock, fixed at its start (ISO time): the audit rows of one job share it. */
  at: string;
  task: WorkerTask;
  /** The SQLCipher build the calling process uses (the Electron one in the desktop app). */
  nativeBinding: string | null;
  /**
   * Set to 1 by the caller to cancel. Shared memory rather than a message: the import's reads of an
   * upload held in memory never yield to the event loop, so a message would arrive only at the end.
   */
  cancelFlag: Int32Array;
}

export type JobWorkerMessage =
  | { type: 'progress'; progress: Partial<JobProgress> }
  | { type: 'done'; outcome: WorkOutcome }
  | { type: 'cancelled' }
  | { type: 'failed'; message: string; problems: ImportProblems | null; domain: boolean };

const PROGRESS_EVERY_MS = 100;

const data = workerData as JobWorkerData;
const port = parentPort!;
const cancelled = () => Atomics.load(data.cancelFlag, 0) === 1;

const post = (message: JobWorkerMessage) => port.postMessage(message);
const progress = throttledProgress(
  (update) => post({ type: 'progress', progress: update }),
  () => performance.now(),
  PROGRESS_EVERY_MS,
);

async function main(): Promise<void> {
  useNativeBinding(data.nativeBinding ?? undefined);
  let db: StudyDb | null = null;
  try {
    // Deriving the study's key takes a while and cannot report; the caller's refreshes cover it.
    progress.report({ step: 'Opening the study' });
    db = openStudy(data.studyPath, data.passphrase);
    const outcome = await runWork(data.task, {
      db,
      studyPath: data.studyPath,
      masterPassphrase: data.passphrase,
      clock: () => new Date(data.at),
      cancelled,
      report: progress.report,
    });
    progress.flush();
    post({ type: 'done', outcome });
  } catch (error) {
    if (error instanceof WorkCancelled) post({ type: 'cancelled' });
    else
      post({
        type: 'failed',
        message: (error as Error).message,
        problems: error instanceof WorkFailure ? error.problems : null,
        domain: error instanceof WorkFailure || error instanceof StudyError,
      });
  } finally {
    db?.close();
  }
}

void main();
