import type { AnalysisResult } from './types';

/**
 * The analysis as JSON text that is byte-identical for identical input: object keys sorted at every
 * level (list order is already fixed by the analysis), two-space indent, final newline.
 */
export function serializeAnalysisResult(result: AnalysisResult): string {
  return `${JSON.stringify(withSortedKeys(result), null, 2)}\n`;
}

function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, withSortedKeys(v)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`The analysis produced a non-finite number (${value}); this is a bug, please report it`);
  }
  return value;
}
