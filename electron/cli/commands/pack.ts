/** `blindrate pack STUDY.db --rater NAME --out FILE.blindrate`: one rater's package. */
import { randomInt } from 'node:crypto';
import { StudyError } from '../../../shared/errors';
import { PACKAGE_EXTENSION } from '../../../shared/domain';
import { systemClock } from '../../services/system-clock';
import { PACKAGE_PASSPHRASE_ENV, requireStrongPassphrase } from '../passphrase';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerPack: RegisterCommand = (program) => {
  program
    .command('pack')
    .description(
      `Write one rater's package: a separate encrypted file with only that rater's tasks and the texts to show (no model names, scores, bins, item ids or other raters). Its passphrase comes from ${PACKAGE_PASSPHRASE_ENV} (refused when weak, equal to the master's, or given to another rater's package) or is generated as six words and printed once as "passphrase: …". The master records the package, its passphrase, a digest of its task list and the hash of its anchor (the first audit entry, naming the package, file and task list), so merge needs only the master's passphrase and refuses a history that does not begin there.`,
    )
    .argument('<study>', 'master study file (.db)')
    .requiredOption('--rater <name>', 'the rater, as named in assign')
    .requiredOption('--out <file>', `package file to create (${PACKAGE_EXTENSION}); must not exist`)
    .action(async (study: string, opts: { rater: string; out: string }) => {
      if (!opts.out.toLowerCase().endsWith(PACKAGE_EXTENSION))
        throw new StudyError(`--out ${opts.out}: a rater package file ends in ${PACKAGE_EXTENSION}.`);
      const { generatePassphrase } = await import('../../../shared/passphrase');
      const { packRaterPackage } = await import('../../services/pack');
      const fromEnv = process.env[PACKAGE_PASSPHRASE_ENV];
      const passphrase = fromEnv
        ? await requireStrongPassphrase(fromEnv, `${PACKAGE_PASSPHRASE_ENV}`, [opts.rater])
        : generatePassphrase((n) => randomInt(n));
      const summary = await withStudy(study, (db, masterPassphrase) =>
        packRaterPackage(db, { rater: opts.rater, out: opts.out, passphrase, masterPassphrase, clock: systemClock }),
      );
      process.stdout.write(
        `Packed ${summary.tasks} tasks for ${summary.rater} into ${opts.out} (${(summary.bytes / 1024).toFixed(0)} KB, package ${summary.packageId}).\n`,
      );
      if (!fromEnv) process.stdout.write(`passphrase: ${passphrase}\n`);
    });
};
