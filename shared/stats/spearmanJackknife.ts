/**
 * Spearman's ρ with each unit left out in turn (the jackknife of a BCa interval), in O(n log n) instead of
 * n resamples of O(n) each, and exactly, to the last bit, the values spearmanResampler gives on the n
 * leave-one-out samples.
 *
 * Why exactly: every quantity of ρ on such a sample is a sum of multiples of ¼ (average ranks minus the mean
 * rank are multiples of ½), so while its magnitude stays below 2^51 each sum is exact, in any order and by
 * any algebra; the final division and square root then see the same operands. Below MAX_EXACT_UNITS units
 * every sum is at most n³ ≪ 2^51.
 *
 * With unit i (x group a, y group b) left out of the n units, and u_j = the average rank of x_j among all n
 * minus n/2 (the leave-one-out sample's mean rank): unit j's rank there is u_j − δx_j with δx_j = 0 below
 * group a, ½ in it, 1 above it (likewise v_j, δy_j for y), so
 *   Σ_{j≠i} (u_j − δx_j)(v_j − δy_j) = Σ_{j≠i} u_j v_j − Σ_{j≠i} δx_j v_j − Σ_{j≠i} u_j δy_j + Σ_{j≠i} δx_j δy_j,
 * where the first three come from per-group sums and the last from counting the units above and in the
 * groups of i (a Fenwick tree over y groups, x groups visited from the top).
 */
import { tieGroups, type TieGroups } from './correlationResamples';
import type { RankCache } from './rankCache';

/** Most units for which every sum is provably exact (n³ · 4 < 2^53). */
const MAX_EXACT_UNITS = 65536;

/**
 * ρ of the pairs without pair i, for i = 0 … n − 1 (NaN where a side is constant without it); null when
 * n is beyond the exact range (then compute the leave-one-out samples one by one).
 */
export function spearmanLeaveOneOut(
  x: ReadonlyArray<number>,
  y: ReadonlyArray<number>,
  ranks: Pick<RankCache, 'tieGroups'> = { tieGroups },
): Float64Array | null {
  const n = x.length;
  if (n > MAX_EXACT_UNITS || y.length !== n) return null;
  const xSide = leaveOneOutRanks(ranks.tieGroups(x));
  const ySide = leaveOneOutRanks(ranks.tieGroups(y));
  const u = xSide.rankOfUnit;
  const v = ySide.rankOfUnit;

  let crossAll = 0;
  for (let j = 0; j < n; j++) crossAll += u[j]! * v[j]!;
  // Σ of the other variable's ranks over the units of each group, and over the groups above it.
  const vInXGroup = sumsByGroup(xSide.groupOf, xSide.groups, v);
  const uInYGroup = sumsByGroup(ySide.groupOf, ySide.groups, u);
  const vAboveXGroup = sumsAbove(vInXGroup);
  const uAboveYGroup = sumsAbove(uInYGroup);
  const quadrants = quadrantCounts(xSide, ySide);

  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = xSide.groupOf[i]!;
    const b = ySide.groupOf[i]!;
    const sxx = xSide.squaresWithout[a]!;
    const syy = ySide.squaresWithout[b]!;
    if (sxx === 0 || syy === 0) {
      values[i] = NaN;
      continue;
    }
    const xShift = (vInXGroup[a]! - v[i]!) / 2 + vAboveXGroup[a]!;
    const yShift = (uInYGroup[b]! - u[i]!) / 2 + uAboveYGroup[b]!;
    const bothShift =
      (quadrants.sameSame[i]! - 1) / 4 +
      quadrants.sameAbove[i]! / 2 +
      quadrants.aboveSame[i]! / 2 +
      quadrants.aboveAbove[i]!;
    const sxy = crossAll - u[i]! * v[i]! - xShift - yShift + bothShift;
    values[i] = Math.min(1, Math.max(-1, sxy / Math.sqrt(sxx * syy)));
  }
  return values;
}

interface LeaveOneOutRanks {
  groupOf: Int32Array;
  groups: number;
  /** Each unit's average rank among all n minus n/2. */
  rankOfUnit: Float64Array;
  /** Σ (rank − mean rank)² over the n − 1 others when a unit of group g is left out. */
  squaresWithout: Float64Array;
}

function leaveOneOutRanks({ groupOf, groups }: TieGroups): LeaveOneOutRanks {
  const n = groupOf.length;
  const size = new Float64Array(groups);
  for (let j = 0; j < n; j++) size[groupOf[j]!]! += 1;
  // base[g]: group g's average rank among all n, minus n/2.
  const base = new Float64Array(groups);
  let below = 0;
  for (let g = 0; g < groups; g++) {
    base[g] = below + (size[g]! + 1) / 2 - n / 2;
    below += size[g]!;
  }
  // Without a unit of group a: groups below keep base, group a has one draw less at base − ½, groups above base − 1.
  const squaresWithout = new Float64Array(groups);
  let fromBelow = 0;
  for (let a = 0; a < groups; a++) {
    squaresWithout[a] = fromBelow + (size[a]! - 1) * (base[a]! - 0.5) ** 2;
    fromBelow += size[a]! * base[a]! ** 2;
  }
  let fromAbove = 0;
  for (let a = groups - 1; a >= 0; a--) {
    squaresWithout[a]! += fromAbove;
    fromAbove += size[a]! * (base[a]! - 1) ** 2;
  }
  const rankOfUnit = new Float64Array(n);
  for (let j = 0; j < n; j++) rankOfUnit[j] = base[groupOf[j]!]!;
  return { groupOf, groups, rankOfUnit, squaresWithout };
}

function sumsByGroup(groupOf: Int32Array, groups: number, values: Float64Array): Float64Array {
  const sums = new Float64Array(groups);
  for (let j = 0; j < groupOf.length; j++) sums[groupOf[j]!]! += values[j]!;
  return sums;
}

/** For each group, the sum over the groups above it. */
function sumsAbove(byGroup: Float64Array): Float64Array {
  const above = new Float64Array(byGroup.length);
  for (let g = byGroup.length - 2; g >= 0; g--) above[g] = above[g + 1]! + byGroup[g + 1]!;
  return above;
}

/**
 * For each unit i, how many units lie in its x group and y group (itself included), in its x group and
 * above its y group, above its x group and in its y group, above both.
 */
function quadrantCounts(x: TieGroups, y: TieGroups): QuadrantCounts {
  // Few groups on one side (mean ratings take a few dozen values): a table of every pair of groups is then
  // smaller than the units' work in a tree, and its sums are read without one.
  return x.groups * y.groups <= TABLE_CELLS_PER_UNIT * x.groupOf.length
    ? quadrantCountsByTable(x, y)
    : quadrantCountsByTree(x, y);
}

interface QuadrantCounts {
  sameSame: Int32Array;
  sameAbove: Int32Array;
  aboveSame: Int32Array;
  aboveAbove: Int32Array;
}

/** Most cells per unit of the table of group pairs quadrantCountsByTable builds. */
const TABLE_CELLS_PER_UNIT = 16;

/**
 * quadrantCounts from the count of units in each pair of groups, summed from the top: at[a][b] = the units
 * whose x group is a or above and whose y group is b or above.
 */
function quadrantCountsByTable(
  { groupOf: xGroupOf, groups: xGroups }: TieGroups,
  { groupOf: yGroupOf, groups: yGroups }: TieGroups,
): QuadrantCounts {
  const n = xGroupOf.length;
  const width = yGroups + 1;
  const atOrAbove = new Int32Array((xGroups + 1) * width);
  for (let j = 0; j < n; j++) atOrAbove[xGroupOf[j]! * width + yGroupOf[j]!]! += 1;
  const inPair = atOrAbove.slice();
  for (let a = xGroups - 1; a >= 0; a--) {
    for (let b = yGroups - 1; b >= 0; b--) {
      const cell = a * width + b;
      atOrAbove[cell]! += atOrAbove[cell + 1]! + atOrAbove[cell + width]! - atOrAbove[cell + width + 1]!;
    }
  }
  const counts: QuadrantCounts = {
    sameSame: new Int32Array(n),
    sameAbove: new Int32Array(n),
    aboveSame: new Int32Array(n),
    aboveAbove: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const cell = xGroupOf[i]! * width + yGroupOf[i]!;
    const bothAbove = atOrAbove[cell + width + 1]!;
    counts.aboveAbove[i] = bothAbove;
    counts.aboveSame[i] = atOrAbove[cell + width]! - bothAbove;
    counts.sameAbove[i] = atOrAbove[cell + 1]! - bothAbove;
    counts.sameSame[i] = inPair[cell]!;
  }
  return counts;
}

/** quadrantCounts with a Fenwick tree over the y groups, x groups visited from the top. */
function quadrantCountsByTree(x: TieGroups, y: TieGroups): QuadrantCounts {
  const { groupOf: xGroupOf, groups: xGroups } = x;
  const { groupOf: yGroupOf, groups: yGroups } = y;
  const n = xGroupOf.length;
  // The units of each x group (counting sort).
  const start = new Int32Array(xGroups + 1);
  for (let j = 0; j < n; j++) start[xGroupOf[j]! + 1]! += 1;
  for (let g = 0; g < xGroups; g++) start[g + 1]! += start[g]!;
  const members = new Int32Array(n);
  const next = start.slice(0, xGroups);
  for (let j = 0; j < n; j++) members[next[xGroupOf[j]!]!++] = j;

  const tree = new FenwickCounts(yGroups);
  const sameSame = new Int32Array(n);
  const sameAbove = new Int32Array(n);
  const aboveSame = new Int32Array(n);
  const aboveAbove = new Int32Array(n);
  // x groups from the top: the tree holds the y groups of the units above the current x group.
  for (let a = xGroups - 1; a >= 0; a--) {
    for (let m = start[a]!; m < start[a + 1]!; m++) {
      const i = members[m]!;
      const b = yGroupOf[i]!;
      aboveAbove[i] = tree.above(b);
      aboveSame[i] = tree.atOrAbove(b) - aboveAbove[i]!;
    }
    for (let m = start[a]!; m < start[a + 1]!; m++) tree.add(yGroupOf[members[m]!]!);
    for (let m = start[a]!; m < start[a + 1]!; m++) {
      const i = members[m]!;
      const b = yGroupOf[i]!;
      const above = tree.above(b);
      sameAbove[i] = above - aboveAbove[i]!;
      sameSame[i] = tree.atOrAbove(b) - above - aboveSame[i]!;
    }
  }
  return { sameSame, sameAbove, aboveSame, aboveAbove };
}

/** Counts of group numbers 0 … size − 1 added so far, with the count above or at-or-above a group in O(log size). */
class FenwickCounts {
  private readonly tree: Int32Array;
  private total = 0;

  constructor(private readonly size: number) {
    this.tree = new Int32Array(size + 1);
  }

  add(group: number): void {
    for (let k = group + 1; k <= this.size; k += k & -k) this.tree[k]! += 1;
    this.total++;
  }

  /** How many added groups are above `group`. */
  above(group: number): number {
    return this.total - this.upTo(group + 1);
  }

  atOrAbove(group: number): number {
    return this.total - this.upTo(group);
  }

  /** How many added groups are below `end`. */
  private upTo(end: number): number {
    let count = 0;
    for (let k = end; k > 0; k -= k & -k) count += this.tree[k]!;
    return count;
  }
}
