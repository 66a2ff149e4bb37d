/**
 * Pairwise blinding and merge checks. Which model is shown at A comes from the plan's secret: a search over
 * 4,001 public seeds, re-deriving the positions as a plan without a secret would have (orderPairTasks over
 * the rater's tasks in task-id order, from createPrng(deriveSeed(seed, rater))), and scored against the true
 * positions from the master, does no better than chance. A returned package whose choice is not A, B or T,
 * or whose "both unacceptable" mark is not 0 or 1, is refused with one line, the master unchanged.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { openStudyDatabase } from '../../../db/connection';
import { mergePackages } from '../../../electron/services/merge';
import { assignRaters } from '../../../electron/services/plan';
import { orderPairTasks } from '../../../shared/pairwise-order';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { fixedClock, packFor, type OpenPackage, type SeededStudy } from '../session/fixture';
import { plannedPairs, RATERS, samplePairwise, sevenModelStudy } from './pairwise-fixture';
import { upperTail } from './seed-search';

const CANDIDATE_SEEDS = 4_001;
const PLAN_SEED = 8;

let study: SeededStudy;
const opened: OpenPackage[] = [];
beforeEach(() => {
  study = sevenModelStudy();
  samplePairwise(study.db, { pairsPerItem: 2 });
  assignRaters(study.db, { raters: RATERS, overlap: 2, seed: PLAN_SEED, clock: fixedClock });
});
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
});

/** The rater's pairwise tasks in master task-id order: all a seed search can start from. */
function tasksInIdOrder(db: StudyDb, rater: string) {
  return db
    .prepare(
      `SELECT t.id AS taskId, o.item_id AS itemId, o.model AS first, ob.model AS second
       FROM assignments a JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id
       JOIN outputs o ON o.id = t.output_id JOIN outputs ob ON ob.id = t.output_b_id
       WHERE r.name = ? ORDER BY t.id`,
    )
    .all(rater) as { taskId: number; itemId: string; first: string; second: string }[];
}

describe('pairwise positions', () => {
  it('cannot be re-derived from a public seed: the best of 4,001 candidates is no better than chance', () => {
    const rater = RATERS[0]!;
    const truth = plannedPairs(study.db, rater).map((p) => p.presentedA === 'first');
    expect(truth).toHaveLength(40);
    const tasks = tasksInIdOrder(study.db, rater);
    const byId = new Map(tasks.map((t) => [t.taskId, t]));
    /** Each candidate seed's positions, as a plan without a secret would have drawn them. */
    const candidates = Array.from({ length: CANDIDATE_SEEDS }, (_, seed) =>
      orderPairTasks(tasks, createPrng(deriveSeed(seed, rater))).map(
        ({ taskId, modelA }) => modelA === byId.get(taskId)!.first,
      ),
    );
    const bestAgainst = (positions: readonly boolean[]) => {
      let best = { seed: -1, hits: -1 };
      candidates.forEach((candidate, seed) => {
        const hits = candidate.filter((first, i) => first === positions[i]).length;
        if (hits > best.hits) best = { seed, hits };
      });
      return best;
    };
    // The search works: positions drawn from a public seed in range are found exactly.
    expect(bestAgainst(candidates[1234]!)).toEqual({ seed: 1234, hits: 40 });
    // Against the plan's, it finds nothing: Bonferroni over the candidates (≤ 10^-6 by chance alone).
    const best = bestAgainst(truth);
    expect(CANDIDATE_SEEDS * upperTail(truth.length, best.hits), `seed ${best.seed}: ${best.hits}/40`).toBeGreaterThan(
      1e-6,
    );
  });
});

describe('merging a pairwise package', () => {
  /** Dr Ada's package with every pair chosen, then one stored cell forged with the package key. */
  function forged(sql: string): OpenPackage {
    const p = packFor(study, RATERS[0]!);
    opened.push(p);
    for (const t of p.session.listAssignments('pairwise'))
      p.session.savePairwise({
        assignmentId: t.assignmentId,
        choice: 'A',
        bothUnacceptable: false,
        comment: '',
        durationMs: 900,
      });
    const second = p.session.listAssignments('pairwise')[1]!.assignmentId;
    p.close();
    const db = openStudyDatabase(p.path, p.passphrase, { kind: 'package' });
    // A rater with the key can write what the schema's CHECKs would refuse.
    db.pragma('ignore_check_constraints = ON');
    db.prepare(sql).run(second);
    db.close();
    return p;
  }

  const masterState = () =>
    study.db.prepare('SELECT (SELECT count(*) FROM responses), (SELECT count(*) FROM audit_log)').raw().get();

  it.each([
    ["UPDATE preferences SET choice = 'Q' WHERE task_id = ?", 'pairwise task 2: the choice "Q" is not A, B or tie'],
    [
      'UPDATE preferences SET both_unacceptable = 2 WHERE task_id = ?',
      'pairwise task 2: its "both unacceptable" mark is 2, not 0 or 1',
    ],
  ])('refuses a package where %s, with one line naming the task', (sql, problem) => {
    const p = forged(sql);
    const before = masterState();
    let message = '';
    try {
      mergePackages(study.db, [p.path], fixedClock);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(problem);
    expect(message.split('\n')).toHaveLength(1);
    expect(masterState()).toEqual(before);
  });
});
