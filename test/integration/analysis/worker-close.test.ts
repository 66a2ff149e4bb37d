/**
 * ResampleWorkers.close() settles also when a worker's answer arrives after this thread finished every
 * range itself: the worker stays referenced until it has stopped. Unreferenced on its answer, nothing kept
 * the process alive while `terminate` settled, and Node exited with code 13 (an unsettled top-level await)
 * before the analysis was written, in 5 of 8 runs of `blindrate analyze` when the draft first handed its
 * requests over in batches.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./close-while-answering.ts', import.meta.url));

describe('ResampleWorkers.close', () => {
  it('settles, and the process goes on, when a worker answers after this thread finished its ranges', () => {
    // 3 s: time for the worker to start (loading TypeScript through tsx) and answer while this thread is blocked.
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '3000'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('closed with 20 values\n');
    expect(run.status).toBe(0);
  }, 30_000);
});
