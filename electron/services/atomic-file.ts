/**
 * Files the user asked for appear whole or not at all: written to a temporary sibling, flushed,
 * then renamed over the target (rename is atomic within one file system). Both are created 0600:
 * exports hold answers and ratings, which only the user who wrote them should read. A temporary
 * is removed on failure and also when the process is stopped with SIGINT or SIGTERM mid-write.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';

const OWNER_ONLY = 0o600;

function temporarySibling(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.tmp`;
}

function flushToDisk(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const liveTemporaries = new Set<string>();

/** Removes the temporaries, then lets the signal do what it would have done (stop the process). */
function removeTemporariesAndStop(signal: NodeJS.Signals): void {
  for (const temporary of liveTemporaries) rmSync(temporary, { force: true });
  liveTemporaries.clear();
  for (const s of STOP_SIGNALS) process.off(s, removeTemporariesAndStop);
  process.kill(process.pid, signal);
}

/** Tracks a temporary for removal on SIGINT/SIGTERM; the handlers exist only while one is live. */
function track(temporary: string): void {
  if (liveTemporaries.size === 0) for (const s of STOP_SIGNALS) process.on(s, removeTemporariesAndStop);
  liveTemporaries.add(temporary);
}

function untrack(temporary: string): void {
  liveTemporaries.delete(temporary);
  if (liveTemporaries.size === 0) for (const s of STOP_SIGNALS) process.off(s, removeTemporariesAndStop);
}

export function writeFileAtomically(path: string, data: string): void {
  const temporary = temporarySibling(path);
  try {
    writeFileSync(temporary, data, { mode: OWNER_ONLY, flag: 'wx' });
    flushToDisk(temporary);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Streams into `path` through `write`, which must end the stream it is given (for example with
 * stream/promises `pipeline(source, …, file)`, which also handles back-pressure).
 */
export async function writeStreamAtomically(path: string, write: (file: Writable) => Promise<void>): Promise<void> {
  const temporary = temporarySibling(path);
  track(temporary);
  const file = createWriteStream(temporary, { mode: OWNER_ONLY, flags: 'wx' });
  try {
    await write(file);
    await finished(file);
    flushToDisk(temporary);
    renameSync(temporary, path);
  } catch (error) {
    file.destroy();
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    untrack(temporary);
  }
}
