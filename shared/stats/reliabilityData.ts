/**
 * Shared reading of a reliability matrix (rows = raters, columns = units, null = missing), used by
 * Krippendorff's alpha and percent agreement so both drop exactly the same units.
 */

export type ReliabilityMatrix = ReadonlyArray<ReadonlyArray<number | null>>;

/**
 * The values of every unit rated by at least two raters, in column order, one flat array: unit u's values are
 * values[start[u] … start[u + 1] − 1], in row (rater) order. Units with fewer than two values cannot form a
 * pair and are dropped. Flat typed arrays rather than an array per unit: an analysis reads thousands of units
 * per dimension, several times.
 * Throws on a ragged matrix or a non-finite value: both are bugs in the caller, not data to analyse.
 */
export interface PairableUnits {
  /** How many units are pairable. */
  count: number;
  start: Int32Array;
  values: Float64Array;
}

export function pairableUnits(data: ReliabilityMatrix): PairableUnits {
  const unitCount = data[0]?.length ?? 0;
  for (let rater = 0; rater < data.length; rater++) {
    const length = data[rater]!.length;
    if (length !== unitCount)
      throw new RangeError(`Reliability matrix row ${rater} has ${length} units, row 0 has ${unitCount}`);
  }
  const values = new Float64Array(data.length * unitCount);
  const start = new Int32Array(unitCount + 1);
  let count = 0;
  let end = 0;
  for (let unit = 0; unit < unitCount; unit++) {
    const from = end;
    for (let rater = 0; rater < data.length; rater++) {
      const value = data[rater]![unit];
      if (value === null || value === undefined) continue;
      if (!Number.isFinite(value))
        throw new RangeError(`Reliability matrix row ${rater}, unit ${unit}: ${value} is not a finite number`);
      values[end++] = value;
    }
    // Fewer than two values: the unit is dropped, its values overwritten by the next unit's.
    if (end - from < 2) end = from;
    else start[++count] = end;
  }
  return { count, start: start.subarray(0, count + 1), values: values.subarray(0, end) };
}
