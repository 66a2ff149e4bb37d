import { definedOrNaN, type ResampleStatistic } from './bootstrap';
import { pairableUnits, type PairableUnits, type ReliabilityMatrix } from './reliabilityData';
import { distinctSorted, firstAtLeast } from './sortedValues';

export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval';

/**
 * Krippendorff's alpha = 1 − D_o / D_e for a reliability matrix (rows = raters, columns = units,
 * null = missing), following Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability":
 *
 * - only units with at least two values (m_u ≥ 2) are pairable; the others are dropped;
 * - coincidences o_ck = Σ_u (number of c–k pairs of different raters in u) / (m_u − 1);
 * - n_c = Σ_k o_ck over the values that occur in pairable units, n = Σ_c n_c;
 * - alpha = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck with
 *   nominal δ² = [c ≠ k], interval δ² = (c − k)²,
 *   ordinal δ² = (Σ_{g=c..k} n_g − (n_c + n_k)/2)² over the sorted occurring values.
 *
 * Returns null when alpha is undefined: no pairable unit, or no expected disagreement (one value only).
 * Hand-written: no maintained npm package computes alpha with missing data and these three levels.
 */
export function krippendorffAlpha(data: ReliabilityMatrix, level: MeasurementLevel): number | null {
  return krippendorffAlphaResampler(data, level).estimate();
}

/**
 * Alpha of bootstrap resamples of the pairable units (for bootstrapPercentileInterval over `units`
 * units): the coincidences of each kind of unit (unitKinds) are computed once, a resample adds them up
 * weighted by how often units of the kind were drawn. Values that no drawn unit holds add zero rows, which
 * changes none of the three distances. A kind's units are added up as one only when every sum is exact, so
 * the result is to the last bit the unit-by-unit sum's.
 * `estimate` gives alpha on all the pairable units (krippendorffAlpha). `leaveOneOut` gives alpha without
 * each unit in turn (the jackknife of a BCa interval; NaN where undefined) to the last bit as `statistic`
 * computes it on those samples, from one sum of all units' coincidences and one value per kind, when the
 * weights' sums are exact; otherwise null (compute the samples one by one).
 */
export function krippendorffAlphaResampler(
  data: ReliabilityMatrix,
  level: MeasurementLevel,
): {
  units: number;
  statistic: ResampleStatistic;
  estimate: () => number | null;
  leaveOneOut: () => Float64Array | null;
} {
  const units = pairableUnits(data);
  const values = distinctSorted(units.values);
  const size = values.length;
  if (size > MAX_DISTINCT_VALUES)
    throw new RangeError(`Alpha over ${size} distinct values: at most ${MAX_DISTINCT_VALUES} are supported`);
  const kinds = unitKinds(units, values, data.length);
  const coincidences = new Float64Array(size * size);
  const alpha = alphaOfCoincidences(level, values);
  // The sums are a function of their own so that the arrays are its locals: every α of an analysis shares this
  // closure's code, so what it captures is no constant there, and it would be read again in every pass.
  const statistic: ResampleStatistic = (counts, offset) =>
    alpha(resampledCoincidences(counts, offset, kinds, coincidences));

  const leaveOneOut = (): Float64Array | null => {
    // Only when every sum of weights is exact are all units' coincidences minus one unit's those of the sample
    // without it; a unit's coincidences are its kind's, so each kind's value serves all its units.
    if (!kinds.exact) return null;
    const { start, cell, weight, unitsOfKind, kindOf } = kinds;
    const all = new Float64Array(size * size);
    for (let kind = 0; kind < unitsOfKind.length; kind++)
      for (let e = start[kind]!; e < start[kind + 1]!; e++) all[cell[e]!]! += unitsOfKind[kind]! * weight[e]!;
    const withoutOne = new Float64Array(unitsOfKind.length);
    for (let kind = 0; kind < unitsOfKind.length; kind++) {
      coincidences.set(all);
      for (let e = start[kind]!; e < start[kind + 1]!; e++) coincidences[cell[e]!]! -= weight[e]!;
      withoutOne[kind] = definedOrNaN(alpha(coincidences));
    }
    const out = new Float64Array(units.count);
    for (let u = 0; u < units.count; u++) out[u] = withoutOne[kindOf[u]!]!;
    return out;
  };
  const estimate = (): number | null => (units.count === 0 ? null : statistic(new Int32Array(units.count).fill(1), 0));
  return { units: units.count, statistic, estimate, leaveOneOut };
}

/**
 * Most distinct values an alpha is computed over: each value's index is one char code of its units' kind
 * names, and the coincidences would take 8 · size² bytes (32 GiB here) in any case.
 */
const MAX_DISTINCT_VALUES = 0x10000;

/**
 * The pairable units grouped by kind: the sorted multiset of their values, which is all their coincidences
 * depend on (three ratings on a 1–5 scale make at most 35 kinds). Kind k's coincidences are the cells
 * cell[e] += weight[e] for e in start[k] … start[k + 1] − 1, in increasing order of cell; kinds are numbered in
 * the order their first unit comes. `exact` says whether every sum of the weights is exact in floating point
 * (sumsAreExact), whatever the order: only then may a resample add each kind's coincidences once, times how
 * often its units were drawn, and be to the last bit the unit-by-unit sum.
 */
interface UnitKinds {
  kindOf: Int32Array;
  unitsOfKind: Int32Array;
  start: Int32Array;
  cell: Int32Array;
  weight: Float64Array;
  exact: boolean;
  /** Space to count each kind's draws in a resample. */
  timesOfKind: Int32Array;
}

function unitKinds(units: PairableUnits, values: Float64Array, raters: number): UnitKinds {
  const size = values.length;
  const kindOf = new Int32Array(units.count);
  const kindByKey = new Map<string, number>();
  const unitsOfKind: number[] = [];
  const start = [0];
  const cells: number[] = [];
  const weights: number[] = [];
  const indices = new Int32Array(raters);
  for (let u = 0; u < units.count; u++) {
    const from = units.start[u]!;
    const m = units.start[u + 1]! - from;
    // The unit's value indices in increasing order (insertion: a unit holds a few values, one per rater).
    for (let i = 0; i < m; i++) {
      const index = firstAtLeast(values, units.values[from + i]!);
      let at = i;
      for (; at > 0 && indices[at - 1]! > index; at--) indices[at] = indices[at - 1]!;
      indices[at] = index;
    }
    // One char code per index, below 2^16.
    let key = '';
    for (let i = 0; i < m; i++) key += String.fromCharCode(indices[i]!);
    const known = kindByKey.get(key);
    if (known !== undefined) {
      kindOf[u] = known;
      unitsOfKind[known]!++;
      continue;
    }
    const kind = unitsOfKind.length;
    kindByKey.set(key, kind);
    kindOf[u] = kind;
    unitsOfKind.push(1);
    addCoincidences(indices, m, size, cells, weights);
    start.push(cells.length);
  }
  const weight = new Float64Array(weights);
  const kinds = {
    kindOf,
    unitsOfKind: new Int32Array(unitsOfKind),
    start: new Int32Array(start),
    cell: new Int32Array(cells),
    weight,
    timesOfKind: new Int32Array(unitsOfKind.length),
  };
  return { ...kinds, exact: sumsAreExact(kinds) };
}

/** Appends the coincidences of a unit whose sorted value indices are indices[0 … m − 1]. */
function addCoincidences(indices: Int32Array, m: number, size: number, cells: number[], weights: number[]): void {
  // Runs of equal indices: value c occurs countC times in the unit.
  for (let i = 0; i < m;) {
    const c = indices[i]!;
    const countC = runLength(indices, i, m);
    for (let j = 0; j < m;) {
      const k = indices[j]!;
      const countK = runLength(indices, j, m);
      const pairs = c === k ? countC * (countC - 1) : countC * countK;
      if (pairs !== 0) {
        cells.push(c * size + k);
        weights.push(pairs / (m - 1));
      }
      j += countK;
    }
    i += countC;
  }
}

/**
 * The coincidences of the resample whose multiplicities are counts[offset …] into `sums`. With exact sums, each
 * kind's once, times how often units of that kind were drawn; otherwise unit by unit in unit order.
 */
function resampledCoincidences(
  counts: Int32Array,
  offset: number,
  { kindOf, start, cell, weight, exact, timesOfKind }: UnitKinds,
  sums: Float64Array,
): Float64Array {
  sums.fill(0);
  if (!exact) {
    for (let u = 0; u < kindOf.length; u++) {
      const times = counts[offset + u]!;
      if (times === 0) continue;
      const kind = kindOf[u]!;
      for (let e = start[kind]!; e < start[kind + 1]!; e++) sums[cell[e]!]! += times * weight[e]!;
    }
    return sums;
  }
  timesOfKind.fill(0);
  for (let u = 0; u < kindOf.length; u++) timesOfKind[kindOf[u]!]! += counts[offset + u]!;
  for (let kind = 0; kind < timesOfKind.length; kind++) {
    const times = timesOfKind[kind]!;
    if (times === 0) continue;
    for (let e = start[kind]!; e < start[kind + 1]!; e++) sums[cell[e]!]! += times * weight[e]!;
  }
  return sums;
}

/** How many of the sorted indices[0 … length − 1] from `at` on equal indices[at]. */
function runLength(indices: Int32Array, at: number, length: number): number {
  let end = at + 1;
  while (end < length && indices[end] === indices[at]) end++;
  return end - at;
}

/**
 * True when every sum of the units' weights is exact in floating point, whatever the order: all are multiples
 * of 2^−16 (as the 1/(m − 1) of units with 2, 3, 5, 9 … values are) and a resample's total, which draws
 * as many units as there are, stays far below 2^50 of them even if every draw is the heaviest unit.
 */
function sumsAreExact({ unitsOfKind, start, weight }: Omit<UnitKinds, 'exact'>): boolean {
  let units = 0;
  let heaviest = 0;
  for (let kind = 0; kind < unitsOfKind.length; kind++) {
    let scaledSum = 0;
    for (let e = start[kind]!; e < start[kind + 1]!; e++) {
      const scaled = weight[e]! * 65536;
      if (!Number.isInteger(scaled)) return false;
      scaledSum += scaled;
    }
    units += unitsOfKind[kind]!;
    heaviest = Math.max(heaviest, scaledSum);
  }
  return units * heaviest < 2 ** 50;
}

/** Alpha from a coincidence matrix (size × size over the sorted values): null when no disagreement is expected. */
function alphaOfCoincidences(
  level: MeasurementLevel,
  values: ArrayLike<number>,
): (coincidences: Float64Array) => number | null {
  const size = values.length;
  const marginals = new Float64Array(size);
  const cumulative = new Float64Array(size + 1);
  return (coincidences) => {
    let total = 0;
    for (let c = 0; c < size; c++) {
      let sum = 0;
      for (let k = 0; k < size; k++) sum += coincidences[c * size + k]!;
      marginals[c] = sum;
      cumulative[c + 1] = cumulative[c]! + sum;
      total += sum;
    }
    let observed = 0;
    let expected = 0;
    for (let c = 0; c < size; c++) {
      for (let k = 0; k < size; k++) {
        const d = distance(level, values, marginals, cumulative, c, k);
        observed += coincidences[c * size + k]! * d;
        expected += (marginals[c]! * marginals[k]! * d) / (total - 1);
      }
    }
    return expected === 0 ? null : 1 - observed / expected;
  };
}

/**
 * δ² between the values at sorted indices c and k; `cumulative[i]` = n_0 + … + n_{i−1}, so any
 * Σ_{g=c..k} n_g is one subtraction.
 */
function distance(
  level: MeasurementLevel,
  values: ArrayLike<number>,
  marginals: Float64Array,
  cumulative: Float64Array,
  c: number,
  k: number,
): number {
  switch (level) {
    case 'nominal':
      return c === k ? 0 : 1;
    case 'interval':
      return (values[c]! - values[k]!) ** 2;
    case 'ordinal': {
      const lo = Math.min(c, k);
      const hi = Math.max(c, k);
      return (cumulative[hi + 1]! - cumulative[lo]! - (marginals[lo]! + marginals[hi]!) / 2) ** 2;
    }
  }
}
