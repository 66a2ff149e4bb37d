/** `blindrate rekey STUDY.db`: re-encrypt under a new passphrase (BLINDRATE_NEW_PASSPHRASE or prompt). */
import { systemClock } from '../../services/system-clock';
import { readNewPassphrase } from '../passphrase';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const NEW_PASSPHRASE_ENV = 'BLINDRATE_NEW_PASSPHRASE';

export const registerRekey: RegisterCommand = (program) => {
  program
    .command('rekey')
    .description(
      `Change the study passphrase (current one from BLINDRATE_PASSPHRASE, new one from ${NEW_PASSPHRASE_ENV}, or prompts).`,
    )
    .argument('<study>', 'study file (.db)')
    .action(async (study: string) => {
      const { rekeyStudy } = await import('../../services/study');
      await withStudy(study, async (db) =>
        rekeyStudy(
          db,
          await readNewPassphrase('New passphrase: ', NEW_PASSPHRASE_ENV, 'The new study passphrase'),
          systemClock,
        ),
      );
      process.stdout.write(`${study} is now encrypted with the new passphrase.\n`);
    });
};
