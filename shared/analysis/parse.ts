/**
 * Validates the cells of a tidy ratings CSV into typed rows. Reading and CSV tokenising happen in the
 * caller (a service); this module only judges cells, and every problem names the file, line and column.
 */
import type { KnownDimension } from './dimensions';
import {
  PREFERENCE_DIMENSION,
  SCALE_SEPARATOR,
  SCORE_COLUMN_PREFIX,
  TIDY_FIXED_COLUMNS,
  TIDY_REQUIRED_COLUMNS,
  OutputMap,
  RatingMap,
  sortedStrings,
  tidyRow,
  type PreferenceValue,
  type TidyRatingRow,
} from './tidy';
import { QC_ROLES, isQcRole, type QcRole } from '../qc/roles';
import type { CsvRecord } from '../csv';
import { MAX_TASK_DURATION_MS } from '../duration';
import { DIMENSION_KINDS, type DimensionKind } from '../kinds/dimension-kinds';
import { TASK_KINDS } from '../kinds/task-kinds';
import { assertNever } from '../kinds/assert-never';
import { PAIRWISE_TASK, pairwiseJudgementKey, readPairwiseRow } from './parse-pairwise';
import type { PairwiseJudgementRow } from './pairwise';
import { readProvenanceCells } from './provenance-cells';

export type { CsvRecord } from '../csv';

export type ParseTidyResult =
  | {
      ok: true;
      rows: TidyRatingRow[];
      /** Rows with task = pairwise: model against model, analysed apart from the ratings (analyzePairwise). */
      pairwise: PairwiseJudgementRow[];
      metrics: string[];
      /** Dimensions whose rows declare their kind and scale (`dimension_kind`, `scale`), in order of appearance. */
      dimensions: KnownDimension[];
    }
  | { ok: false; errors: string[] };

const PREFERENCE_VALUES: ReadonlySet<string> = new Set<PreferenceValue>(['model', 'reference', 'tie']);
const INTEGER = /^-?\d+$/;
const isDimensionKind = (kind: string): kind is DimensionKind => (DIMENSION_KINDS as string[]).includes(kind);

/** At most this many problems are collected; a file usually has one mistake repeated. */
const MAX_ERRORS = 20;

export function parseTidyRatings(
  fileName: string,
  header: CsvRecord,
  records: ReadonlyArray<CsvRecord>,
): ParseTidyResult {
  const headerErrors = checkHeader(fileName, header);
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };

  const columns = header.cells;
  const metrics = columns
    .filter((c) => c.startsWith(SCORE_COLUMN_PREFIX))
    .map((c) => c.slice(SCORE_COLUMN_PREFIX.length));
  // checkHeader refused repeated columns, so each name has one index.
  const columnIndex = new Map(columns.map((column, index) => [column, index]));
  const errors: string[] = [];
  const rows: TidyRatingRow[] = [];
  const pairwise: PairwiseJudgementRow[] = [];
  const firstRecordOfJudgement = new Map<string, CsvRecord>();
  // Records, not line numbers: a record's line is worked out only when a problem is reported (csvRecords).
  const firstRecordOfRating = new RatingMap<CsvRecord>();
  /** Per dimension, the kind and scale its rows declare and the record that first declared them. */
  const declared = new Map<string, { dimension: KnownDimension; record: CsvRecord }>();
  /** Per output, each metric's value and the record it was first seen on. */
  const scoresOfOutput = new OutputMap<Map<string, { value: number; record: CsvRecord }>>();

  // The record being read, for `fail` and `cell`: made once, not once per record of a large file.
  let record: CsvRecord = header;
  const fail = (message: string) => errors.push(`Line ${record.line} of ${fileName}: ${message}`);
  const cell = (column: string): string => {
    const index = columnIndex.get(column);
    return index === undefined ? '' : record.cells[index]!;
  };
  for (record of records) {
    if (errors.length >= MAX_ERRORS) break;
    if (record.cells.length !== columns.length) {
      fail(`${record.cells.length} cells, the header has ${columns.length}`);
      continue;
    }
    if (cell('task').trim() === PAIRWISE_TASK) {
      const judgement = readPairwiseRecord(cell, firstRecordOfJudgement, record);
      if (typeof judgement === 'string') fail(judgement);
      else pairwise.push(judgement);
      continue;
    }
    const row = readRow(cell, metrics, fail);
    if (!row) continue;
    if (row.task === 'rating') {
      const declaration = readDeclaredScale(cell, row.dimension, row.value);
      if (typeof declaration === 'string') {
        fail(declaration);
        continue;
      }
      const earlier = declaration && declared.get(row.dimension);
      if (declaration && earlier && !sameDeclaration(earlier.dimension, declaration)) {
        fail(`dimension "${row.dimension}" is declared with another kind or scale than on line ${earlier.record.line}`);
        continue;
      }
      if (declaration && !earlier) declared.set(row.dimension, { dimension: declaration, record });
    }

    // A hidden repeat rates the same output again, so the QC role is part of what makes a rating unique.
    const earlier = firstRecordOfRating.get(row);
    if (earlier !== undefined) {
      const role = row.qc === null ? '' : ` as ${row.qc}`;
      fail(
        `rater "${row.rater}" rated "${row.dimension}" of item "${row.itemId}", model "${row.model}"${role} already on line ${earlier.line}`,
      );
      continue;
    }
    firstRecordOfRating.set(row, record);

    const known = scoresOfOutput.obtain(row, () => new Map());
    const conflict = Object.keys(row.scores).find((m) => known.has(m) && known.get(m)!.value !== row.scores[m]);
    if (conflict) {
      fail(
        `score_${conflict} of item "${row.itemId}", model "${row.model}" differs from line ${known.get(conflict)!.record.line}`,
      );
      continue;
    }
    for (const metric in row.scores) {
      if (!known.has(metric)) known.set(metric, { value: row.scores[metric]!, record });
    }
    rows.push(row);
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    rows,
    pairwise,
    metrics: sortedStrings(metrics),
    dimensions: [...declared.values()].map((d) => d.dimension),
  };
}

/** A pairwise row's judgement, or its problems in one phrase; a second judgement of the same pair names the first's line. */
function readPairwiseRecord(
  cell: (column: string) => string,
  firstRecordOfJudgement: Map<string, CsvRecord>,
  record: CsvRecord,
): PairwiseJudgementRow | string {
  const problems: string[] = [];
  const bin = optionalInteger(cell('bin'), 'bin', 1, problems);
  optionalInteger(cell('duration_ms'), 'duration_ms', 0, problems, MAX_TASK_DURATION_MS);
  const judgement = readPairwiseRow(cell, bin);
  if ('problems' in judgement) problems.push(...judgement.problems);
  if (problems.length > 0 || 'problems' in judgement) return problems.join('; ');
  const key = pairwiseJudgementKey(judgement);
  const earlier = firstRecordOfJudgement.get(key);
  if (earlier !== undefined) {
    return `rater "${judgement.rater}" judged ${judgement.modelA} against ${judgement.modelB} on "${judgement.dimension}" of item "${judgement.itemId}" already on line ${earlier.line}`;
  }
  firstRecordOfJudgement.set(key, record);
  return judgement;
}

function checkHeader(fileName: string, header: CsvRecord): string[] {
  const where = () => `Line ${header.line} of ${fileName}`;
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const column of header.cells) {
    if (seen.has(column)) errors.push(`${where()}: column "${column}" appears twice`);
    seen.add(column);
    const isFixed = (TIDY_FIXED_COLUMNS as ReadonlyArray<string>).includes(column);
    if (column === SCORE_COLUMN_PREFIX) errors.push(`${where()}: column "${column}" names no metric`);
    else if (!isFixed && !column.startsWith(SCORE_COLUMN_PREFIX)) {
      errors.push(
        `${where()}: column "${column}" is not a tidy ratings column (${TIDY_FIXED_COLUMNS.join(', ')}, score_<metric>)`,
      );
    }
  }
  for (const required of TIDY_REQUIRED_COLUMNS) {
    if (!seen.has(required)) errors.push(`${where()}: required column "${required}" is missing`);
  }
  return errors;
}

function readRow(
  cell: (column: string) => string,
  metrics: ReadonlyArray<string>,
  fail: (message: string) => void,
): TidyRatingRow | null {
  const problems: string[] = [];
  const text = (column: string): string => {
    const value = cell(column);
    if (value.trim() === '') problems.push(`"${column}" is empty`);
    return value;
  };
  const rater = text('rater');
  const itemId = text('item_id');
  const model = text('model');
  const dimension = text('dimension');
  const rawValue = text('value').trim();
  const task = cell('task').trim() || (dimension === PREFERENCE_DIMENSION ? 'preference' : 'rating');
  const taskKind = TASK_KINDS.find((kind) => kind === task);
  if (taskKind === undefined) problems.push(`"task" must be ${TASK_KINDS.join(' or ')}, got "${task}"`);
  else if ((task === 'preference') !== (dimension === PREFERENCE_DIMENSION)) {
    problems.push(
      `task "${task}" does not match dimension "${dimension}" (preference choices use dimension "preference")`,
    );
  }
  const qc = cell('qc').trim();
  if (qc !== '' && !isQcRole(qc)) problems.push(`"qc" must be ${QC_ROLES.join(', ')} or empty, got "${qc}"`);
  else if (qc !== '' && task === 'preference') problems.push(`"qc" must be empty on preference rows, got "${qc}"`);
  const bin = optionalInteger(cell('bin'), 'bin', 1, problems);
  const durationMs = optionalInteger(cell('duration_ms'), 'duration_ms', 0, problems, MAX_TASK_DURATION_MS);
  const position = cell('presented_position').trim();
  if (position !== '' && (task !== 'preference' || (position !== 'A' && position !== 'B'))) {
    problems.push(`"presented_position" must be A or B on preference rows and empty otherwise, got "${position}"`);
  }
  const scores: Record<string, number> = {};
  for (const metric of metrics) {
    const raw = cell(SCORE_COLUMN_PREFIX + metric).trim();
    if (raw === '') continue;
    const score = Number(raw);
    if (Number.isFinite(score)) scores[metric] = score;
    else problems.push(`"score_${metric}" must be a number, got "${raw}"`);
  }
  if (task === 'preference' && rawValue !== '' && !PREFERENCE_VALUES.has(rawValue)) {
    problems.push(`a preference "value" must be model, reference or tie, got "${rawValue}"`);
  }
  if (task === 'rating' && rawValue !== '' && !INTEGER.test(rawValue)) {
    problems.push(`"value" of dimension "${dimension}" must be a whole number, got "${rawValue}"`);
  }
  const flagged = cell('flagged').trim();
  if (flagged !== '' && flagged !== '0' && flagged !== '1')
    problems.push(`"flagged" must be 0, 1 or empty, got "${flagged}"`);
  const { provenance, adjudicatedValue } = readProvenanceCells(cell, problems);
  if (task === 'preference' && adjudicatedValue !== null && !PREFERENCE_VALUES.has(adjudicatedValue))
    problems.push(`a preference "adjudicated_value" must be model, reference or tie, got "${adjudicatedValue}"`);
  else if (task === 'rating' && adjudicatedValue !== null && !INTEGER.test(adjudicatedValue))
    problems.push(`"adjudicated_value" of dimension "${dimension}" must be a whole number, got "${adjudicatedValue}"`);
  if (problems.length > 0 || taskKind === undefined) {
    fail(problems[0]!);
    return null;
  }
  const fields = {
    rater,
    itemId,
    model,
    bin,
    durationMs,
    ratedAt: cell('rated_at').trim(),
    scores,
    qc: qc === '' ? null : (qc as QcRole),
    packageId: cell('package_id').trim(),
    comment: cell('comment'),
    flagged: flagged === '1',
    provenance,
    adjudicatedValue:
      adjudicatedValue === null
        ? undefined
        : task === 'rating'
          ? Number(adjudicatedValue)
          : (adjudicatedValue as PreferenceValue),
  };
  switch (taskKind) {
    case 'rating':
      return tidyRow(fields, { task: taskKind, dimension, value: Number(rawValue) });
    case 'preference':
      return tidyRow(fields, {
        task: taskKind,
        dimension: PREFERENCE_DIMENSION,
        value: rawValue as PreferenceValue,
        presentedPosition: position === '' ? null : (position as 'A' | 'B'),
      });
    case 'pairwise':
      // Model against model: not a rating of one output; the pairwise analysis reads these rows.
      fail('a pairwise row is a judgement of two models (model_a, model_b), not a rating of one output');
      return null;
    default:
      return assertNever(taskKind, 'task kind');
  }
}

/**
 * The kind and scale a rating row declares for its dimension, null when its `dimension_kind` and `scale`
 * cells are empty (files not written by BlindRate), or the problem in one phrase.
 */
function readDeclaredScale(
  cell: (column: string) => string,
  dimension: string,
  value: number,
): KnownDimension | null | string {
  const kind = cell('dimension_kind').trim();
  const scaleText = cell('scale').trim();
  if (kind === '' && scaleText === '') return null;
  if (!isDimensionKind(kind))
    return `"dimension_kind" of a rating must be ${DIMENSION_KINDS.slice(0, -1).join(', ')} or ${DIMENSION_KINDS.at(-1)} (or empty with an empty "scale"), got "${kind}"`;
  const points = scaleText.split(SCALE_SEPARATOR).map((p) => p.trim());
  if (points.some((p) => !INTEGER.test(p)) || new Set(points).size !== points.length || points.length < 2)
    return `"scale" must list two or more different whole numbers separated by "${SCALE_SEPARATOR}", got "${scaleText}"`;
  const scale = points.map(Number);
  if (!scale.includes(value))
    return `"value" ${value} of dimension "${dimension}" is not on its scale (${scale.join(', ')})`;
  const role = cell('dimension_role').trim();
  if (role !== '' && role !== 'rated' && role !== 'confidence')
    return `"dimension_role" must be rated, confidence or empty, got "${role}"`;
  return { key: dimension, kind, scale, ...(role === 'confidence' && { role }) };
}

function sameDeclaration(a: KnownDimension, b: KnownDimension): boolean {
  return a.kind === b.kind && a.scale.join(SCALE_SEPARATOR) === b.scale.join(SCALE_SEPARATOR) && a.role === b.role;
}

function optionalInteger(
  raw: string,
  column: string,
  minimum: number,
  problems: string[],
  maximum = Number.MAX_SAFE_INTEGER,
): number | null {
  const value = raw.trim();
  if (value === '') return null;
  if (!INTEGER.test(value) || Number(value) < minimum || Number(value) > maximum) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `≥ ${minimum}` : `from ${minimum} to ${maximum}`;
    problems.push(`"${column}" must be a whole number ${range}, got "${value}"`);
    return null;
  }
  return Number(value);
}
