/**
 * The coordinator's long work as jobs: started, watched (progress with rate and time left) and
 * cancelled by id. One job runs at a time, so two writers never meet in the master; the work itself
 * runs in a worker thread (job-thread.ts), which keeps the caller's event loop free.
 *
 * A running job's progress is refreshed every PROGRESS_REFRESH_MS here, on the caller's side, whether
 * or not the work reported meanwhile: while the worker starts and opens the study, and while an
 * import's transaction is written to disk, the worker is inside one synchronous call and cannot post,
 * yet the window must still see the job move (its time so far, rate and time left) at least four
 * times a second.
 */
import { randomBytes } from 'node:crypto';
import type { ImportProblems, JobKind, JobProgress, JobRef, JobResult, JobStatus } from '../../shared/coordinator-api';
import { isoNow, type Clock } from '../../shared/clock';
import { StudyError } from '../../shared/errors';

/** What a running job's work sees: where to report, whether it was asked to stop. */
export interface JobControl {
  report(progress: Partial<JobProgress>): void;
  /** Set once cancel is asked for; the work stops at its next check and undoes what it wrote. */
  readonly signal: AbortSignal;
}

/** A job's failure: one line, and for imports every problem. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly problems: ImportProblems | null = null,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** Thrown by work that stopped because it was cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'JobCancelled';
  }
}

/** Monotonic milliseconds and a repeating timer, for a job's pace and its refresh; tests pass a fake one. */
export interface JobTimer {
  nowMs(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemJobTimer: JobTimer = {
  nowMs: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    // A job never keeps the process alive on its own.
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** At least four refreshes a second, as the contract promises (shared/coordinator-api.ts). */
export const PROGRESS_REFRESH_MS = 200;

const JOB_NAMES: Record<JobKind, string> = {
  import: 'An import',
  validate: 'A check of import files',
  pack: 'Writing packages',
  merge: 'A merge of returned packages',
  export: 'An export',
  adjudicate: 'Writing an adjudication package',
};

export interface Jobs {
  start(kind: JobKind, work: (control: JobControl) => Promise<JobResult>): JobRef;
  get(jobId: string): JobStatus;
  cancel(jobId: string): JobStatus;
  /** Refuses (with one line) while a job is running: the master has one writer at a time. */
  assertIdle(): void;
  /** Cancels the running job and waits for it (the study is about to close). */
  stopAll(): Promise<void>;
}

interface JobRecord {
  status: JobStatus;
  abort: AbortController;
  finished: Promise<void>;
}

const EMPTY_PROGRESS: JobProgress = {
  step: 'Starting',
  done: 0,
  total: null,
  bytesRead: 0,
  totalBytes: null,
  rate: 0,
  secondsLeft: null,
  elapsedSeconds: 0,
};

/** Rate of `done` per second so far, and the time left from bytes (or `done`) at that pace. */
export function withPace(progress: JobProgress, elapsedSeconds: number): JobProgress {
  const rate = elapsedSeconds > 0 ? progress.done / elapsedSeconds : 0;
  const share =
    progress.totalBytes !== null && progress.totalBytes > 0
      ? progress.bytesRead / progress.totalBytes
      : progress.total !== null && progress.total > 0
        ? progress.done / progress.total
        : null;
  const secondsLeft =
    share !== null && share > 0 && elapsedSeconds > 0 ? Math.max(0, (elapsedSeconds * (1 - share)) / share) : null;
  return { ...progress, rate, secondsLeft, elapsedSeconds };
}

export function createJobs(clock: Clock, timer: JobTimer = systemJobTimer): Jobs {
  const jobs = new Map<string, JobRecord>();
  let running: JobRecord | null = null;

  function find(jobId: string): JobRecord {
    const job = jobs.get(jobId);
    if (!job) throw new StudyError('No such job: it may belong to a study that was closed.');
    return job;
  }

  return {
    start(kind, work) {
      if (running)
        throw new StudyError(`${JOB_NAMES[running.status.kind]} is still running: wait for it or cancel it.`);
      const jobId = randomBytes(12).toString('hex');
      const abort = new AbortController();
      const startedMs = timer.nowMs();
      const base = { jobId, kind, startedAt: isoNow(clock) };
      const record: JobRecord = {
        status: { ...base, state: 'running', progress: EMPTY_PROGRESS },
        abort,
        finished: Promise.resolve(),
      };
      const refresh = (update: Partial<JobProgress> = {}) => {
        if (record.status.state !== 'running') return;
        const merged = { ...record.status.progress, ...update };
        record.status = { ...record.status, progress: withPace(merged, (timer.nowMs() - startedMs) / 1000) };
      };
      const control: JobControl = { signal: abort.signal, report: refresh };
      const stopRefreshing = timer.every(PROGRESS_REFRESH_MS, () => refresh());
      jobs.set(jobId, record);
      running = record;
      record.finished = work(control)
        .then(
          (result) => {
            record.status = { ...base, state: 'done', progress: record.status.progress, result };
          },
          (error: unknown) => {
            const progress = record.status.progress;
            if (error instanceof JobCancelled || (abort.signal.aborted && !(error instanceof JobFailure))) {
              record.status = { ...base, state: 'cancelled', progress };
              return;
            }
            const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
            const problems = error instanceof JobFailure ? error.problems : null;
            record.status = { ...base, state: 'failed', progress, error: message, problems };
          },
        )
        .finally(() => {
          stopRefreshing();
          if (running === record) running = null;
        });
      return { jobId, kind };
    },
    get(jobId) {
      return find(jobId).status;
    },
    cancel(jobId) {
      const job = find(jobId);
      if (job.status.state === 'running') job.abort.abort();
      return job.status;
    },
    assertIdle() {
      if (running)
        throw new StudyError(`${JOB_NAMES[running.status.kind]} is still running: wait for it or cancel it.`);
    },
    async stopAll() {
      const current = running;
      if (!current) return;
      current.abort.abort();
      await current.finished;
    },
  };
}
