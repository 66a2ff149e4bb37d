import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TidyRatingsReader,
  type AnalysisResult,
  type CsvRecord,
  type ParseTidyResult,
  type TidyRatingValueRow,
} from '../../../shared/analysis';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';

// A path, not a URL object: under jsdom the global URL is not Node's, and fs refuses it.
const folder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/analysis');

/** Expected analyses computed by test/fixtures/analysis/make_analysis_fixtures.py (scipy, scikit-learn, numpy). */
export interface ExpectedAnalysis extends Omit<AnalysisResult, 'dimensions' | 'parameters' | 'correlations'> {
  dimension_kinds: Record<string, string>;
  correlations: Array<Omit<AnalysisResult['correlations'][number], 'spearman_ci95'>>;
}

export const reference = JSON.parse(readFileSync(join(folder, 'analysis_reference.json'), 'utf8')) as {
  files: Record<string, ExpectedAnalysis>;
};

export function readFixtureCsv(name: string) {
  return parseTidyRatingsCsv(readFileSync(join(folder, name), 'utf8'), name);
}

/** Deep equality where numbers may differ by `tolerance` (summation order differs from numpy's). */
export function expectClose(actual: unknown, expected: unknown, path = '$', tolerance = 1e-12): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Math.abs(actual - expected) > tolerance) throw new Error(`${path}: expected ${expected}, got ${actual}`);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length)
      throw new Error(`${path}: expected ${expected.length} entries, got ${actual.length}`);
    expected.forEach((e, i) => expectClose(actual[i], e, `${path}[${i}]`, tolerance));
    return;
  }
  if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object') {
    const keys = Object.keys(expected).sort();
    const actualKeys = Object.keys(actual).sort();
    if (keys.join() !== actualKeys.join())
      throw new Error(`${path}: expected keys ${keys.join()}, got ${actualKeys.join()}`);
    for (const key of keys) {
      expectClose(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${path}.${key}`,
        tolerance,
      );
    }
    return;
  }
  if (actual !== expected)
    throw new Error(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** One tidy rating row of model `m` in bin 1, untimed and outside quality control unless `fields` says otherwise. */
export function ratingRow(
  rater: string,
  itemId: string,
  dimension: string,
  value: number,
  fields: Partial<Omit<TidyRatingValueRow, 'task'>> = {},
): TidyRatingValueRow {
  return {
    rater,
    itemId,
    model: 'm',
    task: 'rating',
    dimension,
    value,
    bin: 1,
    durationMs: null,
    ratedAt: '',
    scores: {},
    qc: null,
    ...fields,
  };
}

/** The records of a tidy ratings file judged, as csvRecords gives them: the reader the app streams records into. */
export function parseTidyRatings(
  fileName: string,
  header: CsvRecord,
  records: ReadonlyArray<CsvRecord>,
): ParseTidyResult {
  const reader = new TidyRatingsReader(fileName, header.cells, (index) =>
    index === 0 ? header.line : records[index - 1]!.line,
  );
  records.forEach((record, i) => reader.read(record.cells, i + 1));
  return reader.result();
}
