/** `blindrate backup FILE` and `blindrate restore FILE BACKUP.db [--force]`, for a master study or a rater package. */
import { displaySafeName } from '../../../shared/text/names';
import { BACKUP_EVERY_SAVES, BACKUPS_KEPT } from '../../services/backup-policy';
import type { RestoreSummary } from '../../services/backups';
import { systemClock } from '../../services/system-clock';
import { PACKAGE_PASSPHRASE_ENV, passphraseEnvFor, readPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

const passphraseOf = (file: string) => readPassphrase('Passphrase: ', passphraseEnvFor(file));

/** The packages a restored master no longer knows, and how their returns can still be merged. */
function forgottenLines({ forgottenPackages }: RestoreSummary): string[] {
  if (!forgottenPackages || forgottenPackages.length === 0) return [];
  return [
    `The backup is older than ${forgottenPackages.length === 1 ? 'this package' : `these ${forgottenPackages.length} packages`}, issued after it; merge each one returned with blindrate merge --adopt FILE and its passphrase:`,
    ...forgottenPackages.map((p) => `  ${displaySafeName(p.raterName)}: package ${p.id}, issued ${p.issuedAt}`),
  ];
}

export const registerBackup: RegisterCommand = (program) => {
  program
    .command('backup')
    .description(
      `Write an encrypted copy of a study or rater package beside it now (FILE.backup-<UTC time>.db, same passphrase); the newest ${BACKUPS_KEPT} are kept. The app also writes one on open and every ${BACKUP_EVERY_SAVES} saved answers. A package's passphrase: ${PACKAGE_PASSPHRASE_ENV} or the prompt.`,
    )
    .argument('<file>', 'study file (.db) or rater package (.blindrate)')
    .action(async (file: string) => {
      const { openStudyDatabase } = await import('../../../db/connection');
      const { backUpStudy } = await import('../../services/backups');
      const db = openStudyDatabase(file, await passphraseOf(file), { readonly: true, kind: 'detect' });
      try {
        process.stdout.write(`Wrote backup ${backUpStudy(db, file, systemClock)}.\n`);
      } finally {
        db.close();
      }
    });
  program
    .command('restore')
    .description(
      'Replace a study or rater package with one of its backups, after checking that the backup is of the same kind, opens with the passphrase and is intact. Close the file everywhere first. Restoring a master lists the packages issued after the backup, which the restored master no longer knows.',
    )
    .argument('<file>', 'study file (.db) or rater package (.blindrate) to write')
    .argument('<backup>', 'backup file to restore')
    .option('--force', 'replace an existing file')
    .action(async (file: string, backup: string, opts: { force?: boolean }) => {
      const { restoreBackup } = await import('../../services/backups');
      const summary = restoreBackup(file, backup, await passphraseOf(file), {
        force: opts.force ?? false,
        clock: systemClock,
      });
      process.stdout.write(
        [`Restored ${file} from ${backup}.`, ...forgottenLines(summary)].map((l) => `${l}\n`).join(''),
      );
    });
};
