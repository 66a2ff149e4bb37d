/**
 * Files the user asked for appear whole or not at all: written to a temporary sibling, flushed,
 * then renamed over the target (rename is atomic within one file system). Both are created 0600:
 * exports hold answers and ratings, which only the user who wrote them should read. A temporary
 * is removed on failure and also when the process is stopped with SIGINT or SIGTERM mid-write.
 * A process killed outright (SIGKILL, power loss) cannot remove its own: every temporary names the
 * process that writes it, and the next write into the same folder removes those whose process is
 * gone (sweepStaleTemporaries). A target that is a symbolic link to nothing is refused.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { StudyError } from '../../shared/errors';

const OWNER_ONLY = 0o600;

/**
 * `<target>.blindrate-<pid>-<random>.tmp`: recognisable as ours, and naming the process writing it;
 * a temporary SQLite file (a package being packed) may have its journal beside it.
 */
const TEMPORARY_NAME = /\.blindrate-(\d+)-[0-9a-f]{12}\.tmp(?:-journal|-wal|-shm)?$/;

/** A fresh temporary name beside `path`, after removing the folder's stale ones. */
export function temporarySibling(path: string): string {
  sweepStaleTemporaries(dirname(path));
  return `${path}.blindrate-${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporaries BlindRate left in `folder` from processes that no longer run (killed
 * mid-write). Those of running processes are theirs to finish. Returns the names removed.
 */
export function sweepStaleTemporaries(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const stale = names.filter((name) => {
    const pid = TEMPORARY_NAME.exec(name)?.[1];
    return pid !== undefined && !isRunning(Number(pid));
  });
  for (const name of stale) rmSync(join(folder, name), { force: true });
  return stale;
}

/**
 * Refuses a target that is a symbolic link to a file that does not exist: writing there would create
 * a file wherever the link points, which its owner may have chosen.
 */
export function refuseDanglingLink(path: string): void {
  let isLink = false;
  try {
    isLink = lstatSync(path).isSymbolicLink();
  } catch {
    return;
  }
  if (!isLink) return;
  try {
    statSync(path);
  } catch {
    throw new StudyError(
      `${path} is a symbolic link to ${readlinkSync(path)}, which does not exist; BlindRate does not write through it. Choose another file name.`,
    );
  }
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
  refuseDanglingLink(path);
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
  refuseDanglingLink(path);
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
