import { mean as simpleMean } from 'simple-statistics';

/** Arithmetic mean (simple-statistics, compensated summation); null for no values instead of throwing. */
export function mean(values: ReadonlyArray<number>): number | null {
  return values.length === 0 ? null : simpleMean([...values]);
}
