/**
 * Places of values among sorted values, by a native sort and binary search: what ranks (midranks), tie groups
 * (tieGroups) and Kendall's pair order rest on. Values are finite; +0 and −0 compare equal, as everywhere below.
 */

/** The distinct values, in increasing order. */
export function distinctSorted(values: ArrayLike<number>): Float64Array {
  const sorted = new Float64Array(values).sort();
  let count = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (count === 0 || sorted[i] !== sorted[count - 1]) sorted[count++] = sorted[i]!;
  }
  return sorted.subarray(0, count);
}

/** How many of the sorted values are below `value`: the place of its first equal. */
export function firstAtLeast(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many of the sorted values are at most `value`: the place after its last equal. */
export function firstAbove(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
