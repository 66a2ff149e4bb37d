/** `blindrate backup STUDY.db` and `blindrate restore STUDY.db BACKUP.db [--force]` */
import { backUpStudy, BACKUPS_KEPT, restoreBackup } from '../../services/backups';
import { systemClock } from '../../services/system-clock';
import { readPassphrase } from '../passphrase';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerBackup: RegisterCommand = (program) => {
  program
    .command('backup')
    .description(
      `Write an encrypted copy of the study beside it now (STUDY.db.backup-<UTC time>.db, same passphrase); the newest ${BACKUPS_KEPT} are kept. The app also writes one on open and every 25 saved answers.`,
    )
    .argument('<study>', 'study file (.db)')
    .action(async (study: string) => {
      const written = await withStudy(study, (db) => backUpStudy(db, study, systemClock));
      process.stdout.write(`Wrote backup ${written}.\n`);
    });
  program
    .command('restore')
    .description(
      'Replace a study with one of its backups, after checking that the backup opens with the passphrase and is intact. Close the study everywhere first.',
    )
    .argument('<study>', 'study file (.db) to write')
    .argument('<backup>', 'backup file to restore')
    .option('--force', 'replace an existing study file')
    .action(async (study: string, backup: string, opts: { force?: boolean }) => {
      restoreBackup(study, backup, await readPassphrase(), opts.force ?? false);
      process.stdout.write(`Restored ${study} from ${backup}.\n`);
    });
};
