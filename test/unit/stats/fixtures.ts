import { readFileSync } from 'node:fs';

/** Reference values computed by test/fixtures/stats/make_stats_fixtures.py (scipy, scikit-learn). */
export interface StatsReference {
  krippendorff: Array<{
    name: string;
    data: Array<Array<number | null>>;
    published?: Partial<Record<'nominal' | 'ordinal' | 'interval', number>>;
    published_decimals?: number;
    expected: Record<'nominal' | 'ordinal' | 'interval', number | null>;
  }>;
  correlations: Array<{
    name: string;
    x: number[];
    y: number[];
    expected: { pearson: number | null; spearman: number | null; kendall_tau_b: number | null; ranks_x: number[] };
  }>;
  kappa: Array<{
    name: string;
    a: number[];
    b: number[];
    categories: number[];
    expected: Record<'quadratic' | 'linear' | 'none', number | null>;
  }>;
  binomial: Array<{ successes: number; trials: number; p: number; expected: number }>;
}

export const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/stats_reference.json', import.meta.url), 'utf8'),
) as StatsReference;

/** Expects `actual` to equal a reference value (null included) within an absolute tolerance. */
export function closeOrNull(actual: number | null, expected: number | null, tolerance = 1e-9): void {
  if (expected === null) {
    if (actual !== null) throw new Error(`expected null, got ${actual}`);
    return;
  }
  if (actual === null || Math.abs(actual - expected) > tolerance) {
    throw new Error(`expected ${expected} ± ${tolerance}, got ${actual}`);
  }
}
