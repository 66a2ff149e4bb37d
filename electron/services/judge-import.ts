/**
 * Importing an LLM judge's ratings (`import-ratings`): the whole file is checked against the study's
 * rubric and outputs first, every problem listed; only a file without any is written, with its judge and
 * an audit entry, in one transaction. A refused file leaves the master as it was.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { appendAudit } from '../../db/audit';
import type { StudyDb } from '../../db/connection';
import { findRaterRowByName } from '../../db/raters';
import { findJudgeByName, insertJudge, insertJudgeRatings, readJudgeValues, readOutputIds } from '../../db/judges';
import { isoNow, type Clock } from '../../shared/clock';
import { CsvSyntaxError, csvRecords } from '../../shared/csv';
import { StudyError } from '../../shared/errors';
import { FileProblems, ImportRefused } from '../../shared/import/problems';
import { parseJudgeRatings } from '../../shared/judge/parse';
import type { JudgeValue } from '../../shared/analysis';
import { displaySafeName } from '../../shared/text/names';
import { COORDINATOR_ACTOR, readRubricDimensions } from './study';

export interface JudgeImportSummary {
  judge: string;
  ratings: number;
  outputs: number;
}

export function importJudgeRatings(
  db: StudyDb,
  path: string,
  options: { judge: string; clock: Clock },
): JudgeImportSummary {
  const judge = options.judge.trim();
  if (judge === '') throw new StudyError('The judge name is empty.');
  if (findJudgeByName(db, judge)) throw new StudyError(`The study has a judge named "${judge}" already.`);
  if (findRaterRowByName(db, judge))
    throw new StudyError(`"${judge}" is a physician of this study; a judge needs a name of its own.`);

  const bytes = readJudgeFile(path);
  const fileName = basename(path);
  const problems = new FileProblems(fileName);
  let records;
  try {
    records = csvRecords(bytes.toString('utf8'), fileName);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new StudyError(error.message);
    throw error;
  }
  const ratings = parseJudgeRatings(records, readRubricDimensions(db), readOutputIds(db), problems);
  if (problems.total > 0) throw new ImportRefused([problems]);

  const at = isoNow(options.clock);
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  db.transaction(() => {
    const judgeId = insertJudge(db, { name: judge, imported_at: at, file_name: fileName, file_sha256: fileSha256 });
    insertJudgeRatings(db, judgeId, ratings);
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: 'judge.import',
      entity: 'judge',
      entityId: String(judgeId),
      newValue: { name: judge, file: fileName, sha256: fileSha256, ratings: ratings.length },
    });
  })();
  return { judge, ratings: ratings.length, outputs: new Set(ratings.map((r) => r.outputId)).size };
}

/** The judges' values for the analysis. */
export function readJudgeValuesForAnalysis(db: StudyDb): JudgeValue[] {
  return readJudgeValues(db).map((row) => ({
    judge: row.judge,
    itemId: row.item_id,
    model: row.model,
    dimension: row.dimension,
    value: row.value,
  }));
}

function readJudgeFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StudyError(
      code === 'ENOENT'
        ? `No judge ratings file at ${displaySafeName(path)}.`
        : `Cannot read ${displaySafeName(path)}: ${code ?? (error as Error).message}`,
    );
  }
}
