/** `blindrate init STUDY.db [--rubric medisumqa|chq-summ|FILE.json] [--name NAME]` */
import { readFileSync } from 'node:fs';
import { StudyError } from '../../../shared/errors';
import { RUBRIC_PRESETS, type Rubric } from '../../../shared/rubric';
import { parseRubricFile } from '../../services/rubric-file';
import { createStudy } from '../../services/study';
import { systemClock } from '../../services/system-clock';
import { PASSPHRASE_ENV, readNewPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

/** A preset id, or a path to a rubric JSON file. */
export function loadRubric(choice: string): Rubric {
  const preset = RUBRIC_PRESETS[choice];
  if (preset) return preset;
  if (!choice.toLowerCase().endsWith('.json')) {
    throw new StudyError(
      `--rubric ${choice}: use ${Object.keys(RUBRIC_PRESETS).join(' or ')}, or a .json rubric file.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(choice);
  } catch (error) {
    throw new StudyError(`${choice}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseRubricFile(choice, bytes);
}

export const registerInit: RegisterCommand = (program) => {
  program
    .command('init')
    .description(`Create a new encrypted study file (passphrase from ${PASSPHRASE_ENV} or a prompt).`)
    .argument('<study>', 'study file to create (.db); must not exist')
    .option('--rubric <preset|file>', 'rating rubric: medisumqa, chq-summ, or a rubric JSON file', 'medisumqa')
    .option('--name <name>', 'study name shown to raters (default: the file name)')
    .action(async (study: string, opts: { rubric: string; name?: string }) => {
      const rubric = loadRubric(opts.rubric);
      const passphrase = await readNewPassphrase('New study passphrase: ', PASSPHRASE_ENV);
      createStudy(study, passphrase, { rubric, name: opts.name, clock: systemClock }).close();
      process.stdout.write(`Created ${study} with the rubric "${rubric.name}".\n`);
    });
};
