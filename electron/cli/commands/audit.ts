/** `blindrate audit verify FILE`: walk the hash chain of a master or a rater package. */
import { PACKAGE_PASSPHRASE_ENV, passphraseEnvFor, readPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

export const registerAudit: RegisterCommand = (program) => {
  const audit = program.command('audit').description('Audit log commands.');
  audit
    .command('verify')
    .description(
      `Walk the audit hash chain of a master study or a rater package (for a package also: stored answers, flags and lock equal the audited ones): prints "ok, N entries", or the first broken entry's position and exits 1. Passphrase: BLINDRATE_PASSPHRASE (or ${PACKAGE_PASSPHRASE_ENV} for a .blindrate file) or a prompt.`,
    )
    .argument('<file>', 'master study (.db) or rater package (.blindrate)')
    .action(async (file: string) => {
      const { openStudyDatabase } = await import('../../../db/connection');
      const { verifyFile } = await import('../audit-verify');
      const db = openStudyDatabase(file, await readPassphrase('Passphrase: ', passphraseEnvFor(file)), {
        readonly: true,
        kind: 'detect',
      });
      try {
        const { ok, line } = verifyFile(db);
        process.stdout.write(`${line}\n`);
        if (!ok) process.exitCode = 1;
      } finally {
        db.close();
      }
    });
};
