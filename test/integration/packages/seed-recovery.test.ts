/**
 * The attack of issue 18 §1, replayed on a small study. Until plans had a secret, a rater's order, A/B draws
 * and hidden-repeat placement came from createPrng(deriveSeed(seed, rater)) and createPrng(deriveSeed(seed,
 * "qc " + rater)) applied to task counts a package shows, so enumerating seeds and re-deriving them found the
 * plan's seed, and with it every A/B position and the (model, bin, score) rank of every task. The attacker here
 * is stronger than a real one: it scores candidates against the true A/B positions (from the master) and the
 * repeat pairs (identical texts in the package). With the plan's secret, the best of 20,001 candidates must be
 * no better than chance.
 */
import { describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { readPackageTasks } from '../../../db/package-file';
import { assignRaters } from '../../../electron/services/plan';
import { createPrng, deriveSeed, shuffled } from '../../../shared/prng';
import type { QcOptions } from '../../../shared/qc/options';
import { planRatingQueue } from '../../../shared/qc/design';
import { fixedClock } from '../engine/helpers';
import { PACKAGE_PASSPHRASE } from '../session/fixture';
import { kendallTau, packFile, PLAN_SEED, plannedTasks, RATERS, sampledStudy } from './sampled-study';
import { upperTail } from './seed-search';

const CANDIDATE_SEEDS = 20_001;
const QC: QcOptions = { repeats: 0.2, referenceControls: 0, calibration: 0 };
const RATER = 'Dr Ada';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The derivation plans used before they had a secret, from the seed and what a package shows (its rater's
 * name and task counts): for each rating position, the task's index in task-id order; for each preference
 * position, whether the model's answer is A; and the (first showing, repeat) position pairs.
 */
function derive(seed: number, ratings: number, preferences: number) {
  const prng = createPrng(deriveSeed(seed, RATER));
  const ratingOrder = shuffled(range(ratings), prng);
  const modelFirst = shuffled(range(preferences), prng).map(() => prng.nextInt(2) === 0);
  const queue = planRatingQueue(
    { tasks: ratingOrder, referenceCandidates: [], calibration: [] },
    QC,
    createPrng(deriveSeed(seed, `qc ${RATER}`)),
  );
  const repeatPairs = queue.flatMap((entry, at) =>
    entry.qc === 'repeat' ? [`${entry.firstShowing + 1}-${at + 1}`] : [],
  );
  const idOrderAt = new Map(queue.flatMap((entry, at) => (entry.qc === null ? [[at + 1, entry.task] as const] : [])));
  return { modelFirst, repeatPairs, idOrderAt };
}

describe('enumerating plan seeds against a package', () => {
  it('finds nothing better than chance: no A/B positions, no repeat placement, no rank', async () => {
    const { db, folder } = await sampledStudy();
    assignRaters(db, { raters: RATERS, seed: PLAN_SEED, qc: QC, clock: fixedClock });
    const path = packFile(db, folder, RATER);
    const packageDb = openStudyDatabase(path, PACKAGE_PASSPHRASE, { kind: 'package' });
    const shown = readPackageTasks(packageDb);
    packageDb.close();

    // What the package shows: task counts, and the hidden repeats by their identical texts.
    const ratingTexts = shown.filter((t) => t.kind === 'rating').map((t) => `${t.question} ${t.answerA}`);
    const repeatsSeen = new Set(
      ratingTexts.flatMap((text, i) => {
        const first = ratingTexts.indexOf(text);
        return first < i ? [`${first + 1}-${i + 1}`] : [];
      }),
    );
    const ratings = ratingTexts.length - repeatsSeen.size;
    const preferences = shown.length - ratingTexts.length;
    expect([ratings, preferences, repeatsSeen.size]).toEqual([48, 48, 10]);
    // The truth, from the master.
    const planned = plannedTasks(db, RATER);
    const modelFirstTruth = planned.filter((t) => t.kind === 'preference').map((t) => t.presentedA === 'model');

    let best = { seed: -1, ab: -1 };
    let mostRepeats = 0;
    for (let seed = 0; seed < CANDIDATE_SEEDS; seed++) {
      const candidate = derive(seed, ratings, preferences);
      const ab = candidate.modelFirst.filter((first, i) => first === modelFirstTruth[i]).length;
      if (ab > best.ab) best = { seed, ab };
      mostRepeats = Math.max(mostRepeats, candidate.repeatPairs.filter((pair) => repeatsSeen.has(pair)).length);
    }

    // Bonferroni over the candidates: is the best A/B score surprising for 20,001 guesses? (≤ 10^-6 by chance alone.)
    expect
      .soft(CANDIDATE_SEEDS * upperTail(preferences, best.ab), `seed ${best.seed}: ${best.ab}/48 A/B`)
      .toBeGreaterThan(1e-6);
    expect.soft(mostRepeats, 'repeat pairs re-derived').toBeLessThan(repeatsSeen.size);
    // The rank the best candidate implies for each rating task is unrelated to the master's.
    const { idOrderAt } = derive(best.seed, ratings, preferences);
    const ordinary = planned.filter((t) => t.kind === 'rating' && t.qcRole === null);
    const tau = kendallTau(
      ordinary.map((t) => idOrderAt.get(t.position) ?? -1),
      ordinary.map((t) => t.rank),
    );
    expect.soft(Math.abs(tau), 'rank recovered').toBeLessThan(0.5);
  });
});
