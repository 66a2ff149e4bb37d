/** A rubric JSON file's text as a Rubric: strict UTF-8, no key given twice, the rubric schema. */
import { StudyError } from '../../shared/errors';
import { createDuplicateKeyScanner } from '../../shared/import/duplicate-keys';
import { parseRubric, type Rubric } from '../../shared/rubric';

export function parseRubricFile(name: string, bytes: Uint8Array): Rubric {
  let json: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    json = JSON.parse(text);
    const duplicate = createDuplicateKeyScanner().push(text);
    if (duplicate) throw new Error(`line ${duplicate.line}: the key "${duplicate.key}" appears twice in one object`);
  } catch (error) {
    throw new StudyError(`${name}: ${error instanceof TypeError ? 'not valid UTF-8 text' : (error as Error).message}`);
  }
  try {
    return parseRubric(json);
  } catch (error) {
    throw new StudyError(`${name}: ${(error as Error).message}`);
  }
}
