/**
 * Files the user asked for appear whole or not at all: written to a temporary sibling, flushed,
 * then renamed over the target (rename is atomic within one file system).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';

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

export function writeFileAtomically(path: string, data: string): void {
  const temporary = temporarySibling(path);
  try {
    writeFileSync(temporary, data);
    flushToDisk(temporary);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Streams into `path` through `write`, which must not end the stream; respects back-pressure via `writeChunk`. */
export async function writeStreamAtomically(path: string, write: (out: Writable) => Promise<void>): Promise<void> {
  const temporary = temporarySibling(path);
  const out = createWriteStream(temporary);
  try {
    await once(out, 'open');
    await write(out);
    out.end();
    await finished(out);
    flushToDisk(temporary);
    renameSync(temporary, path);
  } catch (error) {
    out.destroy();
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes one chunk and waits for the stream to drain when its buffer is full. */
export async function writeChunk(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}
