/** `blindrate init STUDY.db [--rubric medisumqa|chq-summ|FILE.json] [--name NAME]` */
import { readFileSync } from 'node:fs';
import { StudyError } from '../../../shared/errors';
import { createDuplicateKeyScanner } from '../../../shared/import/duplicate-keys';
import { parseRubric, RUBRIC_PRESETS, type Rubric } from '../../../shared/rubric';
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
  let json: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(choice));
    json = JSON.parse(text);
    const duplicate = createDuplicateKeyScanner().push(text);
    if (duplicate) throw new Error(`line ${duplicate.line}: the key "${duplicate.key}" appears twice in one object`);
  } catch (error) {
    const reason =
      error instanceof TypeError
        ? 'not valid UTF-8 text'
        : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    throw new StudyError(`${choice}: ${reason}`);
  }
  try {
    return parseRubric(json);
  } catch (error) {
    throw new StudyError(`${choice}: ${(error as Error).message}`);
  }
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
