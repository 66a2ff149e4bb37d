/** `blindrate merge STUDY.db FILE.blindrate…`: bring returned rater packages into the master, verified first. */
import { StudyError } from '../../../shared/errors';
import { describeMerge } from '../../../shared/merge-summary';
import { DivergedHistoryError, mergePackages } from '../../services/merge';
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerMerge: RegisterCommand = (program) => {
  program
    .command('merge')
    .description(
      'Merge returned rater packages into the master. Every package is checked before anything is written (issued by this master for this rater, task list digest, values on the rubric, durations, audit chain, stored answers equal to the audited ones, actor); one failure refuses the whole merge with a line naming the file and the task. A package copied while BlindRate had it open (or left by a crash) is refused: open and close it there first. Merging the same package again changes nothing; an older copy than the one merged is refused as such. While another merge writes to the study it waits (up to 60 s) and says so.',
    )
    .argument('<study>', 'master study file (.db), changed in one transaction')
    .argument('<packages...>', 'returned rater packages (.blindrate), only read')
    .option(
      '--accept-diverged',
      'take a package whose audit history departs from the version merged before (the rater went on from an older copy): it changes only what it changed after the shared part, where it edited later; answers merged before are kept',
    )
    .action(async (study: string, packages: string[], opts: { acceptDiverged?: boolean }) => {
      const summaries = await withStudy(study, (db) => {
        try {
          return mergePackages(db, packages, systemClock, {
            acceptDivergedHistory: opts.acceptDiverged ?? false,
            onWait: (notice) => process.stderr.write(`blindrate: ${notice}\n`),
          });
        } catch (error) {
          if (error instanceof DivergedHistoryError)
            throw new StudyError(`${error.message} To do so, merge again with --accept-diverged.`);
          throw error;
        }
      });
      process.stdout.write(summaries.map((s) => `${describeMerge(s)}\n`).join(''));
    });
};
