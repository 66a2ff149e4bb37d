/** Helpers shared by the study commands: unlocking a study for one command, and option parsers. */
import type { StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { openStudy } from '../services/study';
import { readPassphrase } from './passphrase';

/** Opens the study with the passphrase from the environment or prompt, runs `use`, always closes. */
export async function withStudy<T>(path: string, use: (db: StudyDb) => Promise<T> | T): Promise<T> {
  const db = openStudy(path, await readPassphrase());
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** "a, b,c" → ["a", "b", "c"]. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Commander option parser for whole numbers ≥ `min`, naming the option in its error. */
export function wholeNumber(option: string, min: number): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min) throw new StudyError(`${option} ${text}: give a whole number ≥ ${min}.`);
    return value;
  };
}
