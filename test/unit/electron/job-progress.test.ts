/**
 * Issue 19: a running job's progress reaches the window at least four times a second in every phase of
 * an import — while the worker starts and opens the study, while it reads, and while the transaction is
 * written — although the work reports only while it reads. Fake time: the test moves the clock itself.
 */
import { describe, expect, it } from 'vitest';
import { createJobs, type JobControl, type JobTimer } from '../../../electron/services/jobs';
import { throttledProgress } from '../../../electron/services/progress-posts';
import type { JobProgress, JobResult, JobStatus } from '../../../shared/coordinator-api';

/** A clock and interval timers that move only when the test advances them. */
function fakeTimer() {
  let nowMs = 0;
  const timers = new Set<{ everyMs: number; nextMs: number; tick: () => void }>();
  const timer: JobTimer = {
    nowMs: () => nowMs,
    every(everyMs, tick) {
      const entry = { everyMs, nextMs: nowMs + everyMs, tick };
      timers.add(entry);
      return () => timers.delete(entry);
    },
  };
  const advanceTo = (targetMs: number) => {
    for (;;) {
      const due = [...timers].filter((t) => t.nextMs <= targetMs).sort((a, b) => a.nextMs - b.nextMs)[0];
      if (!due) break;
      nowMs = due.nextMs;
      due.nextMs += due.everyMs;
      due.tick();
    }
    nowMs = targetMs;
  };
  return { timer, advanceTo, now: () => nowMs };
}

const RESULT: JobResult = { kind: 'validate', problems: { first: [], count: 0 }, records: 20_000 };
const STEP_MS = 10;
const POLL_MS = 50;

/**
 * An import's phases in fake time: 1.5 s of worker start and key derivation without a report, 2 s of
 * reading 20,000 records (a report every 10 ms), then 1.5 s of writing the transaction without one.
 */
const PHASES = [
  { name: 'worker start', fromMs: 0, toMs: 1_500 },
  { name: 'reading', fromMs: 1_500, toMs: 3_500 },
  { name: 'transaction write', fromMs: 3_500, toMs: 5_000 },
] as const;

/** Polls the job every 50 ms of fake time and notes when the progress it shows changed. */
async function progressChanges() {
  const { timer, advanceTo, now } = fakeTimer();
  const jobs = createJobs(() => new Date('2025-03-01T12:00:00.000Z'), timer);
  let control!: JobControl;
  let finish!: () => void;
  const ref = jobs.start(
    'import',
    (given) =>
      new Promise<JobResult>((resolve) => {
        control = given;
        finish = () => resolve(RESULT);
      }),
  );
  const changes: number[] = [];
  let shown: JobStatus['progress'] | null = null;
  for (let t = 0; t <= PHASES[2].toMs; t += STEP_MS) {
    advanceTo(t);
    if (t > PHASES[1].fromMs && t <= PHASES[1].toMs) {
      const done = Math.round(((t - PHASES[1].fromMs) / (PHASES[1].toMs - PHASES[1].fromMs)) * 20_000);
      control.report({ step: 'Reading outputs.jsonl', done, bytesRead: done * 1_000, totalBytes: 20_000_000 });
    }
    if (t === PHASES[1].toMs) control.report({ step: 'Saving the import' });
    if (t % POLL_MS === 0) {
      const status = jobs.get(ref.jobId);
      if (shown !== null && JSON.stringify(status.progress) !== JSON.stringify(shown)) changes.push(now());
      shown = status.progress;
    }
  }
  finish();
  await jobs.stopAll();
  return { changes, last: shown! };
}

describe('a running job’s progress', () => {
  it('changes at least four times a second in each phase of an import, also where the work cannot report', async () => {
    const { changes } = await progressChanges();
    const perSecond = PHASES.map(({ name, fromMs, toMs }) => {
      const inPhase = changes.filter((t) => t > fromMs && t <= toMs).length;
      return [name, inPhase / ((toMs - fromMs) / 1000)] as const;
    });
    for (const [name, rate] of perSecond)
      expect(rate, `progress changes per second during ${name}`).toBeGreaterThanOrEqual(4);
  });

  it('tells the time so far and keeps the rate over the whole job', async () => {
    const { last } = await progressChanges();
    expect(last).toMatchObject({ step: 'Saving the import', done: 20_000, elapsedSeconds: 5 });
    expect(last.rate).toBeCloseTo(20_000 / 5, 6);
  });

  it('stops refreshing once the job ended', async () => {
    const { timer, advanceTo } = fakeTimer();
    const jobs = createJobs(() => new Date(0), timer);
    const ref = jobs.start('import', async () => RESULT);
    await jobs.stopAll();
    await Promise.resolve();
    const ended = jobs.get(ref.jobId);
    advanceTo(10_000);
    expect(jobs.get(ref.jobId)).toEqual(ended);
  });
});

describe('the worker’s progress posts', () => {
  function posts() {
    let nowMs = 0;
    const posted: Array<{ atMs: number; progress: Partial<JobProgress> }> = [];
    const throttle = throttledProgress(
      (progress) => posted.push({ atMs: nowMs, progress }),
      () => nowMs,
      100,
    );
    return { throttle, posted, at: (ms: number) => (nowMs = ms) };
  }

  it('posts a new step at once, even right after a post, so it is shown during the work it announces', () => {
    const { throttle, posted, at } = posts();
    at(1_000);
    throttle.report({ step: 'Reading outputs.jsonl', done: 19_990 });
    at(1_010);
    throttle.report({ step: 'Reading outputs.jsonl', done: 20_000, bytesRead: 20_000_000 });
    throttle.report({ step: 'Saving the import', bytesRead: 20_000_000 });
    // …and here the worker is inside COMMIT for seconds, unable to post anything.
    expect(posted).toEqual([
      { atMs: 1_000, progress: { step: 'Reading outputs.jsonl', done: 19_990 } },
      { atMs: 1_010, progress: { step: 'Saving the import', done: 20_000, bytesRead: 20_000_000 } },
    ]);
  });

  it('merges updates of the same step into one post per 100 ms, and flush sends what is held', () => {
    const { throttle, posted, at } = posts();
    for (let ms = 0; ms <= 250; ms += 10) {
      at(ms);
      throttle.report({ step: 'Reading outputs.jsonl', done: ms });
    }
    expect(posted.map((p) => [p.atMs, p.progress.done])).toEqual([
      [0, 0],
      [100, 100],
      [200, 200],
    ]);
    throttle.flush();
    expect(posted.at(-1)!.progress).toEqual({ step: 'Reading outputs.jsonl', done: 250 });
  });
});
