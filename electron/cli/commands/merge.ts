/** `blindrate merge STUDY.db FILE.blindrate…`: bring returned rater packages into the master, verified first. */
import { describeMerge } from '../../../shared/merge-summary';
import { mergePackages } from '../../services/merge';
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerMerge: RegisterCommand = (program) => {
  program
    .command('merge')
    .description(
      'Merge returned rater packages into the master. Every package is checked before anything is written (issued by this master for this rater, task list digest, values on the rubric, durations, audit chain, stored answers equal to the audited ones, actor); one failure refuses the whole merge with a line naming the file and the task. Merging the same package again changes nothing.',
    )
    .argument('<study>', 'master study file (.db), changed in one transaction')
    .argument('<packages...>', 'returned rater packages (.blindrate), only read')
    .action(async (study: string, packages: string[]) => {
      const summaries = await withStudy(study, (db) => mergePackages(db, packages, systemClock));
      process.stdout.write(summaries.map((s) => `${describeMerge(s)}\n`).join(''));
    });
};
