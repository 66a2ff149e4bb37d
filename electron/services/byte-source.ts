/**
 * What the importer (and the coordinator's other readers) read a file through: a path on disk, or bytes
 * uploaded in browser mode and held in memory only.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { StudyError } from '../../shared/errors';

/** What a service reads a handed-over file through: its name, size and bytes from an offset. */
export interface ByteSource {
  name: string;
  size: number;
  read(start?: number): AsyncIterable<Buffer>;
  /** The first `bytes` bytes (format detection). */
  head(bytes: number): Buffer;
}

/** Bytes in memory as a ByteSource, read in 64 KiB chunks like a file stream. */
export function memorySource(name: string, data: Buffer): ByteSource {
  const CHUNK = 64 * 1024;
  return {
    name,
    size: data.length,
    async *read(start = 0) {
      for (let at = start; at < data.length; at += CHUNK) yield data.subarray(at, Math.min(at + CHUNK, data.length));
    },
    head: (bytes) => data.subarray(0, bytes),
  };
}

/** A file on disk as a ByteSource. */
export function pathSource(path: string): ByteSource {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new StudyError(`${path} is not a file.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof StudyError) throw error;
    throw new StudyError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  return {
    name: basename(path),
    size,
    read: (start = 0) => createReadStream(path, { start }) as AsyncIterable<Buffer>,
    head(bytes) {
      const fd = openSync(path, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
      } finally {
        closeSync(fd);
      }
    },
  };
}
