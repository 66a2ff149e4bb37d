/**
 * Files the user asked for appear whole or not at all: written to a temporary sibling, flushed,
 * then renamed over the target (rename is atomic within one file system).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Streams into `path` through `write`, which must end the stream it is given (for example with
 * stream/promises `pipeline(source, …, file)`, which also handles back-pressure).
 */
export async function writeStreamAtomically(path: string, write: (file: Writable) => Promise<void>): Promise<void> {
  const temporary = temporarySibling(path);
  const file = createWriteStream(temporary);
  try {
    await write(file);
    await finished(file);
    flushToDisk(temporary);
    renameSync(temporary, path);
  } catch (error) {
    file.destroy();
    rmSync(temporary, { force: true });
    throw error;
  }
}
