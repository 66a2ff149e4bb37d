/** `blindrate merge MASTER.db COPY.db… [--prefer-latest]`: bring raters' offline copies back into the master. */
import { type StudyDb } from '../../../db/connection';
import { StudyError, WRONG_PASSPHRASE_EXIT_CODE } from '../../../shared/errors';
import { mergeRaterCopies, openRaterCopy, type CopyMergeSummary, type RaterCopy } from '../../services/merge';
import { openStudy } from '../../services/study';
import { systemClock } from '../../services/system-clock';
import { readPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

export const COPY_PASSPHRASE_ENV = 'BLINDRATE_COPY_PASSPHRASE';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryLine(s: CopyMergeSummary): string {
  return (
    `${s.path}: ${plural(s.ratersAdded, 'rater')} added, ${plural(s.ratingsAdded, 'rating')} added, ` +
    `${plural(s.preferencesAdded, 'preference')} added, ${s.skippedIdentical} skipped as identical, ` +
    `${plural(s.conflictsResolved, 'conflict')} resolved (${plural(s.assignmentsAdded, 'assignment')}, ` +
    `${plural(s.flagsAdded, 'flag')}, ${plural(s.locksTaken, 'lock')}, ${plural(s.auditRowsAppended, 'audit row')} taken).`
  );
}

/** A wrong copy passphrase says where the copy passphrase comes from. */
function openCopy(path: string, passphrase: string): StudyDb {
  try {
    return openRaterCopy(path, passphrase);
  } catch (error) {
    if (error instanceof StudyError && error.exitCode === WRONG_PASSPHRASE_EXIT_CODE) {
      throw new StudyError(`Wrong passphrase for ${path} (copies are opened with ${COPY_PASSPHRASE_ENV}, or else the master's passphrase).`, WRONG_PASSPHRASE_EXIT_CODE);
    }
    throw error;
  }
}

export const registerMerge: RegisterCommand = (program) => {
  program
    .command('merge')
    .description(`Merge raters' copies of the study into the master (master passphrase from BLINDRATE_PASSPHRASE or prompt; copies use ${COPY_PASSPHRASE_ENV} or the same).`)
    .argument('<master>', 'the coordinator\'s study file (.db), changed in one transaction')
    .argument('<copies...>', 'raters\' copies of it (.db), only read')
    .option('--prefer-latest', 'when a response differs, keep the one saved later instead of stopping')
    .action(async (masterPath: string, copyPaths: string[], opts: { preferLatest?: boolean }) => {
      const passphrase = await readPassphrase();
      const copyPassphrase = process.env[COPY_PASSPHRASE_ENV] || passphrase;
      const opened: StudyDb[] = [];
      try {
        const master = openStudy(masterPath, passphrase);
        opened.push(master);
        const copies: RaterCopy[] = copyPaths.map((path) => {
          const db = openCopy(path, copyPassphrase);
          opened.push(db);
          return { path, db };
        });
        const summary = mergeRaterCopies(master, copies, systemClock, { preferLatest: opts.preferLatest ?? false });
        process.stdout.write(summary.copies.map((s) => `${summaryLine(s)}\n`).join(''));
      } finally {
        for (const db of opened) db.close();
      }
    });
};
