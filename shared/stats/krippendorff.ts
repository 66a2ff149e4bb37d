import { definedOrNaN, type ResampleStatistic } from './bootstrap';
import { pairableUnitValues, type ReliabilityMatrix } from './reliabilityData';
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
  const alpha = krippendorffAlphaResampler(data, level);
  return alpha.units === 0 ? null : alpha.statistic(new Int32Array(alpha.units).fill(1), 0);
}

/**
 * Alpha of bootstrap resamples of the pairable units (for bootstrapPercentileInterval over `units`
 * units): each unit's coincidences are computed once, a resample adds them up weighted by how often the
 * unit was drawn. Values that no drawn unit holds add zero rows, which changes none of the three distances.
 * Units with the same coincidences (three ratings on a 1–5 scale make at most 35 kinds) are added up as one
 * when every sum is exact, so the result is to the last bit the unit-by-unit sum's.
 * `leaveOneOut` gives alpha without each unit in turn (the jackknife of a BCa interval; NaN where undefined)
 * to the last bit as `statistic` computes it on those samples, from one sum of all units' coincidences, when
 * the weights' sums are exact; otherwise null (compute the samples one by one).
 */
export function krippendorffAlphaResampler(
  data: ReliabilityMatrix,
  level: MeasurementLevel,
): { units: number; statistic: ResampleStatistic; leaveOneOut: () => Float64Array | null } {
  const units = pairableUnitValues(data);
  const values = distinctSorted(units.flat());
  const size = values.length;
  if (size > MAX_DISTINCT_VALUES)
    throw new RangeError(`Alpha over ${size} distinct values: at most ${MAX_DISTINCT_VALUES} are supported`);

  // Unit u's coincidences are the cells cell[e] += weight[e] for e in start[u]..start[u+1], in increasing
  // order of cell; `kindKey[u]` names its values as a sorted multiset, which is what its coincidences depend on.
  const start = new Int32Array(units.length + 1);
  const cells: number[] = [];
  const weights: number[] = [];
  const kindKey: string[] = [];
  const indices = new Int32Array(data.length);
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    const m = unit.length;
    // The unit's value indices in increasing order (insertion: a unit holds a few values, one per rater).
    for (let i = 0; i < m; i++) {
      const index = firstAtLeast(values, unit[i]!);
      let at = i;
      for (; at > 0 && indices[at - 1]! > index; at--) indices[at] = indices[at - 1]!;
      indices[at] = index;
    }
    // One char code per index, below 2^16.
    kindKey.push(String.fromCharCode(...indices.subarray(0, m)));
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
    start[u + 1] = cells.length;
  }
  const cell = new Int32Array(cells);
  const weight = new Float64Array(weights);
  const coincidences = new Float64Array(size * size);
  const alpha = alphaOfCoincidences(level, values);
  const kinds = coincidenceKinds(kindKey, weight, start);
  // The sums are a function of their own so that the arrays are its locals: every α of an analysis shares this
  // closure's code, so what it captures is no constant there, and it would be read again in every pass.
  const statistic: ResampleStatistic = (counts, offset) =>
    alpha(resampledCoincidences(counts, offset, kinds, start, cell, weight, coincidences));

  const leaveOneOut = (): Float64Array | null => {
    // Only when every sum of weights is exact are all units' coincidences minus one unit's those of the sample without it.
    if (!sumsAreExact(weight)) return null;
    const all = new Float64Array(size * size);
    for (let e = 0; e < cell.length; e++) all[cell[e]!]! += weight[e]!;
    const out = new Float64Array(units.length);
    for (let u = 0; u < units.length; u++) {
      coincidences.set(all);
      for (let e = start[u]!; e < start[u + 1]!; e++) coincidences[cell[e]!]! -= weight[e]!;
      out[u] = definedOrNaN(alpha(coincidences));
    }
    return out;
  };
  return { units: units.length, statistic, leaveOneOut };
}

/**
 * Most distinct values an alpha is computed over: each value's index is one char code of its units' kind
 * names, and the coincidences would take 8 · size² bytes (32 GiB here) in any case.
 */
const MAX_DISTINCT_VALUES = 0x10000;

/** Units grouped by their coincidences (coincidenceKinds), with space to count each kind's draws. */
interface CoincidenceKinds {
  kindOf: Int32Array;
  first: Int32Array;
  timesOfKind: Int32Array;
}

/**
 * The coincidences of the resample whose multiplicities are counts[offset …] into `sums`: each kind of unit's
 * once, times how often units of that kind were drawn.
 */
function resampledCoincidences(
  counts: Int32Array,
  offset: number,
  { kindOf, first, timesOfKind }: CoincidenceKinds,
  start: Int32Array,
  cell: Int32Array,
  weight: Float64Array,
  sums: Float64Array,
): Float64Array {
  timesOfKind.fill(0);
  for (let u = 0; u < kindOf.length; u++) timesOfKind[kindOf[u]!]! += counts[offset + u]!;
  sums.fill(0);
  for (let kind = 0; kind < first.length; kind++) {
    const times = timesOfKind[kind]!;
    if (times === 0) continue;
    const u = first[kind]!;
    for (let e = start[u]!; e < start[u + 1]!; e++) sums[cell[e]!]! += times * weight[e]!;
  }
  return sums;
}

/**
 * Groups the units whose coincidences are the same cells with the same weights: unit u is of kind kindOf[u],
 * whose first unit is first[kind]. A resample's coincidences are then each kind's once, times how often its
 * units were drawn. That is the unit-by-unit sum to the last bit only when every product and partial sum is
 * exact (weights on a 2^−16 grid, every resample's total far below 2^53 of them); otherwise each unit is a kind
 * of its own, which is the unit-by-unit sum in its order.
 */
function coincidenceKinds(kindKey: ReadonlyArray<string>, weight: Float64Array, start: Int32Array): CoincidenceKinds {
  const unitCount = kindKey.length;
  const kindOf = new Int32Array(unitCount);
  // A resample draws unitCount units, so no coincidence sum exceeds unitCount times the heaviest unit's.
  let heaviest = 0;
  for (let u = 0; u < unitCount; u++) {
    let unitWeight = 0;
    for (let e = start[u]!; e < start[u + 1]!; e++) unitWeight += weight[e]!;
    heaviest = Math.max(heaviest, unitWeight);
  }
  if (!(sumsAreExact(weight) && unitCount * heaviest * 65536 < 2 ** 50)) {
    for (let u = 0; u < unitCount; u++) kindOf[u] = u;
    return { kindOf, first: kindOf, timesOfKind: new Int32Array(unitCount) };
  }
  const kinds = new Map<string, number>();
  const first: number[] = [];
  for (let u = 0; u < unitCount; u++) {
    let kind = kinds.get(kindKey[u]!);
    if (kind === undefined) {
      kind = first.length;
      kinds.set(kindKey[u]!, kind);
      first.push(u);
    }
    kindOf[u] = kind;
  }
  return { kindOf, first: new Int32Array(first), timesOfKind: new Int32Array(first.length) };
}

/** How many of the sorted indices[0 … length − 1] from `at` on equal indices[at]. */
function runLength(indices: Int32Array, at: number, length: number): number {
  let end = at + 1;
  while (end < length && indices[end] === indices[at]) end++;
  return end - at;
}

/**
 * True when every sum of these weights is exact in floating point, whatever the order: all are multiples of
 * 2^−16 (as the 1/(m − 1) of units with 2, 3, 5, 9 … values are) and their total stays far below 2^53 of them.
 */
function sumsAreExact(weights: Float64Array): boolean {
  let total = 0;
  for (const w of weights) {
    const scaled = w * 65536;
    if (!Number.isInteger(scaled)) return false;
    total += scaled;
  }
  return total < 2 ** 50;
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
