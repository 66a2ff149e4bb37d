/**
 * The recent-studies list in userData. It is also the allow-list for unlockStudy: the renderer can
 * only open a file the user chose in the Open dialog or passed on the command line.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { StudyRef } from '../../shared/api';
import { readJsonFile, writeJsonFile } from './json-file';

const MAX_RECENT = 10;

export interface RecentStudies {
  /** Most recent first; files that no longer exist are left out. */
  list(): StudyRef[];
  add(path: string): void;
}

function isPathList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function createRecentStudies(file: string): RecentStudies {
  return {
    list() {
      return readJsonFile(file, isPathList, [])
        .filter((path) => existsSync(path))
        .map((path) => ({ path, label: basename(path) }));
    },
    add(path) {
      const absolute = resolve(path);
      const others = readJsonFile(file, isPathList, []).filter((p) => p !== absolute);
      writeJsonFile(file, [absolute, ...others].slice(0, MAX_RECENT));
    },
  };
}
