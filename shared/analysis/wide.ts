import { PREFERENCE_DIMENSION, SCORE_COLUMN_PREFIX, compareStrings, sortedStrings, type TidyRatingRow } from './tidy';

/** A cell of the wide table: numbers stay numbers (JSON Lines), null is an empty CSV cell. */
export type WideCell = string | number | null;

/**
 * The wide ratings table: one row per rater × output × task × QC role (one rated output as the rater saw it), one
 * column per rating dimension, plus `preference` and `presented_position` for preference tasks, and per
 * dimension (`preference` included) the unit's provenance and adjudicated value as the tidy rows carry them.
 */
export interface WideTable {
  columns: string[];
  rows: WideCell[][];
}

/** `dimensions` fixes the order of the dimension columns (e.g. rubric order); others follow by name. */
/** The wide columns of a dimension's provenance and adjudicated value (the tidy `provenance`, `adjudicated_value`). */
const PROVENANCE_COLUMN_PREFIX = 'provenance_';
const ADJUDICATED_COLUMN_PREFIX = 'adjudicated_';

export function pivotTidyToWide(
  rows: ReadonlyArray<TidyRatingRow>,
  metrics: ReadonlyArray<string>,
  dimensions: ReadonlyArray<string> = [],
): WideTable {
  const rated = sortedStrings(new Set(rows.filter((r) => r.task === 'rating').map((r) => r.dimension)));
  const dimensionColumns = [
    ...dimensions.filter((d) => rated.includes(d)),
    ...rated.filter((d) => !dimensions.includes(d)),
  ];
  const sortedMetrics = sortedStrings(metrics);
  const columns = [
    'rater',
    'item_id',
    'model',
    'task',
    'qc',
    'bin',
    ...dimensionColumns,
    PREFERENCE_DIMENSION,
    'presented_position',
    'duration_ms',
    'rated_at',
    'package_id',
    'flagged',
    'comment',
    // After the columns earlier exports had, so theirs keep their places.
    ...[...dimensionColumns, PREFERENCE_DIMENSION].flatMap((d) => [
      PROVENANCE_COLUMN_PREFIX + d,
      ADJUDICATED_COLUMN_PREFIX + d,
    ]),
    ...sortedMetrics.map((m) => SCORE_COLUMN_PREFIX + m),
  ];
  const at = (column: string) => columns.indexOf(column);

  const wide = new Map<string, WideCell[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.rater, row.model, row.itemId, row.task, row.qc ?? '']);
    const cells = wide.get(key) ?? [
      row.rater,
      row.itemId,
      row.model,
      row.task,
      row.qc,
      row.bin,
      ...columns.slice(6).map(() => null),
    ];
    wide.set(key, cells);
    cells[at(row.dimension)] = row.value;
    cells[at(PROVENANCE_COLUMN_PREFIX + row.dimension)] = row.provenance ?? null;
    cells[at(ADJUDICATED_COLUMN_PREFIX + row.dimension)] = row.adjudicatedValue ?? null;
    if (row.task === 'preference') cells[at('presented_position')] = row.presentedPosition;
    cells[at('duration_ms')] = row.durationMs;
    cells[at('rated_at')] = row.ratedAt === '' ? null : row.ratedAt;
    cells[at('package_id')] = row.packageId ?? null;
    cells[at('flagged')] = row.flagged ? 1 : 0;
    cells[at('comment')] = row.comment ?? null;
    for (const metric of sortedMetrics) cells[at(SCORE_COLUMN_PREFIX + metric)] = row.scores[metric] ?? null;
  }
  return { columns, rows: [...wide.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([, cells]) => cells) };
}
