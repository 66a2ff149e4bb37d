/** The hand-over sheet of a rater package and the file name a package is written under. */
import type { HandOverSheet } from '../../shared/coordinator-api';
import { PACKAGE_EXTENSION } from '../../shared/domain';

/** A file name from a rater's name that every file system accepts: letters, digits, space, . _ - kept. */
export function packageFileName(rater: string): string {
  const stem = rater
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 100);
  return `${stem || 'rater'}${PACKAGE_EXTENSION}`;
}

export function handOverSheet(facts: Omit<HandOverSheet, 'howToOpen'>): HandOverSheet {
  return {
    ...facts,
    howToOpen: [
      'Install BlindRate (the coordinator tells you where to get it) and start it.',
      `Choose Open… and pick the file ${facts.fileName}, or drop the file onto the BlindRate window.`,
      'Type the passphrase on this sheet exactly as written, with the spaces between the words.',
      'Rate every task; when you are done, choose Finish and lock, then send the file back to the coordinator.',
      'Keep this sheet apart from the file: anyone holding both can read and change your answers.',
    ],
  };
}
