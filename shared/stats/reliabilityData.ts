/**
 * Shared reading of a reliability matrix (rows = raters, columns = units, null = missing), used by
 * Krippendorff's alpha and percent agreement so both drop exactly the same units.
 */

export type ReliabilityMatrix = ReadonlyArray<ReadonlyArray<number | null>>;

/**
 * The values of every unit rated by at least two raters, one array per unit, in column order.
 * Units with fewer than two values cannot form a pair and are dropped.
 * Throws on a ragged matrix or a non-finite value: both are bugs in the caller, not data to analyse.
 */
export function pairableUnitValues(data: ReliabilityMatrix): number[][] {
  const unitCount = data[0]?.length ?? 0;
  data.forEach((row, rater) => {
    if (row.length !== unitCount) {
      throw new RangeError(`Reliability matrix row ${rater} has ${row.length} units, row 0 has ${unitCount}`);
    }
  });
  const units: number[][] = [];
  for (let unit = 0; unit < unitCount; unit++) {
    const values: number[] = [];
    data.forEach((row, rater) => {
      const value = row[unit];
      if (value === null || value === undefined) return;
      if (!Number.isFinite(value)) {
        throw new RangeError(`Reliability matrix row ${rater}, unit ${unit}: ${value} is not a finite number`);
      }
      values.push(value);
    });
    if (values.length >= 2) units.push(values);
  }
  return units;
}

/** How many times each distinct value occurs in `values`. */
export function countValues(values: ReadonlyArray<number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
