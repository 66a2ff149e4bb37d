/**
 * The Bradley–Terry benchmark (part of `npm run bench`): 7 models × 2,000 pairwise judgements (400 items,
 * 5 pairs each, 15 % ties, strengths spread over ±0.9), fitted once (the floor), with 1,000 percentile
 * bootstrap resamples over items (the library alone), and as `analyze` runs it: the whole pairwise section
 * of the analysis (strengths and the 21 P(beats) intervals through UnitBootstrap, in this thread). Printed
 * as the ratio of medians over repeats.
 */
import { analyzeTidyRatings, PAIRWISE_DIMENSION, type PairwiseJudgementRow } from '../../shared/analysis';
import { createPrng } from '../../shared/prng';
import { bradleyTerry, bradleyTerryBootstrap, type PairwiseJudgement } from '../../shared/stats';
import { linearQuantileSorted } from '../../shared/stats/bootstrap';

const MODELS = 7;
const ITEMS = 400;
const PAIRS_PER_ITEM = 5;
const RESAMPLES = 1000;
const REPEATS = 5;

function benchJudgements(): PairwiseJudgement[] {
  const prng = createPrng(22);
  const strength = Array.from({ length: MODELS }, (_, model) => 0.9 - 0.3 * model);
  const judgements: PairwiseJudgement[] = [];
  for (let unit = 0; unit < ITEMS; unit++) {
    for (let pair = 0; pair < PAIRS_PER_ITEM; pair++) {
      const a = prng.nextInt(MODELS);
      const b = (a + 1 + prng.nextInt(MODELS - 1)) % MODELS;
      const beatsB = 1 / (1 + Math.exp(strength[b]! - strength[a]!));
      const scoreA = prng.nextFloat() < 0.15 ? 0.5 : prng.nextFloat() < beatsB ? 1 : 0;
      judgements.push({ unit, a, b, scoreA });
    }
  }
  return judgements;
}

function medianSeconds(work: () => unknown, repeats: number): number {
  const seconds: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    work();
    seconds.push((performance.now() - started) / 1000);
  }
  return linearQuantileSorted(
    seconds.sort((x, y) => x - y),
    0.5,
  );
}

/** The judgements as the tidy rows `analyze` reads: one rater, no bins, so the section is one summary. */
function asTidyRows(judgements: ReadonlyArray<PairwiseJudgement>): PairwiseJudgementRow[] {
  const model = (index: number) => `model-${index}`;
  return judgements.map(({ unit, a, b, scoreA }) => ({
    rater: 'r1',
    itemId: `item-${unit}`,
    bin: null,
    dimension: PAIRWISE_DIMENSION,
    modelA: model(a),
    modelB: model(b),
    value: scoreA === 0.5 ? 'tie' : model(scoreA === 1 ? a : b),
    bothUnacceptable: false,
  }));
}

export function benchBradleyTerry(): void {
  const judgements = benchJudgements();
  const pairwise = asTidyRows(judgements);
  // One plain fit takes under a millisecond: timed over 100 fits, then divided.
  const plain =
    medianSeconds(() => {
      for (let i = 0; i < 100; i++) bradleyTerry(MODELS, judgements);
    }, REPEATS) / 100;
  const withBootstrap = medianSeconds(
    () => bradleyTerryBootstrap(MODELS, ITEMS, judgements, { resamples: RESAMPLES, prng: createPrng(1) }),
    REPEATS,
  );
  const inAnalysis = medianSeconds(() => analyzeTidyRatings([], { bootstrap: RESAMPLES, seed: 1, pairwise }), REPEATS);
  console.log(
    `Bradley–Terry: ${MODELS} models × ${judgements.length.toLocaleString('en')} judgements, ${REPEATS} repeats`,
  );
  console.log(`  plain fit (floor):          median ${(plain * 1000).toFixed(3)} ms`);
  console.log(`  fit + ${RESAMPLES} resamples:       median ${withBootstrap.toFixed(3)} s`);
  console.log(
    `  ratio to the plain fit: ${(withBootstrap / plain).toFixed(0)}× (${RESAMPLES + 1} fits would be ${RESAMPLES + 1}×)`,
  );
  console.log(`  analyze, pairwise section:  median ${inAnalysis.toFixed(3)} s`);
  console.log(
    `  ratio to the plain fit: ${(inAnalysis / plain).toFixed(0)}× (one refit per resample for the 7 strengths and 21 P(beats))`,
  );
}
