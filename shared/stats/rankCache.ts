/**
 * Ranks that several coefficients share. An analysis correlates each metric with every dimension's mean
 * rating on the same outputs, and compares the metrics on them again: Spearman's ρ, Kendall's τ-b, the BCa
 * jackknife and the permutation test all start from each variable's ranks, which are computed once here
 * for each array of values. Keyed by the array itself: an array must not change once it has been ranked.
 */
import { midranks } from './correlation';
import { tieGroups, type TieGroups } from './correlationResamples';

export class RankCache {
  private readonly midranksOf = new Map<ReadonlyArray<number>, number[]>();
  private readonly tieGroupsOf = new Map<ReadonlyArray<number>, TieGroups>();

  /** midranks(values), computed the first time these values are asked for. */
  midranks(values: ReadonlyArray<number>): number[] {
    let ranks = this.midranksOf.get(values);
    if (ranks === undefined) this.midranksOf.set(values, (ranks = midranks(values)));
    return ranks;
  }

  /** tieGroups(values), computed the first time these values are asked for. */
  tieGroups(values: ReadonlyArray<number>): TieGroups {
    let groups = this.tieGroupsOf.get(values);
    if (groups === undefined) this.tieGroupsOf.set(values, (groups = tieGroups(values)));
    return groups;
  }
}
