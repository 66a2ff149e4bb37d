/**
 * Spearman's ρ and Pearson's r of several pairs of variables on the same bootstrap resamples of the same
 * units. An analysis correlates every metric with every dimension's mean rating on one set of outputs, so
 * most variables take part in several pairs: each variable's share of the work on a resample (Pearson: its
 * weighted mean and deviations; Spearman: its tie groups' average ranks) is done once per resample, and each
 * pair then costs one weighted dot product over the units drawn.
 *
 * Every value is computed with the same floating-point operations, in the same order, as the one-pair
 * formulas (pearsonResampler, spearmanResampler) define: sums run over the units in index order, and units
 * not drawn are skipped, which adds only zeros. So a pair's value does not depend on which other pairs
 * share its resamples.
 */
import type { ResampleStatistic } from './bootstrap';
import { distinctSorted, firstAtLeast } from './sortedValues';

export type CorrelationKind = 'spearman' | 'pearson';

/** The units a resample drew (in index order) and how often, from its multiplicities. */
class DrawnUnits {
  readonly units: Int32Array;
  readonly times: Float64Array;
  length = 0;
  drawn = 0;

  constructor(n: number) {
    this.units = new Int32Array(n);
    this.times = new Float64Array(n);
  }

  read(counts: Int32Array, offset: number, n: number): void {
    let length = 0;
    let drawn = 0;
    for (let i = 0; i < n; i++) {
      const times = counts[offset + i]!;
      if (times === 0) continue;
      this.units[length] = i;
      this.times[length] = times;
      length++;
      drawn += times;
    }
    this.length = length;
    this.drawn = drawn;
  }
}

/**
 * One variable's part of a correlation on the current resample, per drawn unit k: `weighted[k]` =
 * times · deviation and `deviation[k]`, so that Σ weighted · deviation of another variable is the
 * pair's cross term; `squares` is the variable's own Σ times · deviation².
 */
interface Side {
  readonly weighted: Float64Array;
  readonly deviation: Float64Array;
  squares: number;
  update(drawn: DrawnUnits): void;
}

/** Pearson: deviations from the resample's weighted mean of the values, centred once on their own mean. */
class PearsonSide implements Side {
  readonly weighted: Float64Array;
  readonly deviation: Float64Array;
  squares = 0;
  private readonly centred: Float64Array;

  constructor(values: ReadonlyArray<number>) {
    // Centred once, so the resample's sums of squares do not cancel large means.
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    this.centred = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) this.centred[i] = values[i]! - mean;
    this.weighted = new Float64Array(values.length);
    this.deviation = new Float64Array(values.length);
  }

  update({ units, times, length, drawn }: DrawnUnits): void {
    const { centred, weighted, deviation } = this;
    let sum = 0;
    for (let k = 0; k < length; k++) sum += times[k]! * centred[units[k]!]!;
    const mean = sum / drawn;
    let squares = 0;
    for (let k = 0; k < length; k++) {
      const d = centred[units[k]!]! - mean;
      const w = times[k]! * d;
      deviation[k] = d;
      weighted[k] = w;
      squares += w * d;
    }
    this.squares = squares;
  }
}

/**
 * Spearman: each unit's average rank among the draws minus the mean rank. One pre-sort groups equal values
 * (tie groups, in increasing order); a resample adds up each group's draws and gives every group the
 * average rank of its draws. A unit drawn w times counts w times, exactly as in scipy.stats.spearmanr on
 * the expanded resample.
 */
class SpearmanSide implements Side {
  readonly weighted: Float64Array;
  readonly deviation: Float64Array;
  squares = 0;
  private readonly groupOf: Int32Array;
  /** Draws falling in each group, in the current resample. */
  private readonly groupDraws: Float64Array;
  /** Each group's average rank minus the mean rank, in the current resample. */
  private readonly groupRank: Float64Array;

  constructor(values: ReadonlyArray<number>) {
    const { groupOf, groups } = tieGroups(values);
    this.groupOf = groupOf;
    this.groupDraws = new Float64Array(groups);
    this.groupRank = new Float64Array(groups);
    this.weighted = new Float64Array(values.length);
    this.deviation = new Float64Array(values.length);
  }

  update({ units, times, length, drawn }: DrawnUnits): void {
    const { groupOf, groupDraws, groupRank, weighted, deviation } = this;
    groupDraws.fill(0);
    for (let k = 0; k < length; k++) groupDraws[groupOf[units[k]!]!]! += times[k]!;
    // The mean rank of the draws: (n + 1)/2 for a resample, n/2 for a leave-one-out (jackknife) sample.
    const centre = (drawn + 1) / 2;
    let below = 0;
    let squares = 0;
    for (let group = 0; group < groupDraws.length; group++) {
      const inGroup = groupDraws[group]!;
      const centred = below + (inGroup + 1) / 2 - centre;
      groupRank[group] = centred;
      squares += inGroup * centred * centred;
      below += inGroup;
    }
    for (let k = 0; k < length; k++) {
      const rank = groupRank[groupOf[units[k]!]!]!;
      deviation[k] = rank;
      weighted[k] = times[k]! * rank;
    }
    this.squares = squares;
  }
}

/** Each value's group among equal values, groups numbered in increasing order of value, and how many groups. */
export interface TieGroups {
  groupOf: Int32Array;
  groups: number;
}

/** Equal values as groups numbered in increasing order of value: each value's group, and how many groups. */
export function tieGroups(values: ReadonlyArray<number>): TieGroups {
  // −0 and 0 are one group, as in a Set.
  const distinct = distinctSorted(values);
  const groupOf = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) groupOf[i] = firstAtLeast(distinct, values[i]!);
  return { groupOf, groups: distinct.length };
}

interface Pair {
  kind: CorrelationKind;
  x: Side;
  y: Side;
}

/**
 * Correlations of pairs of variables over the same n units, evaluated together on each resample
 * (`evaluate`). A variable given again with the same kind and the same values, in the same unit order, is
 * the same variable.
 */
export class CorrelationResamples {
  private readonly drawn: DrawnUnits;
  private readonly sides: Array<{ kind: CorrelationKind; values: ReadonlyArray<number>; side: Side }> = [];
  private readonly pairs: Pair[] = [];

  constructor(readonly n: number) {
    this.drawn = new DrawnUnits(n);
  }

  /** Adds the correlation of x with y; returns its place in `evaluate`'s output. */
  add(kind: CorrelationKind, x: ReadonlyArray<number>, y: ReadonlyArray<number>): number {
    if (x.length !== this.n || y.length !== this.n)
      throw new RangeError(`Correlation needs paired values for ${this.n} units, got ${x.length} and ${y.length}`);
    if (kind === 'spearman') {
      checkFinite(x);
      checkFinite(y);
    }
    this.pairs.push({ kind, x: this.side(kind, x), y: this.side(kind, y) });
    return this.pairs.length - 1;
  }

  /**
   * Every pair's correlation on the resample whose multiplicities are counts[offset … offset + n − 1] into
   * `out` (in the order they were added); NaN where it is undefined (a side constant on the resample).
   */
  evaluate(counts: Int32Array, offset: number, out: Float64Array): void {
    const drawn = this.drawn;
    drawn.read(counts, offset, this.n);
    const { sides, pairs } = this;
    for (let s = 0; s < sides.length; s++) sides[s]!.side.update(drawn);
    const length = drawn.length;
    for (let p = 0; p < pairs.length; p++) {
      const { kind, x, y } = pairs[p]!;
      const defined = kind === 'spearman' ? x.squares !== 0 && y.squares !== 0 : x.squares > 0 && y.squares > 0;
      out[p] = defined
        ? Math.min(1, Math.max(-1, crossTerm(x.weighted, y.deviation, length) / Math.sqrt(x.squares * y.squares)))
        : NaN;
    }
  }

  /** The one pair's correlation as a ResampleStatistic (null where undefined): for a single pair. */
  statistic(): ResampleStatistic {
    const out = new Float64Array(this.pairs.length);
    return (counts, offset) => {
      this.evaluate(counts, offset, out);
      return Number.isNaN(out[0]!) ? null : out[0]!;
    };
  }

  private side(kind: CorrelationKind, values: ReadonlyArray<number>): Side {
    const known = this.sides.find((s) => s.kind === kind && sameValues(s.values, values));
    if (known) return known.side;
    const side = kind === 'spearman' ? new SpearmanSide(values) : new PearsonSide(values);
    this.sides.push({ kind, values, side });
    return side;
  }
}

/** Σ weighted[k] · deviation[k] over the first `length` drawn units, in their order. */
function crossTerm(weighted: Float64Array, deviation: Float64Array, length: number): number {
  let cross = 0;
  for (let k = 0; k < length; k++) cross += weighted[k]! * deviation[k]!;
  return cross;
}

function sameValues(a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

export function checkFinite(values: ReadonlyArray<number>): void {
  // Indexed: until V8 has optimised it, a for-of loop costs an iterator per call (every figure checks its inputs).
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) throw new RangeError(`Correlation input ${value} is not a finite number`);
  }
}
