/** Following a long job (import, pack, merge, export) from its start to its end, as the contract describes. */
import { useCallback, useRef, useState } from 'react';
import type { JobRef, JobStatus } from '../../../shared/coordinator-api';
import { api } from '../api/current';

export type FinishedJob = Exclude<JobStatus, { state: 'running' }>;

/** The contract's jobs refresh their progress at least four times a second. */
export const JOB_POLL_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a job until it ends, handing every status to `onStatus`. */
export async function followJob(
  ref: JobRef,
  onStatus: (status: JobStatus) => void,
  pollMs = JOB_POLL_MS,
): Promise<FinishedJob> {
  for (;;) {
    const status = await api().getJob(ref.jobId);
    onStatus(status);
    if (status.state !== 'running') return status;
    await wait(pollMs);
  }
}

/** One job at a time for a screen: its latest status, how to start one and how to cancel it. */
export function useJob() {
  const [status, setStatus] = useState<JobStatus | null>(null);
  const running = useRef<JobRef | null>(null);

  /** Starts the job (null: the user cancelled a dialog) and resolves with how it ended. */
  const run = useCallback(async (start: () => Promise<JobRef | null>): Promise<FinishedJob | null> => {
    const ref = await start();
    if (!ref) return null;
    running.current = ref;
    try {
      return await followJob(ref, setStatus);
    } finally {
      running.current = null;
    }
  }, []);

  const cancel = useCallback(async () => {
    if (running.current) setStatus(await api().cancelJob(running.current.jobId));
  }, []);

  return { status, run, cancel, reset: () => setStatus(null) };
}
