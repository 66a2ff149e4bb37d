/**
 * How a job's worker posts its progress to the caller (job-worker.ts): updates of the same step at most
 * every `everyMs`, merged meanwhile; a new step at once. A step is announced just before long work
 * that cannot report (opening the study, writing the transaction): held back by the throttle, it would
 * reach the window only after that work, and the window would show the previous step all along.
 */
import type { JobProgress } from '../../shared/coordinator-api';

export interface ProgressPosts {
  report(progress: Partial<JobProgress>): void;
  /** Posts what is still held back (the work ended). */
  flush(): void;
}

export function throttledProgress(
  post: (progress: Partial<JobProgress>) => void,
  nowMs: () => number,
  everyMs: number,
): ProgressPosts {
  let lastPostedMs = Number.NEGATIVE_INFINITY;
  let postedStep: string | undefined;
  let pending: Partial<JobProgress> = {};
  const send = () => {
    if (Object.keys(pending).length === 0) return;
    if (pending.step !== undefined) postedStep = pending.step;
    post(pending);
    pending = {};
  };
  return {
    report(progress) {
      pending = { ...pending, ...progress };
      const now = nowMs();
      const newStep = progress.step !== undefined && progress.step !== postedStep;
      if (!newStep && now - lastPostedMs < everyMs) return;
      lastPostedMs = now;
      send();
    },
    flush: send,
  };
}
