/**
 * Where a unit's (output or pair × dimension) final value comes from, as the exports state it:
 * - `unanimous`: two or more raters answered and their values do not dispute under the thresholds used
 *   (the latest adjudication round's, or each kind's default when there has been no round);
 * - `adjudicated`: a merged adjudication package gave the unit a final value (the latest round's value
 *   when several did), whatever the thresholds now say;
 * - `unresolved`: the raters' values dispute under those thresholds and no final value was merged (yet).
 * A unit that fewer than two raters answered has no provenance: nothing was compared.
 */
import { countedDimension, type JudgedUnit } from './disagreement';

export type Provenance = 'unanimous' | 'adjudicated' | 'unresolved';
export const PROVENANCES: ReadonlySet<string> = new Set<Provenance>(['unanimous', 'adjudicated', 'unresolved']);

export interface UnitProvenance {
  /** The unit's dimension as counts name it (countedDimension). */
  counted: string;
  provenance: Provenance;
  /** The merged final value: a rating value or a choice's outcome; null unless adjudicated. */
  adjudicatedValue: number | string | null;
}

/** A merged final value of one unit. */
export interface SettledUnit {
  outputId: number;
  /** A pairwise task's second output; null for the other kinds. */
  outputBId: number | null;
  dimension: string;
  value: number | string;
}

/** One unit: an output's (a pair's: both outputs, in the master's order) dimension. */
export const provenanceKey = (outputId: number, outputBId: number | null, dimension: string): string =>
  `${outputId}\u0000${outputBId ?? ''}\u0000${dimension}`;

/** Provenance by provenanceKey; settled units in oldest-round-first order, so a later round's value wins. */
export function unitProvenance(
  units: readonly JudgedUnit[],
  settled: readonly SettledUnit[],
): Map<string, UnitProvenance> {
  const finalValues = new Map(settled.map((s) => [provenanceKey(s.outputId, s.outputBId, s.dimension), s.value]));
  const result = new Map<string, UnitProvenance>();
  for (const unit of units) {
    if (unit.values.length < 2) continue;
    const key = provenanceKey(unit.outputId, unit.outputBId, unit.dimension);
    const counted = countedDimension(unit);
    const adjudicatedValue = finalValues.get(key);
    if (adjudicatedValue !== undefined) result.set(key, { counted, provenance: 'adjudicated', adjudicatedValue });
    else result.set(key, { counted, provenance: unit.disputed ? 'unresolved' : 'unanimous', adjudicatedValue: null });
  }
  return result;
}
