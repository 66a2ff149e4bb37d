import { PREFERENCE_DIMENSION, SCORE_COLUMN_PREFIX, compareStrings, numberCell, sortedStrings, type TidyRatingRow } from './tidy';

/**
 * The wide ratings table: one row per rater × output × task (one rated output as the rater saw it), one
 * column per rating dimension, plus `preference` and `presented_position` for preference tasks.
 */
export interface WideTable {
  columns: string[];
  rows: string[][];
}

/** `dimensions` fixes the order of the dimension columns (e.g. rubric order); missing ones are appended by name. */
export function pivotTidyToWide(rows: ReadonlyArray<TidyRatingRow>, metrics: ReadonlyArray<string>, dimensions: ReadonlyArray<string> = []): WideTable {
  const rated = sortedStrings(new Set(rows.filter((r) => r.task === 'rating').map((r) => r.dimension)));
  const dimensionColumns = [...dimensions.filter((d) => rated.includes(d)), ...rated.filter((d) => !dimensions.includes(d))];
  const sortedMetrics = sortedStrings(metrics);
  const columns = [
    'rater',
    'item_id',
    'model',
    'task',
    'bin',
    ...dimensionColumns,
    PREFERENCE_DIMENSION,
    'presented_position',
    'duration_ms',
    'rated_at',
    ...sortedMetrics.map((m) => SCORE_COLUMN_PREFIX + m),
  ];

  const wide = new Map<string, string[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.rater, row.model, row.itemId, row.task]);
    const cells = wide.get(key) ?? [row.rater, row.itemId, row.model, row.task, numberCell(row.bin), ...columns.slice(5).map(() => '')];
    wide.set(key, cells);
    cells[columns.indexOf(row.dimension)] = String(row.value);
    if (row.task === 'preference') cells[columns.indexOf('presented_position')] = row.presentedPosition ?? '';
    cells[columns.indexOf('duration_ms')] = numberCell(row.durationMs);
    cells[columns.indexOf('rated_at')] = row.ratedAt;
    sortedMetrics.forEach((metric, i) => {
      if (row.scores[metric] !== undefined) cells[columns.length - sortedMetrics.length + i] = String(row.scores[metric]);
    });
  }
  return { columns, rows: [...wide.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([, cells]) => cells) };
}
