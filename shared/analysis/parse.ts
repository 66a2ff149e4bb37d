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
  emptyMap,
  sortedStrings,
  tidyRow,
  type PreferenceValue,
  type TidyRatingRow,
} from './tidy';
import { QC_ROLES, isQcRole, type QcRole } from '../qc/roles';
import { MAX_TASK_DURATION_MS } from '../duration';
import { DIMENSION_KINDS, type DimensionKind } from '../kinds/dimension-kinds';
import { TASK_KINDS, type TaskKind } from '../kinds/task-kinds';
import { assertNever } from '../kinds/assert-never';
import { PAIRWISE_TASK, pairwiseJudgementKey, readPairwiseRow } from './parse-pairwise';
import type { PairwiseJudgementRow } from './pairwise';
import { readProvenanceCells, type ProvenanceCells } from './provenance-cells';

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
const isTaskKind = (task: string): task is TaskKind => (TASK_KINDS as string[]).includes(task);

/** At most this many problems are collected; a file usually has one mistake repeated. */
const MAX_ERRORS = 20;

/**
 * Judges the records of a tidy ratings file one at a time and keeps none of them, so that a reader streaming
 * a large file (visitCsvRecords) lets each record die young. A record is known by its index in the file (0:
 * the header); its line is asked of `lineOf` only for a message, as working lines out costs a parse of its own.
 */
export class TidyRatingsReader {
  private readonly headerErrors: string[];
  private readonly metrics: MetricColumn[];
  /** Each column's index: a header that repeats a column is refused (checkHeader), and then no record is read. */
  private readonly columnIndex: Map<string, number>;
  private readonly at: ColumnIndices;
  private readonly errors: string[] = [];
  private readonly rows: TidyRatingRow[] = [];
  private readonly pairwise: PairwiseJudgementRow[] = [];
  private readonly firstRecordOfJudgement = new Map<string, number>();
  private readonly strings = new SharedStrings();
  private readonly firstRecordOfRating = new RatingMap<number>();
  /** Per dimension, the kind and scale its rows declare and the record that first declared them. */
  private readonly declared = new Map<string, { dimension: KnownDimension; record: number }>();
  /** Per output, each metric's value and the record it was first seen on. */
  private readonly scoresOfOutput = new OutputMap<Map<string, { value: number; record: number }>>();
  /** The record being read, for `fail` and `cell`. */
  private cells: string[] = [];
  private record = 0;

  constructor(
    private readonly fileName: string,
    private readonly header: string[],
    private readonly lineOf: (index: number) => number,
  ) {
    this.headerErrors = checkHeader(fileName, header, () => lineOf(0));
    this.columnIndex = new Map(header.map((column, index) => [column, index]));
    this.at = Object.fromEntries(
      TIDY_FIXED_COLUMNS.map((column) => [column, this.columnIndex.get(column) ?? -1]),
    ) as Record<keyof ColumnIndices, number>;
    this.metrics = header.flatMap((column, index) =>
      column.startsWith(SCORE_COLUMN_PREFIX) ? [{ metric: column.slice(SCORE_COLUMN_PREFIX.length), index }] : [],
    );
  }

  /** Judges the record at `index` of the file, the records before it having been read. */
  read(cells: string[], index: number): void {
    // A header problem is every record's, so it is reported alone.
    if (this.headerErrors.length > 0 || this.errors.length >= MAX_ERRORS) return;
    const { at, cell, fail, header } = this;
    this.cells = cells;
    this.record = index;
    if (cells.length !== header.length) {
      fail(`${cells.length} cells, the header has ${header.length}`);
      return;
    }
    if (cellAt(cells, at.task).trim() === PAIRWISE_TASK) {
      const judgement = readPairwiseRecord(cell, this.firstRecordOfJudgement, index, this.lineOf);
      if (typeof judgement === 'string') fail(judgement);
      else this.pairwise.push(judgement);
      return;
    }
    const row = readRow(cells, at, this.metrics, cell, this.strings);
    if (typeof row === 'string') {
      fail(row);
      return;
    }
    if (row.task === 'rating') {
      const declaration = readDeclaredScale(cells, at, row.dimension, row.value);
      if (typeof declaration === 'string') {
        fail(declaration);
        return;
      }
      const earlier = declaration && this.declared.get(row.dimension);
      if (declaration && earlier && !sameDeclaration(earlier.dimension, declaration)) {
        fail(
          `dimension "${row.dimension}" is declared with another kind or scale than on line ${this.lineOf(earlier.record)}`,
        );
        return;
      }
      if (declaration && !earlier) this.declared.set(row.dimension, { dimension: declaration, record: index });
    }

    // A hidden repeat rates the same output again, so the QC role is part of what makes a rating unique.
    const earlier = this.firstRecordOfRating.setIfAbsent(row, index);
    if (earlier !== undefined) {
      const role = row.qc === null ? '' : ` as ${row.qc}`;
      fail(
        `rater "${row.rater}" rated "${row.dimension}" of item "${row.itemId}", model "${row.model}"${role} already on line ${this.lineOf(earlier)}`,
      );
      return;
    }

    const known = this.scoresOfOutput.obtain(row, emptyMap);
    for (const metric in row.scores) {
      const first = known.get(metric);
      if (first !== undefined && first.value !== row.scores[metric]) {
        fail(
          `score_${metric} of item "${row.itemId}", model "${row.model}" differs from line ${this.lineOf(first.record)}`,
        );
        return;
      }
    }
    for (const metric in row.scores) {
      if (!known.has(metric)) known.set(metric, { value: row.scores[metric]!, record: index });
    }
    this.rows.push(row);
  }

  /** The rows of every record read, or the problems found. */
  result(): ParseTidyResult {
    if (this.headerErrors.length > 0) return { ok: false, errors: this.headerErrors };
    if (this.errors.length > 0) return { ok: false, errors: this.errors };
    return {
      ok: true,
      rows: this.rows,
      pairwise: this.pairwise,
      metrics: sortedStrings(this.metrics.map((m) => m.metric)),
      dimensions: [...this.declared.values()].map((d) => d.dimension),
    };
  }

  private readonly fail = (message: string): void => {
    this.errors.push(`Line ${this.lineOf(this.record)} of ${this.fileName}: ${message}`);
  };

  private readonly cell = (column: string): string => {
    const index = this.columnIndex.get(column);
    return index === undefined ? '' : this.cells[index]!;
  };
}

/** A pairwise row's judgement, or its problems in one phrase; a second judgement of the same pair names the first's line. */
function readPairwiseRecord(
  cell: (column: string) => string,
  firstRecordOfJudgement: Map<string, number>,
  record: number,
  lineOf: (index: number) => number,
): PairwiseJudgementRow | string {
  const bin = optionalInteger(cell('bin'), 'bin', 1);
  const durationMs = optionalInteger(cell('duration_ms'), 'duration_ms', 0, MAX_TASK_DURATION_MS);
  const problems = [bin, durationMs].filter((read) => typeof read === 'string');
  const judgement = readPairwiseRow(cell, typeof bin === 'number' ? bin : null);
  if ('problems' in judgement) problems.push(...judgement.problems);
  if (problems.length > 0 || 'problems' in judgement) return problems.join('; ');
  const key = pairwiseJudgementKey(judgement);
  const earlier = firstRecordOfJudgement.get(key);
  if (earlier !== undefined) {
    return `rater "${judgement.rater}" judged ${judgement.modelA} against ${judgement.modelB} on "${judgement.dimension}" of item "${judgement.itemId}" already on line ${lineOf(earlier)}`;
  }
  firstRecordOfJudgement.set(key, record);
  return judgement;
}

function checkHeader(fileName: string, header: ReadonlyArray<string>, headerLine: () => number): string[] {
  const where = () => `Line ${headerLine()} of ${fileName}`;
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const column of header) {
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

/**
 * The row of a rating or preference record, or its first problem in words (only the first is reported, so
 * the checks return in the order they are listed). Cells are read by the header's indices, found once.
 */
function readRow(
  cells: ReadonlyArray<string>,
  at: ColumnIndices,
  metrics: ReadonlyArray<MetricColumn>,
  cell: (column: string) => string,
  strings: SharedStrings,
): TidyRatingRow | string {
  // Indexed loops here and below: until V8 has optimised it, a for-of loop costs an iterator per record.
  for (let i = 0; i < TIDY_REQUIRED_COLUMNS.length; i++) {
    const column = TIDY_REQUIRED_COLUMNS[i]!;
    if (cells[at[column]]!.trim() === '') return `"${column}" is empty`;
  }
  const rater = cells[at.rater]!;
  const itemId = cells[at.item_id]!;
  const model = cells[at.model]!;
  const dimension = cells[at.dimension]!;
  const rawValue = cells[at.value]!.trim();
  const task = cellAt(cells, at.task).trim() || (dimension === PREFERENCE_DIMENSION ? 'preference' : 'rating');
  if (!isTaskKind(task)) return `"task" must be ${TASK_KINDS.join(' or ')}, got "${task}"`;
  if ((task === 'preference') !== (dimension === PREFERENCE_DIMENSION))
    return `task "${task}" does not match dimension "${dimension}" (preference choices use dimension "preference")`;
  const qc = cellAt(cells, at.qc).trim();
  if (qc !== '' && !isQcRole(qc)) return `"qc" must be ${QC_ROLES.join(', ')} or empty, got "${qc}"`;
  if (qc !== '' && task === 'preference') return `"qc" must be empty on preference rows, got "${qc}"`;
  const bin = optionalInteger(cellAt(cells, at.bin), 'bin', 1);
  if (typeof bin === 'string') return bin;
  const durationMs = optionalInteger(cellAt(cells, at.duration_ms), 'duration_ms', 0, MAX_TASK_DURATION_MS);
  if (typeof durationMs === 'string') return durationMs;
  const position = cellAt(cells, at.presented_position).trim();
  if (position !== '' && (task !== 'preference' || (position !== 'A' && position !== 'B')))
    return `"presented_position" must be A or B on preference rows and empty otherwise, got "${position}"`;
  const scores: Record<string, number> = {};
  for (let i = 0; i < metrics.length; i++) {
    const { metric, index } = metrics[i]!;
    const raw = cells[index]!.trim();
    if (raw === '') continue;
    const score = Number(raw);
    if (!Number.isFinite(score)) return `"score_${metric}" must be a number, got "${raw}"`;
    scores[metric] = score;
  }
  if (task === 'preference' && rawValue !== '' && !PREFERENCE_VALUES.has(rawValue))
    return `a preference "value" must be model, reference or tie, got "${rawValue}"`;
  if (task === 'rating' && rawValue !== '' && !INTEGER.test(rawValue))
    return `"value" of dimension "${dimension}" must be a whole number, got "${rawValue}"`;
  const flagged = cellAt(cells, at.flagged).trim();
  if (flagged !== '' && flagged !== '0' && flagged !== '1') return `"flagged" must be 0, 1 or empty, got "${flagged}"`;
  // Both cells empty, as on nearly every row, say nothing: readProvenanceCells is spared.
  const problems: string[] = [];
  const { provenance, adjudicatedValue } =
    cellAt(cells, at.provenance) === '' && cellAt(cells, at.adjudicated_value) === ''
      ? NO_PROVENANCE
      : readProvenanceCells(cell, problems);
  if (problems.length > 0) return problems[0]!;
  if (task === 'preference' && adjudicatedValue !== null && !PREFERENCE_VALUES.has(adjudicatedValue))
    return `a preference "adjudicated_value" must be model, reference or tie, got "${adjudicatedValue}"`;
  if (task === 'rating' && adjudicatedValue !== null && !INTEGER.test(adjudicatedValue))
    return `"adjudicated_value" of dimension "${dimension}" must be a whole number, got "${adjudicatedValue}"`;
  const fields = {
    rater: strings.shared(rater),
    itemId: strings.shared(itemId),
    model: strings.shared(model),
    bin,
    durationMs,
    ratedAt: strings.shared(cellAt(cells, at.rated_at).trim()),
    scores,
    qc: qc === '' ? null : (qc as QcRole),
    packageId: cellAt(cells, at.package_id).trim(),
    comment: cellAt(cells, at.comment),
    flagged: flagged === '1',
    provenance,
    adjudicatedValue:
      adjudicatedValue === null
        ? undefined
        : task === 'rating'
          ? Number(adjudicatedValue)
          : (adjudicatedValue as PreferenceValue),
  };
  // The constant, not the cell's string: the analysis compares `task` with constants, which V8 does by
  // pointer only between strings it has internalised (as it does the program's own).
  switch (task) {
    case 'rating':
      return tidyRow(fields, { task: 'rating', dimension: strings.shared(dimension), value: Number(rawValue) });
    case 'preference':
      return tidyRow(fields, {
        task: 'preference',
        dimension: PREFERENCE_DIMENSION,
        value: rawValue as PreferenceValue,
        presentedPosition: position === '' ? null : (position as 'A' | 'B'),
      });
    case 'pairwise':
      // Model against model: not a rating of one output; the pairwise analysis reads these rows.
      return 'a pairwise row is a judgement of two models (model_a, model_b), not a rating of one output';
    default:
      return assertNever(task, 'task kind');
  }
}

/**
 * The kind and scale a rating row declares for its dimension, null when its `dimension_kind` and `scale`
 * cells are empty (files not written by BlindRate), or the problem in one phrase.
 */
function readDeclaredScale(
  cells: ReadonlyArray<string>,
  at: ColumnIndices,
  dimension: string,
  value: number,
): KnownDimension | null | string {
  const kind = cellAt(cells, at.dimension_kind).trim();
  const scaleText = cellAt(cells, at.scale).trim();
  if (kind === '' && scaleText === '') return null;
  if (!isDimensionKind(kind))
    return `"dimension_kind" of a rating must be ${DIMENSION_KINDS.slice(0, -1).join(', ')} or ${DIMENSION_KINDS.at(-1)} (or empty with an empty "scale"), got "${kind}"`;
  const points = scaleText.split(SCALE_SEPARATOR).map((p) => p.trim());
  if (points.some((p) => !INTEGER.test(p)) || new Set(points).size !== points.length || points.length < 2)
    return `"scale" must list two or more different whole numbers separated by "${SCALE_SEPARATOR}", got "${scaleText}"`;
  const scale = points.map(Number);
  if (!scale.includes(value))
    return `"value" ${value} of dimension "${dimension}" is not on its scale (${scale.join(', ')})`;
  const role = cellAt(cells, at.dimension_role).trim();
  if (role !== '' && role !== 'rated' && role !== 'confidence')
    return `"dimension_role" must be rated, confidence or empty, got "${role}"`;
  return { key: dimension, kind, scale, ...(role === 'confidence' && { role }) };
}

function sameDeclaration(a: KnownDimension, b: KnownDimension): boolean {
  return a.kind === b.kind && a.scale.join(SCALE_SEPARATOR) === b.scale.join(SCALE_SEPARATOR) && a.role === b.role;
}

/** A cell that holds a whole number from `minimum` to `maximum` or nothing: the number, null, or the problem in words. */
function optionalInteger(
  raw: string,
  column: string,
  minimum: number,
  maximum = Number.MAX_SAFE_INTEGER,
): number | null | string {
  const value = raw.trim();
  if (value === '') return null;
  if (!INTEGER.test(value) || Number(value) < minimum || Number(value) > maximum) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `≥ ${minimum}` : `from ${minimum} to ${maximum}`;
    return `"${column}" must be a whole number ${range}, got "${value}"`;
  }
  return Number(value);
}

/** Where each fixed column is in a file's header; -1 when it has none (its cells read as empty). */
type ColumnIndices = Readonly<Record<(typeof TIDY_FIXED_COLUMNS)[number], number>>;

/** A `score_<metric>` column: the metric and where it is in the header. */
interface MetricColumn {
  metric: string;
  index: number;
}

/** The cell at a column's index (ColumnIndices): empty when the file has no such column. */
function cellAt(cells: ReadonlyArray<string>, index: number): string {
  return index === -1 ? '' : cells[index]!;
}

/**
 * One string for each distinct value: the rows share their raters', items', models', dimensions' and times'
 * strings, so the string each record's cell was tokenised into dies young, which the garbage collector frees
 * for nothing, instead of being kept to the end by its row.
 */
class SharedStrings {
  private readonly known = new Map<string, string>();

  shared(value: string): string {
    const known = this.known.get(value);
    if (known !== undefined) return known;
    this.known.set(value, value);
    return value;
  }
}

const NO_PROVENANCE: ProvenanceCells = { provenance: undefined, adjudicatedValue: null };
