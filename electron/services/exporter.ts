/**
 * `blindrate export`: each exportable thing is one entry of EXPORTS (columns + rows), written as CSV
 * (csv-stringify) or JSON Lines, streamed, to a temporary file renamed into place when complete.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify, type Options as CsvOptions } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { iterateAuditRows } from '../../db/audit';
import { iterateOutputsWithItems } from '../../db/outputs';
import { iterateSampledOutputs } from '../../db/samples';
import { readAllScores, readMetricNames } from '../../db/scores';
import {
  DATA_DICTIONARY,
  dimensionScales,
  metricsOf,
  pivotTidyToWide,
  pairwiseTidyRecord,
  tidyColumns,
  tidyRecord,
  type TidyPairwiseRow,
  type KnownDimension,
  type TidyRatingRow,
} from '../../shared/analysis';
import { OUTPUT_FIELDS, SCORE_PREFIX } from '../../shared/import/record';
import { compareCodeUnits } from '../../shared/sampling';
import { neutraliseFormulaText } from '../../shared/text/spreadsheet-cell';
import { writeStreamAtomically } from './atomic-file';
import { EXPORT_FORMATS, EXPORT_WHAT, type ExportFormat, type ExportWhat } from './export-kinds';
import { readActiveRubric, readRubricDimensions } from './study';
import { readTidyPairwiseRows, readTidyRatingRows } from './tidy-ratings';

export type Cell = string | number | null;
export type ExportRow = Record<string, Cell>;

export interface ExportTable {
  columns: string[];
  rows: Iterable<ExportRow>;
}

function scoreColumns(metrics: readonly string[]): string[] {
  return metrics.map((m) => SCORE_PREFIX + m);
}

function studyMetrics(db: StudyDb): string[] {
  return readMetricNames(db).sort(compareCodeUnits);
}

/** Every output with its item and scores, in the import format, so an export can be imported again. */
function outputsTable(db: StudyDb): ExportTable {
  const metrics = studyMetrics(db);
  const scores = readAllScores(db);
  return {
    columns: [...OUTPUT_FIELDS, ...scoreColumns(metrics)],
    rows: (function* () {
      for (const row of iterateOutputsWithItems(db)) {
        const { id, ...fields } = row;
        const outputScores = scores.get(id) ?? {};
        const cells: ExportRow = { ...fields };
        for (const metric of metrics) cells[SCORE_PREFIX + metric] = outputScores[metric] ?? null;
        yield cells;
      }
    })(),
  };
}

function sampleTable(db: StudyDb): ExportTable {
  return {
    columns: ['task', 'sample_id', 'item_id', 'model', 'avg_score', 'bin', 'seed'],
    rows: iterateSampledOutputs(db),
  };
}

function auditTable(db: StudyDb): ExportTable {
  return {
    columns: ['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'old_value', 'new_value'],
    rows: iterateAuditRows(db),
  };
}

/** The tidy ratings table of the analysis (one row per rater × output × dimension). */
function ratingsTable(db: StudyDb): ExportTable {
  return tidyRatingsTable(readTidyRatingRows(db), readRubricDimensions(db), readTidyPairwiseRows(db));
}

/**
 * Tidy rows as the ratings export writes them (a bundle's rows carry rater codes instead of names): the
 * ratings and preferences, then the pairwise judgements.
 */
export function tidyRatingsTable(
  rows: readonly TidyRatingRow[],
  dimensions: readonly KnownDimension[],
  pairwise: readonly TidyPairwiseRow[],
): ExportTable {
  const metrics = metricsOf(rows);
  const scales = dimensionScales(dimensions);
  return {
    columns: tidyColumns(metrics),
    rows: [
      ...rows.map((row) => tidyRecord(row, metrics, scales)),
      ...pairwise.map((row) => pairwiseTidyRecord(row, metrics)),
    ],
  };
}

/** One row per rater × output × task, one column per rubric dimension (rubric order). */
function ratingsWideTable(db: StudyDb): ExportTable {
  const rows = readTidyRatingRows(db);
  const wide = pivotTidyToWide(
    rows,
    metricsOf(rows),
    readActiveRubric(db).dimensions.map((d) => d.key),
  );
  return {
    columns: wide.columns,
    rows: wide.rows.map((cells) => Object.fromEntries(wide.columns.map((c, i) => [c, cells[i] ?? null]))),
  };
}

/** What every column of the ratings exports means (also in docs/data-dictionary.md). */
export function dictionaryTable(): ExportTable {
  return { columns: ['column', 'table', 'type', 'description'], rows: DATA_DICTIONARY.map((entry) => ({ ...entry })) };
}

export const EXPORTS = {
  outputs: outputsTable,
  sample: sampleTable,
  ratings: ratingsTable,
  'ratings-wide': ratingsWideTable,
  dictionary: dictionaryTable,
  audit: auditTable,
} satisfies Record<ExportWhat, (db: StudyDb) => ExportTable>;

export interface ExportRequest {
  what: ExportWhat;
  format: ExportFormat;
  out: string;
}

/** Writes the table; returns the number of data rows. The file appears only once it is complete. */
export async function exportTable(db: StudyDb, request: ExportRequest): Promise<number> {
  let count = 0;
  await writeStreamAtomically(request.out, async (file) => {
    count = await writeTable(db, request, file);
  });
  return count;
}

/**
 * The table's bytes into any stream (a file, or the app's download held in memory): the one writer of
 * every export, so the app and the CLI write the same bytes. Returns the number of data rows.
 */
export async function writeTable(
  db: StudyDb,
  request: Pick<ExportRequest, 'what' | 'format'>,
  sink: Writable,
): Promise<number> {
  if (!EXPORT_WHAT.includes(request.what))
    throw new StudyError(`The export must be one of ${EXPORT_WHAT.join(', ')}, got "${request.what}".`);
  if (!EXPORT_FORMATS.includes(request.format))
    throw new StudyError(`The export format must be csv or jsonl, got "${request.format}".`);
  const table = EXPORTS[request.what](db);
  let count = 0;
  const counted = (function* () {
    for (const row of table.rows) {
      count += 1;
      yield row;
    }
  })();
  if (request.format === 'csv') {
    await pipeline(Readable.from(counted), stringify(csvOptions(table.columns)), sink);
  } else {
    await pipeline(Readable.from(jsonLines(counted, table.columns)), sink);
  }
  return count;
}

/**
 * Nulls become empty cells; RFC 4180 quoting of commas, quotes and newlines is csv-stringify's.
 * Text cells (never numbers) that a spreadsheet would run as a formula get a leading quote.
 */
function csvOptions(columns: readonly string[]): CsvOptions {
  return {
    header: true,
    columns: columns.map((key) => ({ key, header: neutraliseFormulaText(key) })),
    cast: { string: neutraliseFormulaText },
    eof: true,
  };
}

/** A small table's CSV text in memory, byte for byte as the streamed export writes it. */
export function tableCsvText(table: ExportTable): string {
  return stringifySync([...table.rows], csvOptions(table.columns));
}

function* jsonLines(rows: Iterable<ExportRow>, columns: readonly string[]): Generator<string> {
  for (const row of rows) {
    const ordered: ExportRow = {};
    for (const column of columns) ordered[column] = row[column] ?? null;
    yield `${JSON.stringify(ordered)}\n`;
  }
}
