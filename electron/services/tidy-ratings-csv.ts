/**
 * A tidy ratings CSV file read back (tokenised with csv-parse, judged cell by cell by shared/analysis).
 * Apart from the database side (tidy-ratings.ts) so that `analyze` of a file never loads SQLite.
 */
import { StudyError } from '../../shared/errors';
import { CsvSyntaxError, csvRecords } from '../../shared/csv';
import {
  TIDY_FIXED_COLUMNS,
  TIDY_REQUIRED_COLUMNS,
  parseTidyRatings,
  type CsvRecord,
  type KnownDimension,
  type PairwiseJudgementRow,
  type TidyRatingRow,
} from '../../shared/analysis';

/** Parses a tidy ratings CSV text; any problem throws one StudyError naming the file, line and column. */
export function parseTidyRatingsCsv(
  text: string,
  fileName: string,
): {
  rows: TidyRatingRow[];
  pairwise: PairwiseJudgementRow[];
  metrics: string[];
  dimensions: KnownDimension[];
} {
  const records = tokenise(text, fileName);
  if (records.length === 0) throw new StudyError(`${fileName} is empty: expected a header line and ratings.`);
  const result = parseTidyRatings(fileName, records[0]!, records.slice(1));
  if (!result.ok) {
    const more =
      result.errors.length > 1
        ? ` (and ${result.errors.length - 1} more problem${result.errors.length > 2 ? 's' : ''})`
        : '';
    throw new StudyError(`${result.errors[0]}${more}`);
  }
  return { rows: result.rows, pairwise: result.pairwise, metrics: result.metrics, dimensions: result.dimensions };
}

function tokenise(text: string, fileName: string): CsvRecord[] {
  try {
    // Exports of earlier releases, without the columns added since, are BlindRate's too.
    return csvRecords(text, fileName, { fixed: TIDY_FIXED_COLUMNS, alwaysWritten: TIDY_REQUIRED_COLUMNS });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new StudyError(error.message);
    throw error;
  }
}
