/** `init --rubric`: a preset id or a rubric JSON file, read and checked (loaded by `init` when it runs). */
import { readFileSync } from 'node:fs';
import { StudyError } from '../../shared/errors';
import { RUBRIC_PRESETS, type Rubric } from '../../shared/rubric';
import { parseRubricFile } from '../services/rubric-file';

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
