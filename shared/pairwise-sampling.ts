/**
 * The pairwise sample: items binned by difficulty, each with pairs of the chosen models. Pure: the caller
 * reads the scores and stores the tasks (electron/services/sampler.ts, db/samples.ts).
 */
import { shuffled, type Prng } from './prng';
import { assignQuintileBins, compareCodeUnits, drawStratifiedSample } from './sampling';

/** One model's average automatic score on one item (averageScore over the sample's metrics). */
export interface ModelItemScore {
  itemId: string;
  model: string;
  avgScore: number;
}

export interface PairwiseSampleOptions {
  /** The models compared, at least two, in the order pairs list them. */
  models: ReadonlyArray<string>;
  bins: number;
  perBin: number;
  /** Pairs per item, chosen so that every pair of models occurs equally often (±1); all pairs when absent. */
  pairsPerItem?: number;
  /** Items that may not be drawn (e.g. in another sample, for disjointness). */
  excludedItemIds: ReadonlySet<string>;
  prng: Prng;
}

export interface PairwiseSampledTask {
  itemId: string;
  bin: number;
  /** The item's difficulty: the mean over the chosen models of each model's average score on it. */
  avgScore: number;
  /** The pair, in the order of `models` (which one is shown at A is drawn later, per rater, by assign). */
  first: string;
  second: string;
}

/**
 * Draws `perBin` items from each of `bins` equal-sized difficulty bins (assignQuintileBins, ties by item
 * id) among the items every chosen model answered, then gives the drawn items their pairs (balancedPairs).
 * Tasks come in bin, then difficulty order, an item's pairs together.
 */
export function drawPairwiseSample(
  scores: ReadonlyArray<ModelItemScore>,
  options: PairwiseSampleOptions,
): PairwiseSampledTask[] {
  const { models } = options;
  if (new Set(models).size !== models.length || models.length < 2) {
    throw new RangeError(`A pairwise sample needs at least two different models, got ${models.length}.`);
  }
  const eligible = eligiblePairwiseItems(scores, models);
  const excludedOutputIds = new Set(
    eligible.filter((item) => options.excludedItemIds.has(item.itemId)).map((item) => item.outputId),
  );
  const drawn = drawStratifiedSample(assignQuintileBins(eligible, options.bins), {
    bins: options.bins,
    perBin: options.perBin,
    excludedOutputIds,
    prng: options.prng,
  });
  const pairs = balancedPairs(drawn.length, models.length, options.pairsPerItem, options.prng);
  return drawn.flatMap(({ itemId, bin, avgScore }, item) =>
    pairs[item]!.map(([i, j]) => ({ itemId, bin, avgScore, first: models[i]!, second: models[j]! })),
  );
}

/** An item eligible for a pairwise sample, with its difficulty; `outputId` is its index in item-id order. */
export interface EligibleItem {
  itemId: string;
  outputId: number;
  avgScore: number;
}

/**
 * The items every one of `models` answered (with a score), in item-id order, each with its difficulty:
 * the mean over the models of each model's average score on it.
 */
export function eligiblePairwiseItems(
  scores: ReadonlyArray<ModelItemScore>,
  models: ReadonlyArray<string>,
): EligibleItem[] {
  const chosen = new Set(models);
  const byItem = new Map<string, number[]>();
  for (const { itemId, model, avgScore } of scores) {
    if (!chosen.has(model)) continue;
    const itemScores = byItem.get(itemId) ?? [];
    byItem.set(itemId, itemScores);
    itemScores.push(avgScore);
  }
  return [...byItem]
    .filter(([, itemScores]) => itemScores.length === models.length)
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([itemId, itemScores], index) => ({
      itemId,
      outputId: index,
      avgScore: itemScores.reduce((sum, value) => sum + value, 0) / itemScores.length,
    }));
}

/**
 * K distinct pairs of m models for each of n items, every pair used ⌊nK/P⌋ or ⌈nK/P⌉ times (P = m(m−1)/2).
 * Items take their pairs in turn from rounds, each round a fresh shuffle of all P pairs; an item whose pairs
 * straddle two rounds moves those it already has to the end of the new round, so its pairs stay distinct
 * and every round still holds each pair once. Each pair lists the earlier model first.
 */
export function balancedPairs(
  items: number,
  modelCount: number,
  pairsPerItem: number | undefined,
  prng: Prng,
): Array<Array<[number, number]>> {
  const all: Array<[number, number]> = [];
  for (let i = 0; i < modelCount; i++) for (let j = i + 1; j < modelCount; j++) all.push([i, j]);
  const perItem = pairsPerItem ?? all.length;
  if (!Number.isInteger(perItem) || perItem < 1 || perItem > all.length) {
    throw new RangeError(
      `Pairs per item must be a whole number from 1 to ${all.length} for ${modelCount} models, got ${perItem}.`,
    );
  }
  if (perItem === all.length) return Array.from({ length: items }, () => all.slice());
  let round: Array<[number, number]> = [];
  return Array.from({ length: items }, () => {
    const taken: Array<[number, number]> = [];
    while (taken.length < perItem) {
      if (round.length === 0) {
        const fresh = shuffled(all, prng);
        round = [...fresh.filter((pair) => !taken.includes(pair)), ...fresh.filter((pair) => taken.includes(pair))];
      }
      taken.push(round.shift()!);
    }
    return taken;
  });
}
