/**
 * The tidy ratings format: one row per rater × output × dimension. It is both what
 * `blindrate export --what ratings` writes and what `blindrate analyze` reads, so results from any tool
 * that writes this shape can be analysed. Cells hold plain values only, never JSON.
 */
import type { PreferenceOutcome } from '../domain';
import type { QcRole } from '../qc/roles';
import type { Provenance } from '../adjudication/provenance';
import type { KnownDimension } from './dimensions';
import type { PairwiseJudgementRow } from './pairwise';

/** A preference row's value: the outcome once the blinded answer order is undone. */
export type PreferenceValue = PreferenceOutcome;

/** The dimension name under which preference choices are stored. */
export const PREFERENCE_DIMENSION = 'preference';
/** Prefix of the automatic-metric columns: `score_rougeL` holds the output's rougeL. */
export const SCORE_COLUMN_PREFIX = 'score_';

/** What every tidy row holds, whatever its task. */
export interface TidyRowBase {
  rater: string;
  itemId: string;
  model: string;
  /** Quintile (or k-tile) bin of the output in the sample the task came from; null when unknown. */
  bin: number | null;
  durationMs: number | null;
  /** ISO 8601 time the rating was submitted; empty when unknown. */
  ratedAt: string;
  /** The output's automatic metrics by name (without the `score_` prefix). */
  scores: Record<string, number>;
  /** Quality-control role of the task the row comes from; null for the study's own tasks. */
  qc: QcRole | null;
  /** The rater package the answer was merged from; absent when unknown (e.g. a file without the column). */
  packageId?: string;
  /** The rater's comment on the task; absent when there is none or it is unknown. */
  comment?: string;
  /** The rater flagged the task for the coordinator; absent when not (or unknown). */
  flagged?: boolean;
  /**
   * Where the unit's (output × dimension) final value comes from (shared/adjudication/provenance.ts);
   * absent on quality-control rows, on units fewer than two raters answered, and when unknown.
   */
  provenance?: Provenance;
  /** The adjudicator's final value of the unit, on every rater's row of it; absent unless adjudicated. */
  adjudicatedValue?: number | PreferenceValue;
}

export interface TidyRatingValueRow extends TidyRowBase {
  task: 'rating';
  dimension: string;
  value: number;
}

export interface TidyPreferenceRow extends TidyRowBase {
  task: 'preference';
  dimension: typeof PREFERENCE_DIMENSION;
  value: PreferenceValue;
  /** Where the MODEL's answer was shown: 'A' (left/first) or 'B'; null when unknown. */
  presentedPosition: 'A' | 'B' | null;
}

export type TidyRatingRow = TidyRatingValueRow | TidyPreferenceRow;

/** What a row says the rater answered: a rating of one dimension, or a preference choice. */
export type TidyAnswer =
  | Pick<TidyRatingValueRow, 'task' | 'dimension' | 'value'>
  | Pick<TidyPreferenceRow, 'task' | 'dimension' | 'value' | 'presentedPosition'>;

/**
 * One tidy row from its fields and its answer. Whole literals, not `{ ...fields, ...answer }`: Node 20's
 * V8 gives every object made by such a spread a hidden class of its own, which makes each later read of a
 * row's field a megamorphic lookup (the analysis reads them millions of times). Built here only, rows
 * share the few hidden classes of these two literals.
 */
export function tidyRow(fields: TidyRowBase, answer: TidyAnswer): TidyRatingRow {
  const { rater, itemId, model, bin, durationMs, ratedAt, scores, qc } = fields;
  const row: TidyRatingRow =
    answer.task === 'preference'
      ? {
          rater,
          itemId,
          model,
          bin,
          durationMs,
          ratedAt,
          scores,
          qc,
          task: 'preference',
          dimension: answer.dimension,
          value: answer.value,
          presentedPosition: answer.presentedPosition,
        }
      : {
          rater,
          itemId,
          model,
          bin,
          durationMs,
          ratedAt,
          scores,
          qc,
          task: 'rating',
          dimension: answer.dimension,
          value: answer.value,
        };
  // Set afterwards, only when known: a row still has one of few hidden classes.
  if (fields.packageId) row.packageId = fields.packageId;
  if (fields.comment) row.comment = fields.comment;
  if (fields.flagged) row.flagged = true;
  if (fields.provenance) row.provenance = fields.provenance;
  if (fields.adjudicatedValue !== undefined) row.adjudicatedValue = fields.adjudicatedValue;
  return row;
}

/** Fixed columns in export order; `score_<metric>` columns follow, sorted by metric name. */
export const TIDY_FIXED_COLUMNS = [
  'rater',
  'item_id',
  'model',
  'task',
  'qc',
  'dimension',
  'value',
  'dimension_kind',
  'scale',
  'dimension_role',
  'bin',
  'presented_position',
  'duration_ms',
  'rated_at',
  'package_id',
  'flagged',
  'comment',
  'model_a',
  'model_b',
  'both_unacceptable',
  'provenance',
  'adjudicated_value',
] as const;

/** Columns a file must have to be analysed; the others may be absent (read as empty). */
export const TIDY_REQUIRED_COLUMNS = ['rater', 'item_id', 'model', 'dimension', 'value'] as const;

export function tidyColumns(metrics: ReadonlyArray<string>): string[] {
  return [...TIDY_FIXED_COLUMNS, ...sortedStrings(metrics).map((m) => SCORE_COLUMN_PREFIX + m)];
}

/** A cell of an exported tidy row: numbers stay numbers (JSON Lines), null is an empty CSV cell. */
export type TidyCell = string | number | null;

/** The study's rubric dimensions by key: what the `dimension_kind` and `scale` cells of its rows say. */
export type DimensionScales = ReadonlyMap<string, KnownDimension>;

export function dimensionScales(dimensions: ReadonlyArray<KnownDimension>): DimensionScales {
  return new Map(dimensions.map((d) => [d.key, d]));
}

/** Separates the points of a `scale` cell: "1|2|3|4|5". */
export const SCALE_SEPARATOR = '|';

/**
 * One row as the record `blindrate export --what ratings` writes, keyed by tidyColumns(metrics). Each
 * rating row carries its dimension's kind and scale, so an analysis of the file alone treats the dimension
 * as the study's rubric does, whatever values happen to occur (AC2's weights depend on the scale).
 */
export function tidyRecord(
  row: TidyRatingRow,
  metrics: ReadonlyArray<string>,
  scales: DimensionScales,
): Record<string, TidyCell> {
  const known = row.task === 'rating' ? scales.get(row.dimension) : undefined;
  // Typed by TIDY_FIXED_COLUMNS, so a column added there without a value here does not compile.
  const fixed: Record<(typeof TIDY_FIXED_COLUMNS)[number], TidyCell> = {
    rater: row.rater,
    item_id: row.itemId,
    model: row.model,
    task: row.task,
    qc: row.qc,
    dimension: row.dimension,
    value: row.value,
    dimension_kind: row.task === 'preference' ? 'preference' : (known?.kind ?? null),
    scale: known ? known.scale.join(SCALE_SEPARATOR) : null,
    dimension_role: known ? (known.role ?? 'rated') : null,
    bin: row.bin,
    presented_position: row.task === 'preference' ? row.presentedPosition : null,
    duration_ms: row.durationMs,
    rated_at: row.ratedAt,
    package_id: row.packageId ?? null,
    flagged: row.flagged ? 1 : 0,
    comment: row.comment ?? null,
    // Pairwise judgements only: a rating or preference row shows no pair.
    model_a: null,
    model_b: null,
    both_unacceptable: null,
    provenance: row.provenance ?? null,
    adjudicated_value: row.adjudicatedValue ?? null,
  };
  const record: Record<string, TidyCell> = { ...fixed };
  for (const metric of metrics) record[SCORE_COLUMN_PREFIX + metric] = row.scores[metric] ?? null;
  return record;
}

/** A pairwise judgement as the study exports it: the judgement and where it came from. */
export interface TidyPairwiseRow extends PairwiseJudgementRow {
  durationMs: number;
  ratedAt: string;
  packageId: string | null;
  comment: string;
  flagged: boolean;
}

/**
 * One pairwise judgement as a tidy record (task = pairwise): `model_a` and `model_b` name the models shown
 * at A and B, `value` the preferred one or `tie`. `model` and the score columns stay empty: the row is about
 * two outputs, not one.
 */
export function pairwiseTidyRecord(row: TidyPairwiseRow, metrics: ReadonlyArray<string>): Record<string, TidyCell> {
  const fixed: Record<(typeof TIDY_FIXED_COLUMNS)[number], TidyCell> = {
    rater: row.rater,
    item_id: row.itemId,
    model: null,
    task: 'pairwise',
    qc: null,
    dimension: row.dimension,
    value: row.value,
    dimension_kind: null,
    scale: null,
    dimension_role: null,
    bin: row.bin,
    presented_position: null,
    duration_ms: row.durationMs,
    rated_at: row.ratedAt,
    package_id: row.packageId,
    flagged: row.flagged ? 1 : 0,
    comment: row.comment === '' ? null : row.comment,
    model_a: row.modelA,
    model_b: row.modelB,
    both_unacceptable: row.bothUnacceptable ? 1 : 0,
    provenance: row.provenance ?? null,
    adjudicated_value: row.adjudicatedValue ?? null,
  };
  const record: Record<string, TidyCell> = { ...fixed };
  for (const metric of metrics) record[SCORE_COLUMN_PREFIX + metric] = null;
  return record;
}

/** Every metric named by a row, sorted. */
export function metricsOf(rows: ReadonlyArray<TidyRatingRow>): string[] {
  const metrics = new Set<string>();
  for (const row of rows) for (const metric in row.scores) metrics.add(metric);
  return sortedStrings(metrics);
}

/** Code-point order, so sorting does not depend on the machine's locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortedStrings(values: Iterable<string>): string[] {
  return [...values].sort(compareStrings);
}

/**
 * The unit of analysis is an output: one model's answer to one item. The key is length-prefixed, so it
 * is unique for any item id and model name, and cheap: the analysis builds it for every row.
 */
export function outputKey(row: { itemId: string; model: string }): string {
  return `${row.itemId.length}:${row.itemId}${row.model}`;
}

/**
 * Values per output, found by the row's own item id and model (a Map per item id): a key string built
 * for each row costs several times the lookup itself, as V8 copies and hashes every new string, and the
 * analysis looks outputs up for each of its thousands of rows in several passes.
 */
export class OutputMap<T> {
  private readonly byItem = new Map<string, Map<string, T>>();
  /** Outputs in the order they were first set. */
  private readonly order: T[] = [];

  get(output: { itemId: string; model: string }): T | undefined {
    return this.byItem.get(output.itemId)?.get(output.model);
  }

  /**
   * The output's value, made by `create(output)` and kept the first time the output is asked for. `create` is
   * given the output so that callers pass one function made once, not a closure made for each of their rows.
   */
  obtain<O extends { itemId: string; model: string }>(output: O, create: (output: O) => T): T {
    let byModel = this.byItem.get(output.itemId);
    if (byModel === undefined) this.byItem.set(output.itemId, (byModel = new Map()));
    let value = byModel.get(output.model);
    if (value === undefined) {
      value = create(output);
      byModel.set(output.model, value);
      this.order.push(value);
    }
    return value;
  }

  get size(): number {
    return this.order.length;
  }

  /** Every output's value, in the order the outputs were first asked for. */
  values(): ReadonlyArray<T> {
    return this.order;
  }
}

const isOutput = (): true => true;

/** How many outputs the rows are about. */
export function outputCount(rows: ReadonlyArray<{ itemId: string; model: string }>): number {
  const outputs = new OutputMap<true>();
  for (const row of rows) outputs.obtain(row, isOutput);
  return outputs.size;
}

/** What identifies one rating: a rater's value of a dimension of an output, in a QC role (null: the study's own task). */
export interface RatingIdentity {
  rater: string;
  itemId: string;
  model: string;
  dimension: string;
  qc: string | null;
}

/**
 * Values per rating (RatingIdentity): two rows of the same rating are two values for one rating. Found
 * through a Map per part of the identity, like OutputMap, not a key string built for each row. The QC role
 * comes first, as nearly every rating has none: a Map per role under each rater would be one Map per rating
 * (15,000 for a file of 15,000 rows), all kept to the end. Within an output, a rater's dimensions share a Map.
 */
export class RatingMap<T> {
  private readonly byRole = new Map<string | null, OutputMap<Map<string, Map<string, T>>>>();

  get(rating: RatingIdentity): T | undefined {
    return this.byRole.get(rating.qc)?.get(rating)?.get(rating.rater)?.get(rating.dimension);
  }

  set(rating: RatingIdentity, value: T): void {
    this.byDimension(rating).set(rating.dimension, value);
  }

  /** The rating's value if it has one; otherwise `value` becomes its value (one walk instead of get and set). */
  setIfAbsent(rating: RatingIdentity, value: T): T | undefined {
    const byDimension = this.byDimension(rating);
    const earlier = byDimension.get(rating.dimension);
    if (earlier === undefined) byDimension.set(rating.dimension, value);
    return earlier;
  }

  /** The values of the rater's ratings of the output in the rating's QC role, made empty when there are none. */
  private byDimension(rating: RatingIdentity): Map<string, T> {
    let byOutput = this.byRole.get(rating.qc);
    if (byOutput === undefined) this.byRole.set(rating.qc, (byOutput = new OutputMap()));
    const byRater = byOutput.obtain(rating, emptyMap);
    let byDimension = byRater.get(rating.rater);
    if (byDimension === undefined) byRater.set(rating.rater, (byDimension = new Map()));
    return byDimension;
  }
}

/** A new Map, for OutputMap.obtain without a closure made per call. */
export function emptyMap<K, V>(): Map<K, V> {
  return new Map();
}

/** A new Set, likewise. */
export function emptySet<V>(): Set<V> {
  return new Set();
}
