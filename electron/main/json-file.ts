/** Small settings files in the user-data folder: unreadable or missing means "empty", writes are atomic. */
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../services/atomic-file';

export function readJsonFile<T>(path: string, isValid: (value: unknown) => value is T, fallback: T): T {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeJsonFile(path: string, value: unknown): void {
  writeFileAtomically(path, `${JSON.stringify(value, null, 2)}\n`);
}
