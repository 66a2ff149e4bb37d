/**
 * The files the coordinator gave this window, by opaque token: a path the main process chose in a
 * system dialog (desktop app) or bytes uploaded to the loopback server (browser mode), held in memory
 * only so no plaintext copy of an upload ever reaches the disk. The renderer sees tokens, never paths.
 */
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { FileHandle, FilePurpose } from '../../shared/coordinator-api';
import { StudyError } from '../../shared/errors';
import { memorySource, pathSource, type ByteSource } from './byte-source';

type HeldFile = FileHandle & ({ path: string } | { bytes: number; data: Buffer });

export const UPLOAD_LIMITS: Record<FilePurpose, number> = {
  rubric: 1024 * 1024,
  calibration: 16 * 1024 * 1024,
  items: 512 * 1024 * 1024,
  import: 512 * 1024 * 1024,
  returns: 512 * 1024 * 1024,
};

export interface FileHandles {
  addPath(path: string, purpose: FilePurpose): FileHandle;
  addUpload(name: string, purpose: FilePurpose, data: Buffer): FileHandle;
  /** The file behind a token, checked to be given for `purpose`. */
  source(token: string, purpose: FilePurpose): ByteSource;
  /** A path for services that need one (SQLCipher opens returned packages by path); uploads are refused. */
  path(token: string, purpose: FilePurpose): string | null;
  release(token: string): void;
  clear(): void;
}

export function createFileHandles(): FileHandles {
  const held = new Map<string, HeldFile>();
  const newToken = () => randomBytes(16).toString('hex');

  function find(token: string, purpose: FilePurpose): HeldFile {
    const file = held.get(token);
    if (!file) throw new StudyError('That file is no longer available here: choose it again.');
    if (file.purpose !== purpose)
      throw new StudyError(
        `${file.name} was given as ${file.purpose === 'import' ? 'an' : 'a'} ${file.purpose} file, not ${purpose}.`,
      );
    return file;
  }

  return {
    addPath(path, purpose) {
      const source = pathSource(path);
      const handle: FileHandle = { token: newToken(), name: source.name, bytes: source.size, purpose };
      held.set(handle.token, { ...handle, path });
      return handle;
    },
    addUpload(name, purpose, data) {
      const handle: FileHandle = {
        token: newToken(),
        name: basename(name.replace(/\\/g, '/')),
        bytes: data.length,
        purpose,
      };
      held.set(handle.token, { ...handle, data });
      return handle;
    },
    source(token, purpose) {
      const file = find(token, purpose);
      return 'path' in file ? { ...pathSource(file.path), name: file.name } : memorySource(file.name, file.data);
    },
    path(token, purpose) {
      const file = find(token, purpose);
      return 'path' in file ? file.path : null;
    },
    release(token) {
      held.delete(token);
    },
    clear() {
      held.clear();
    },
  };
}
