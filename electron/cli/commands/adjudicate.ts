/** `blindrate adjudicate STUDY.db --adjudicator NAME --out FILE.blindrate`: an adjudication round's package. */
import { randomInt } from 'node:crypto';
import type { DisputeThresholds } from '../../../shared/adjudication/disagreement';
import { PACKAGE_EXTENSION } from '../../../shared/domain';
import { StudyError } from '../../../shared/errors';
import { DIMENSION_KINDS, type DimensionKind } from '../../../shared/kinds/dimension-kinds';
import { systemClock } from '../../services/system-clock';
import { PACKAGE_PASSPHRASE_ENV, requireStrongPassphrase } from '../passphrase';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

/** `--threshold likert=3`, repeatable: one kind's threshold in scale steps each time. */
function collectThreshold(text: string, thresholds: DisputeThresholds): DisputeThresholds {
  const match = /^([a-z]+)=(\d+)$/.exec(text.trim());
  if (!match || !(DIMENSION_KINDS as readonly string[]).includes(match[1]!))
    throw new StudyError(
      `--threshold ${text}: write KIND=STEPS, e.g. likert=3, with KIND one of ${DIMENSION_KINDS.join(', ')}.`,
    );
  return { ...thresholds, [match[1] as DimensionKind]: Number(match[2]) };
}

export const registerAdjudicate: RegisterCommand = (program) => {
  program
    .command('adjudicate')
    .description(
      `Write an adjudication package: every output whose merged ratings disagree (Likert values 2 or more scale steps apart, ordinal 1 step, any difference on binary and nominal dimensions, a preference split), blinded like a rater's task, with the raters' values shown as Rater 1, Rater 2, … in an order drawn per task from the plan's secret (never their names). The adjudicator sets the final value of each disputed dimension and may tag a reason and a guideline gap. Its passphrase comes from ${PACKAGE_PASSPHRASE_ENV} (refused when weak, equal to the master's, or given to another package) or is generated and printed once as "passphrase: …". The master records the round and who each shown rater was.`,
    )
    .argument('<study>', 'master study file (.db)')
    .requiredOption('--adjudicator <name>', 'who adjudicates (not one of the raters)')
    .requiredOption('--out <file>', `package file to create (${PACKAGE_EXTENSION}); must not exist`)
    .option('--hide-ratings', "do not show the raters' values: a fully blind second opinion")
    .option(
      '--threshold <kind=steps>',
      'disagreement threshold of an ordered kind in scale steps (repeatable; default likert=2, ordinal=1)',
      collectThreshold,
      {},
    )
    .action(
      async (
        study: string,
        opts: { adjudicator: string; out: string; hideRatings?: boolean; threshold: DisputeThresholds },
      ) => {
        if (!opts.out.toLowerCase().endsWith(PACKAGE_EXTENSION))
          throw new StudyError(`--out ${opts.out}: an adjudication package file ends in ${PACKAGE_EXTENSION}.`);
        const { generatePassphrase } = await import('../../../shared/passphrase');
        const { packAdjudicationPackage } = await import('../../services/adjudication');
        const fromEnv = process.env[PACKAGE_PASSPHRASE_ENV];
        const passphrase = fromEnv
          ? await requireStrongPassphrase(fromEnv, `${PACKAGE_PASSPHRASE_ENV}`, [opts.adjudicator])
          : generatePassphrase((n) => randomInt(n));
        const summary = await withStudy(study, (db, masterPassphrase) =>
          packAdjudicationPackage(db, {
            adjudicator: opts.adjudicator,
            out: opts.out,
            passphrase,
            masterPassphrase,
            showRatings: !opts.hideRatings,
            thresholds: opts.threshold,
            clock: systemClock,
          }),
        );
        process.stdout.write(
          `Packed ${summary.disputes} disputes in ${summary.tasks} tasks for ${summary.adjudicator} into ${opts.out} (${(summary.bytes / 1024).toFixed(0)} KB, round ${summary.roundId}).\n`,
        );
        if (!fromEnv) process.stdout.write(`passphrase: ${passphrase}\n`);
      },
    );
};
