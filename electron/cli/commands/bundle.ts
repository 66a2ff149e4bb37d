/** `blindrate bundle STUDY.db --out DIR [--rater-names]`: the folder a reviewer re-runs offline. */
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerBundle: RegisterCommand = (program) => {
  program
    .command('bundle')
    .description(
      'Write what a reviewer needs to re-run the analysis offline: the sealed protocol (with any deviations), the tidy ratings and their data dictionary, the analysis JSON, the HTML report, the audit chain heads and a manifest of every SHA-256. Raters appear as R01, R02, … unless --rater-names.',
    )
    .argument('<study>', 'master study file (.db), its protocol sealed')
    .requiredOption('--out <dir>', 'new (or empty) folder to write the bundle into')
    .option('--rater-names', "keep the raters' names instead of the codes R01, R02, …")
    .action(async (study: string, opts: { out: string; raterNames?: boolean }) => {
      const { writeBundle } = await import('../../services/bundle');
      const summary = await withStudy(study, (db) =>
        writeBundle(db, { out: opts.out, raterNames: opts.raterNames ?? false, clock: systemClock }),
      );
      const deviations =
        summary.deviations === 0
          ? 'no deviation'
          : `${summary.deviations} deviation${summary.deviations === 1 ? '' : 's'}`;
      const pairwise = summary.pairwiseRows > 0 ? ` and ${summary.pairwiseRows} pairwise judgements` : '';
      process.stdout.write(
        `Wrote ${summary.files} files to ${opts.out}: ${summary.ratingRows} rating rows${pairwise} from ${summary.raters} raters${opts.raterNames ? '' : ' (coded)'}; protocol SHA-256 ${summary.protocolHash} (${deviations}).\n`,
      );
    });
};
