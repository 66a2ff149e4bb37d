/** `blindrate init STUDY.db [--rubric PRESET|FILE.json] [--name NAME]` */
import { RUBRIC_PRESETS } from '../../../shared/presets/index';
import { systemClock } from '../../services/system-clock';
import { PASSPHRASE_ENV, readNewPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

export const registerInit: RegisterCommand = (program) => {
  program
    .command('init')
    .description(`Create a new encrypted study file (passphrase from ${PASSPHRASE_ENV} or a prompt).`)
    .argument('<study>', 'study file to create (.db); must not exist')
    .option(
      '--rubric <preset|file>',
      `rating rubric: a preset (${Object.keys(RUBRIC_PRESETS).join(', ')}; see docs/rubrics.md) or a rubric JSON file`,
      'medisumqa',
    )
    .option('--name <name>', 'study name shown to raters (default: the file name)')
    .action(async (study: string, opts: { rubric: string; name?: string }) => {
      const { loadRubric } = await import('../rubric-choice');
      const rubric = loadRubric(opts.rubric);
      const passphrase = await readNewPassphrase('New study passphrase: ', PASSPHRASE_ENV);
      const { createStudy } = await import('../../services/study');
      createStudy(study, passphrase, { rubric, name: opts.name, clock: systemClock }).close();
      process.stdout.write(`Created ${study} with the rubric "${rubric.name}".\n`);
    });
};
