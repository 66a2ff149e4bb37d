import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DATA_DICTIONARY,
  dataDictionaryMarkdown,
  pivotTidyToWide,
  tidyColumns,
  TIDY_FIXED_COLUMNS,
} from '../../../shared/analysis';
import { readFixtureCsv } from './fixtures';

describe('pivotTidyToWide', () => {
  const { rows, metrics } = readFixtureCsv('ratings_small.csv');
  const wide = pivotTidyToWide(rows, metrics, ['factuality', 'safety']);

  it('has one row per rater × output × task and one column per dimension, in the given order first', () => {
    expect(wide.columns).toEqual([
      'rater',
      'item_id',
      'model',
      'task',
      'qc',
      'bin',
      'factuality',
      'safety',
      'brevity',
      'preference',
      'presented_position',
      'duration_ms',
      'rated_at',
      'package_id',
      'flagged',
      'comment',
      'provenance_factuality',
      'adjudicated_factuality',
      'provenance_safety',
      'adjudicated_safety',
      'provenance_brevity',
      'adjudicated_brevity',
      'provenance_preference',
      'adjudicated_preference',
      'score_bleu',
      'score_len',
      'score_rougeL',
    ]);
    const keys = new Set(rows.map((r) => JSON.stringify([r.rater, r.itemId, r.model, r.task])));
    expect(wide.rows).toHaveLength(keys.size);
  });

  it('keeps every value of the tidy rows, typed, and leaves what a rater skipped empty', () => {
    const cell = (row: (string | number | null)[], column: string) => row[wide.columns.indexOf(column)];
    const chen = wide.rows.find((r) => r[0] === 'dr.chen' && r[1] === 'q04' && r[3] === 'rating')!;
    expect([cell(chen, 'factuality'), cell(chen, 'safety'), cell(chen, 'brevity'), cell(chen, 'preference')]).toEqual([
      3,
      1,
      null,
      null,
    ]);
    const preference = wide.rows.find(
      (r) => r[0] === 'dr.adams' && r[1] === 'q01' && r[2] === 'Llama-3.1-8B-Instruct-ß' && r[3] === 'preference',
    )!;
    expect([
      cell(preference, 'preference'),
      cell(preference, 'presented_position'),
      cell(preference, 'duration_ms'),
      cell(preference, 'score_rougeL'),
    ]).toEqual(['model', 'A', 30500, 0.1]);
    const valueColumns = ['factuality', 'safety', 'brevity', 'preference'].map((c) => wide.columns.indexOf(c));
    const values = wide.rows.flatMap((r) => valueColumns.map((i) => r[i])).filter((c) => c !== null);
    expect(values).toHaveLength(rows.length);
  });
});

describe("pivotTidyToWide with the units' provenance", () => {
  const { rows, metrics } = readFixtureCsv('ratings_small.csv');
  const cell = (table: ReturnType<typeof pivotTidyToWide>, row: (string | number | null)[], column: string) =>
    row[table.columns.indexOf(column)];

  it("puts each dimension's provenance and adjudicated value beside that dimension, as the tidy row states them", () => {
    // dr.chen's factuality of q04 adjudicated to 5, their preference rows unresolved, everything else as read.
    const marked = rows.map((row) =>
      row.rater === 'dr.chen' && row.itemId === 'q04' && row.dimension === 'factuality'
        ? { ...row, provenance: 'adjudicated' as const, adjudicatedValue: 5 }
        : row.rater === 'dr.chen' && row.task === 'preference'
          ? { ...row, provenance: 'unresolved' as const }
          : row,
    );
    const wide = pivotTidyToWide(marked, metrics, ['factuality', 'safety']);
    const chen = wide.rows.find((r) => r[0] === 'dr.chen' && r[1] === 'q04' && r[3] === 'rating')!;
    expect(
      ['provenance_factuality', 'adjudicated_factuality', 'provenance_safety', 'adjudicated_safety'].map((c) =>
        cell(wide, chen, c),
      ),
    ).toEqual(['adjudicated', 5, null, null]);
    const preferences = wide.rows.filter((r) => r[0] === 'dr.chen' && r[3] === 'preference');
    expect(preferences.length).toBeGreaterThan(0);
    for (const row of preferences)
      expect([cell(wide, row, 'provenance_preference'), cell(wide, row, 'adjudicated_preference')]).toEqual([
        'unresolved',
        null,
      ]);
    // Nothing else carries a provenance: the file's rows have none.
    const provenanceColumns = wide.columns
      .filter((c) => c.startsWith('provenance_'))
      .map((c) => wide.columns.indexOf(c));
    const given = wide.rows.flatMap((r) => provenanceColumns.map((i) => r[i])).filter((c) => c !== null);
    expect(given).toHaveLength(1 + preferences.length);
  });
});

describe('data dictionary', () => {
  it('describes every column of the tidy export', () => {
    const described = new Set(DATA_DICTIONARY.map((e) => e.column));
    for (const column of TIDY_FIXED_COLUMNS) expect(described).toContain(column);
    expect(tidyColumns(['rougeL']).at(-1)).toBe('score_rougeL');
    expect(described).toContain('score_<metric>');
  });

  it('is what docs/data-dictionary.md says (regenerate the file when this fails)', () => {
    expect(readFileSync(new URL('../../../docs/data-dictionary.md', import.meta.url), 'utf8')).toBe(
      dataDictionaryMarkdown(),
    );
  });
});
