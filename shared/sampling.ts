/**
 * The MeDiSumQA sampling protocol (section 3.3.2), as pure functions: average the automatic metrics
 * of each output, split one model's outputs into k equal-sized bins by that average, and draw a fixed
 * number per bin with a seeded PRNG.
 */
import type { Prng } from './prng';

/** Seeds are 31-bit so every platform and the stored value agree (createPrng truncates to 32-bit ints). */
export const MAX_SEED = 2 ** 31 - 1;

/** Mean of the given metrics that the output has; null when it has none of them (not eligible). */
export function averageScore(scores: Readonly<Record<string, number>>, metrics: readonly string[]): number | null {
  let sum = 0;
  let count = 0;
  for (const metric of metrics) {
    const value = scores[metric];
    if (value === undefined) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}

export interface RankableOutput {
  itemId: string;
  avgScore: number;
}

export type Binned<T> = T & {
  /** 1 = lowest average … k = highest. */
  bin: number;
  /** 0-based position in ascending order of average score. */
  rank: number;
};

/** Plain UTF-16 code-unit order, identical on every platform and locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorts one model's outputs ascending by average (ties by item_id, so bins are stable across
 * platforms) and gives bin b the ranks floor((b−1)·n/k) … floor(b·n/k) − 1.
 */
export function assignQuintileBins<T extends RankableOutput>(outputs: readonly T[], bins: number): Binned<T>[] {
  if (!Number.isInteger(bins) || bins < 1)
    throw new RangeError(`The number of bins must be a positive integer, got ${bins}.`);
  const n = outputs.length;
  const sorted = outputs.slice().sort((a, b) => a.avgScore - b.avgScore || compareCodeUnits(a.itemId, b.itemId));
  const result: Binned<T>[] = [];
  for (let bin = 1; bin <= bins; bin++) {
    const first = Math.floor(((bin - 1) * n) / bins);
    const end = Math.floor((bin * n) / bins);
    for (let rank = first; rank < end; rank++) result.push({ ...sorted[rank]!, bin, rank });
  }
  return result;
}

/** A bin cannot supply the requested number of outputs. */
export class BinTooSmallError extends Error {
  constructor(
    readonly bin: number,
    readonly available: number,
    readonly excluded: number,
    readonly perBin: number,
  ) {
    const excludedNote = excluded > 0 ? ` left after excluding ${excluded} already sampled` : '';
    super(`bin ${bin} has ${available} outputs${excludedNote}, fewer than the ${perBin} requested per bin`);
    this.name = 'BinTooSmallError';
  }
}

export interface StratifiedDrawOptions {
  bins: number;
  perBin: number;
  /** Outputs that may not be drawn (e.g. already in the other task's sample, for disjointness). */
  excludedOutputIds: ReadonlySet<number>;
  prng: Prng;
}

/**
 * Draws `perBin` outputs from every bin, without replacement, from one model's binned outputs.
 * Candidates are taken in rank order and chosen by a partial Fisher–Yates shuffle, so the result
 * depends only on the data and the PRNG state. The draw is returned in bin, then rank order.
 */
export function drawStratifiedSample<T extends { outputId: number; bin: number; rank: number }>(
  binned: readonly T[],
  options: StratifiedDrawOptions,
): T[] {
  if (!Number.isInteger(options.perBin) || options.perBin < 1) {
    throw new RangeError(`The number per bin must be a positive integer, got ${options.perBin}.`);
  }
  const drawn: T[] = [];
  for (let bin = 1; bin <= options.bins; bin++) {
    const members = binned.filter((o) => o.bin === bin).sort((a, b) => a.rank - b.rank);
    const candidates = members.filter((o) => !options.excludedOutputIds.has(o.outputId));
    if (candidates.length < options.perBin) {
      throw new BinTooSmallError(bin, candidates.length, members.length - candidates.length, options.perBin);
    }
    for (let i = 0; i < options.perBin; i++) {
      const j = i + options.prng.nextInt(candidates.length - i);
      [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    }
    drawn.push(...candidates.slice(0, options.perBin).sort((a, b) => a.rank - b.rank));
  }
  return drawn;
}
