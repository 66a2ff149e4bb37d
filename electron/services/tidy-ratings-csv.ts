/**
 * A tidy ratings CSV file read back (tokenised by shared/csv, judged record by record by shared/analysis).
 * Apart from the database side (tidy-ratings.ts) so that `analyze` of a file never loads SQLite.
 */
import { StudyError } from '../../shared/errors';
import { CsvSyntaxError, csvRecordLines, visitCsvRecords } from '../../shared/csv';
import {
  TIDY_FIXED_COLUMNS,
  TIDY_REQUIRED_COLUMNS,
  TidyRatingsReader,
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
  const lineOf = csvRecordLines(text, fileName);
  let reader: TidyRatingsReader | undefined;
  // Each record is judged as soon as it is read and then dropped (visitCsvRecords says why).
  visitRecords(text, fileName, (cells, index) => {
    if (index === 0) reader = new TidyRatingsReader(fileName, cells, lineOf);
    else reader!.read(cells, index);
  });
  if (reader === undefined) throw new StudyError(`${fileName} is empty: expected a header line and ratings.`);
  const result = reader.result();
  if (!result.ok) {
    const more =
      result.errors.length > 1
        ? ` (and ${result.errors.length - 1} more problem${result.errors.length > 2 ? 's' : ''})`
        : '';
    throw new StudyError(`${result.errors[0]}${more}`);
  }
  return { rows: result.rows, pairwise: result.pairwise, metrics: result.metrics, dimensions: result.dimensions };
}

function visitRecords(text: string, fileName: string, visit: (cells: string[], index: number) => void): void {
  try {
    // Exports of earlier releases, without the columns added since, are BlindRate's too.
    visitCsvRecords(text, fileName, visit, { fixed: TIDY_FIXED_COLUMNS, alwaysWritten: TIDY_REQUIRED_COLUMNS });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new StudyError(error.message);
    throw error;
  }
}
