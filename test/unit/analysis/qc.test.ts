import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, pivotTidyToWide, type TidyRatingRow } from '../../../shared/analysis';
import type { QcRole } from '../../../shared/qc';
import { ratingRow } from './fixtures';

const RUBRIC = [
  { key: 'factuality', kind: 'likert' as const, scale: [1, 2, 3, 4, 5] },
  { key: 'brevity', kind: 'likert' as const, scale: [1, 2, 3, 4, 5] },
];

let minute = 0;
/** One rated task: a row per dimension, rated one minute after the previous task. */
function task(
  rater: string,
  itemId: string,
  values: [number, number],
  options: { model?: string; qc?: QcRole; durationMs?: number | null; ratedAt?: string } = {},
): TidyRatingRow[] {
  const ratedAt = options.ratedAt ?? new Date(Date.UTC(2026, 0, 1, 9, minute++)).toISOString();
  return RUBRIC.map((d, i) => ({
    rater,
    itemId,
    model: options.model ?? 'm',
    task: 'rating',
    dimension: d.key,
    value: values[i]!,
    bin: 1,
    durationMs: options.durationMs === undefined ? 30_000 : options.durationMs,
    ratedAt,
    scores: {},
    qc: options.qc ?? null,
  }));
}

const analyze = (rows: TidyRatingRow[], qc = {}) =>
  analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, rubric: RUBRIC, qc });

describe('QC rows in the analysis', () => {
  const study = [...task('a', 'q1', [4, 4]), ...task('a', 'q2', [2, 3]), ...task('b', 'q1', [4, 5])];
  const qcRows = [
    ...task('a', 'q1', [1, 1], { qc: 'repeat' }),
    ...task('a', 'q1', [5, 5], { model: 'reference', qc: 'reference_control' }),
    ...task('a', 'q2', [1, 1], { qc: 'calibration' }),
  ];

  it('leaves them out of every model result and counts them in the QC section', () => {
    const { qc: _, ...withQc } = analyze([...study, ...qcRows]);
    const { qc: __, ...without } = analyze(study);
    expect(withQc).toEqual(without);
    expect(analyze([...study, ...qcRows]).qc.rows).toEqual({ repeat: 2, reference_control: 2, calibration: 2 });
  });

  it('accepts a repeat of a rating but not two values in the same role', () => {
    expect(() => analyze([...study, ...qcRows, ...task('a', 'q1', [2, 2], { qc: 'repeat' })])).toThrow(
      'Rater "a" has two values for "factuality" of item "q1", model "m" as repeat',
    );
  });

  it('pairs a repeat with the same rater’s first showing only', () => {
    const result = analyze([...study, ...qcRows, ...task('b', 'q9', [3, 3], { qc: 'repeat' })]);
    expect(result.qc.intra_rater.filter((a) => a.dimension === 'factuality')).toEqual([
      { dimension: 'factuality', rater: null, n: 1, weighted_kappa: 0, percent_exact: 0 },
      { dimension: 'factuality', rater: 'a', n: 1, weighted_kappa: 0, percent_exact: 0 },
    ]);
  });

  it('shows reference-control means next to each model’s non-QC mean', () => {
    expect(analyze([...study, ...qcRows]).qc.reference_controls.find((c) => c.dimension === 'factuality')).toEqual({
      dimension: 'factuality',
      reference: { mean: 5, n: 1 },
      models: [{ model: 'm', mean: (4 + 2 + 4) / 3, n: 3 }],
    });
  });

  it('compares calibration only when the expected ratings are supplied', () => {
    expect(analyze([...study, ...qcRows]).qc.calibration).toEqual({ expected_supplied: false, agreement: [] });
    const agreement = analyze([...study, ...qcRows], {
      calibration: [{ itemId: 'q2', model: 'm', expected: { factuality: 3 } }],
    }).qc.calibration.agreement;
    expect(agreement).toEqual([
      { dimension: 'factuality', rater: null, n: 1, exact_share: 0, within_one_share: 0, mean_absolute_difference: 2 },
      { dimension: 'factuality', rater: 'a', n: 1, exact_share: 0, within_one_share: 0, mean_absolute_difference: 2 },
    ]);
  });

  it('gives every repeat its own row of the wide table', () => {
    const wide = pivotTidyToWide([...study, ...qcRows], [], ['factuality', 'brevity']);
    expect(
      wide.rows.filter((r) => r[0] === 'a' && r[1] === 'q1' && r[2] === 'm').map((r) => r[wide.columns.indexOf('qc')]),
    ).toEqual([null, 'repeat']);
  });
});

describe('per-rater flags', () => {
  const rater = (rows: TidyRatingRow[], options = {}) => analyze(rows, options).qc.raters[0]!;

  it('flags fast answers when at least a tenth of the timed tasks are faster than fast-ms', () => {
    const nineSlow = Array.from({ length: 9 }, (_, i) => task('a', `s${i}`, [(i % 5) + 1, 2])).flat();
    const oneFast = task('a', 'f', [3, 4], { durationMs: 4999 });
    expect(rater([...nineSlow, ...oneFast])).toMatchObject({
      tasks: 10,
      timed_tasks: 10,
      fast_tasks: 1,
      fast_share: 0.1,
      flags: ['fast_answers'],
    });
    expect(rater([...nineSlow, ...oneFast], { fastMs: 4999 })).toMatchObject({ fast_tasks: 0, flags: [] });
    expect(rater([...nineSlow, ...task('a', 'x', [3, 4], { durationMs: null })])).toMatchObject({
      tasks: 10,
      timed_tasks: 9,
      fast_tasks: 0,
    });
  });

  it('reports the median and interquartile range of the time per task (numpy’s linear quantiles)', () => {
    const rows = [10, 20, 30, 40].flatMap((s, i) => task('a', `q${i}`, [i + 1, 1], { durationMs: s * 1000 }));
    expect(rater(rows)).toMatchObject({ median_ms: 25_000, q1_ms: 17_500, q3_ms: 32_500, iqr_ms: 15_000 });
  });

  it('flags a run of at least straightRun (10) tasks with one value on every Likert dimension, in the order they were rated', () => {
    const same = (n: number, value: number, prefix = 'v') =>
      Array.from({ length: n }, (_, i) => task('a', `${prefix}${value}-${i}`, [value, value])).flat();
    expect(rater(same(9, 3))).toMatchObject({ longest_straight_run: 9, straight_runs: 0, flags: [] });
    expect(rater([...same(9, 3), ...same(1, 3, 'w')])).toMatchObject({
      longest_straight_run: 10,
      straight_runs: 1,
      flags: ['straight_lining'],
    });
    // A different value, or a task with two values, breaks the run.
    expect(rater([...same(5, 3), ...same(5, 4)])).toMatchObject({ longest_straight_run: 5, flags: [] });
    expect(rater([...same(5, 3), ...task('a', 'mixed', [3, 4]), ...same(5, 3, 'w')])).toMatchObject({
      longest_straight_run: 5,
    });
    expect(rater(same(10, 3), { straightRun: 11 })).toMatchObject({ straight_runs: 0, flags: [] });
  });

  it('cannot tell straight-lining when a rating time is missing', () => {
    expect(rater([...task('a', 'q1', [3, 3]), ...task('a', 'q2', [3, 3], { ratedAt: '' })])).toMatchObject({
      longest_straight_run: null,
      straight_runs: 0,
    });
  });
});

/** Made by test/fixtures/qc/make_kind_comparison_reference.py (numpy, from the definitions). */
const KINDS = JSON.parse(
  readFileSync(new URL('../../fixtures/qc/kind_comparison_reference.json', import.meta.url), 'utf8'),
) as {
  nominal_pairs: [string, string, number, number][];
  ordinal_pairs: [string, string, number, number][];
  calibration: [string, string, number, number][];
  expected: Record<string, number>;
  nominal_kappa: Record<'pooled' | 'a' | 'b', number>;
  nominal_kappa_if_read_as_distances: Record<'pooled' | 'a' | 'b', number>;
  ordinal_kappa: Record<'pooled' | 'a' | 'b', number>;
  calibration_agreement: unknown[];
};

describe('compares values as each dimension kind does (shared/kinds/value-comparison.ts)', () => {
  const rubric = [
    { key: 'error_type', kind: 'nominal' as const, scale: [1, 2, 3, 4] },
    { key: 'harm', kind: 'ordinal' as const, scale: [0, 2, 5] },
  ];
  const row = (rater: string, itemId: string, dimension: string, value: number, qc: QcRole | null) =>
    ratingRow(rater, itemId, dimension, value, { qc });
  const rows = [
    ...KINDS.nominal_pairs.flatMap(([rater, item, first, repeat]) => [
      row(rater, item, 'error_type', first, null),
      row(rater, item, 'error_type', repeat, 'repeat'),
    ]),
    ...KINDS.ordinal_pairs.flatMap(([rater, item, first, repeat]) => [
      row(rater, item, 'harm', first, null),
      row(rater, item, 'harm', repeat, 'repeat'),
    ]),
    ...KINDS.calibration.flatMap(([rater, item, errorType, harm]) => [
      row(rater, item, 'error_type', errorType, 'calibration'),
      row(rater, item, 'harm', harm, 'calibration'),
    ]),
  ];
  const calibration = ['c1', 'c2'].map((itemId) => ({ itemId, model: 'm', expected: KINDS.expected }));
  const { qc } = analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, rubric, qc: { calibration } });
  const kappas = (dimension: string) =>
    Object.fromEntries(
      qc.intra_rater.filter((a) => a.dimension === dimension).map((a) => [a.rater ?? 'pooled', a.weighted_kappa]),
    );

  it('weighs a nominal repeat by category alone (plain κ), never by the distance of its category numbers', () => {
    const nominal = kappas('error_type');
    for (const who of ['pooled', 'a', 'b'] as const) {
      expect(nominal[who]).toBeCloseTo(KINDS.nominal_kappa[who], 12);
      expect(nominal[who]).not.toBeCloseTo(KINDS.nominal_kappa_if_read_as_distances[who], 3);
    }
  });

  it('weighs an ordinal repeat by the quadratic distance of its points’ positions', () => {
    const ordinal = kappas('harm');
    for (const who of ['pooled', 'a', 'b'] as const) expect(ordinal[who]).toBeCloseTo(KINDS.ordinal_kappa[who], 12);
  });

  it('measures calibration in scale steps of an ordinal scale, and gives a nominal one no distance at all', () => {
    expect(qc.calibration.agreement).toEqual(KINDS.calibration_agreement);
  });
});
