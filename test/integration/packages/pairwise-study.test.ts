/**
 * A seven-model pairwise study from sample to tidy export, through the services the CLI and the app use:
 * items binned by difficulty with a balanced set of model pairs, two raters with overlap, packages that
 * show two texts and nothing of their models, a rater's choices saved through the package session, a
 * merge that unblinds them, tidy rows naming the models shown at A and B and the preferred one, and the
 * study's analysis of them: Bradley–Terry strengths in the raters' order, with intervals, and the win matrix.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { analyzeStudy } from '../../../electron/services/analysis';
import { EXPORTS } from '../../../electron/services/exporter';
import { mergePackages } from '../../../electron/services/merge';
import { assignRaters } from '../../../electron/services/plan';
import { drawSample, previewSampleBins } from '../../../electron/services/sampler';
import { startPackageSession } from '../../../electron/services/session';
import type { PreferenceKey } from '../../../shared/domain';
import { decryptPages } from './decrypt-pages';
import { fixedClock, packFor, type OpenPackage, type SeededStudy } from '../session/fixture';
import {
  answerOf,
  everyCellOf,
  MODELS,
  plannedPairs,
  RATERS,
  samplePairwise as sampleOf,
  sevenModelStudy,
} from './pairwise-fixture';

/** Which model wrote a text of the study (the test knows the texts; a rater does not know the mapping). */
function modelOfText(text: string): string {
  const n = Number(/Answer text (\d+):/.exec(text)![1]);
  return MODELS[n % 7]!;
}

/**
 * The rater's rule: the model earlier in MODELS wins, except a tie between models three apart in MODELS (a rule of the
 * pair alone, so the ranking does not depend on the order the plan secret draws); both unacceptable every seventh.
 */
function judge(index: number, answerA: string, answerB: string): { choice: PreferenceKey; both: boolean } {
  const [a, b] = [MODELS.indexOf(modelOfText(answerA)), MODELS.indexOf(modelOfText(answerB))];
  return { choice: Math.abs(a - b) === 3 ? 'T' : a < b ? 'A' : 'B', both: index % 7 === 0 };
}

let study: SeededStudy;
const opened: OpenPackage[] = [];
beforeEach(() => {
  study = sevenModelStudy();
});
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
});

describe('a seven-model pairwise study', () => {
  it('samples items every model answered, binned by difficulty, each pair of models equally often (±1)', () => {
    // A rating sample first: the pairwise sample must leave its items out.
    drawSample(
      study.db,
      { task: 'rating', bins: 2, perBin: 2, metrics: [], seed: 5, disjoint: true, models: ['m-alpaca'] },
      fixedClock,
    );
    const ratedItems = new Set(
      study.db
        .prepare(
          `SELECT o.item_id FROM tasks t JOIN outputs o ON o.id = t.output_id JOIN samples s ON s.id = t.sample_id WHERE s.task = 'rating'`,
        )
        .pluck()
        .all() as string[],
    );
    const summary = sampleOf(study.db, { pairsPerItem: 3 });
    expect(summary.tasks).toBe(5 * 4 * 3);
    const tasks = study.db
      .prepare(
        `SELECT o.item_id AS itemId, o.model AS first, ob.model AS second, t.bin FROM tasks t
         JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id JOIN outputs ob ON ob.id = t.output_b_id
         WHERE s.task = 'pairwise'`,
      )
      .all() as { itemId: string; first: string; second: string; bin: number }[];
    expect(tasks).toHaveLength(60);
    expect(tasks.every((t) => !ratedItems.has(t.itemId))).toBe(true);
    const perPair = new Map<string, number>();
    for (const t of tasks) perPair.set(`${t.first}|${t.second}`, (perPair.get(`${t.first}|${t.second}`) ?? 0) + 1);
    expect(perPair.size).toBe(21);
    // 60 pairs over 21 pairs of models: each ⌊60/21⌋ = 2 or 3 times.
    expect(Math.min(...perPair.values())).toBe(2);
    expect(Math.max(...perPair.values())).toBe(3);
    const perBin = new Map<number, Set<string>>();
    for (const t of tasks) perBin.set(t.bin, (perBin.get(t.bin) ?? new Set()).add(t.itemId));
    expect([...perBin.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...perBin.values()].every((items) => items.size === 4)).toBe(true);
  });

  it("previews the items' difficulty bins as the draw makes them, and how many tasks it will draw", () => {
    const preview = previewSampleBins(study.db, {
      task: 'pairwise',
      bins: 5,
      perBin: 4,
      metrics: [],
      seed: 31,
      disjoint: true,
      models: MODELS,
      pairsPerItem: 3,
    });
    expect(preview.perModel).toHaveLength(1);
    expect(preview.perModel[0]).toMatchObject({
      eligible: 60,
      binSizes: [12, 12, 12, 12, 12],
      drawable: [12, 12, 12, 12, 12],
    });
    expect(preview.tasksPerDrawn).toBe(3);
    expect(sampleOf(study.db, { pairsPerItem: 3 }).tasks).toBe(4 * 5 * preview.tasksPerDrawn);
  });

  it('refuses what cannot be drawn with one line each, storing nothing', () => {
    const samples = () => study.db.prepare('SELECT count(*) FROM samples').pluck().get();
    expect(() => sampleOf(study.db, { models: ['m-alpaca'] })).toThrow(
      'A pairwise sample compares at least two models; 1 chosen.',
    );
    expect(() => sampleOf(study.db, { pairsPerItem: 22 })).toThrow(
      'Pairs per item must be a whole number from 1 to 21 for 7 models, got 22.',
    );
    expect(() =>
      drawSample(
        study.db,
        { task: 'rating', bins: 5, perBin: 1, metrics: [], seed: 1, disjoint: true, pairsPerItem: 2 },
        fixedClock,
      ),
    ).toThrow('Pairs per item apply to pairwise samples only, not to a rating sample.');
    expect(samples()).toBe(0);
    sampleOf(study.db, { pairsPerItem: 2 });
    expect(() => sampleOf(study.db)).toThrow(
      'This study already has a pairwise sample (#1); draw it again as a replacement.',
    );
    expect(samples()).toBe(1);
  });

  it('packs, rates, merges and exports tidy rows naming the models at A and B and the preferred one; the analysis ranks them', () => {
    sampleOf(study.db, { pairsPerItem: 3 });
    assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 8, clock: fixedClock });

    for (const rater of RATERS) {
      const planned = plannedPairs(study.db, rater);
      expect(planned).toHaveLength(20 * 3);
      // Positions balanced per rater: each model at A and at B equally often, ±1.
      const atA = new Map<string, number>();
      const atB = new Map<string, number>();
      for (const p of planned) {
        const [a, b] = p.presentedA === 'first' ? [p.first, p.second] : [p.second, p.first];
        atA.set(a, (atA.get(a) ?? 0) + 1);
        atB.set(b, (atB.get(b) ?? 0) + 1);
      }
      for (const model of MODELS)
        expect(Math.abs((atA.get(model) ?? 0) - (atB.get(model) ?? 0))).toBeLessThanOrEqual(1);
      // The same item's pairs are never next to each other.
      expect(planned.slice(1).every((p, k) => p.itemId !== planned[k]!.itemId)).toBe(true);
    }

    const packages = RATERS.map((rater) => packFor(study, rater));
    opened.push(...packages);
    for (const [r, p] of packages.entries()) {
      // Nothing in the package names a model or an item, in any cell or on any decrypted page.
      const cells = everyCellOf(p.db);
      for (const secret of study.secrets) expect(cells).not.toContain(secret);
      p.close();
      const pages = decryptPages(readFileSync(p.path), p.passphrase).toString('latin1');
      expect(pages).toContain('CREATE TABLE package_meta'); // really decrypted
      for (const secret of study.secrets) expect(pages).not.toContain(secret);

      const reopened = openStudyDatabase(p.path, p.passphrase, { kind: 'package' });
      const session = startPackageSession(reopened, fixedClock);
      const list = session.listAssignments('pairwise');
      expect(list).toHaveLength(60);
      list.forEach((summary, index) => {
        const task = session.getTask(summary.assignmentId);
        if (task.kind !== 'pairwise') throw new Error('expected a pairwise task');
        const { choice, both } = judge(index + r, task.answerA, task.answerB);
        session.savePairwise({
          assignmentId: task.assignmentId,
          choice,
          bothUnacceptable: both,
          comment: '',
          durationMs: 2000,
        });
      });
      reopened.close();
    }

    const merged = mergePackages(
      study.db,
      packages.map((p) => p.path),
      fixedClock,
    );
    expect(merged.map((s) => s.answersAdded)).toEqual([60, 60]);

    const table = EXPORTS.ratings(study.db);
    // The pair's columns follow the older fixed ones (then adjudication's); score columns follow only for rated outputs (none here).
    const atPair = table.columns.indexOf('model_a');
    expect(table.columns.slice(atPair - 1, atPair + 3)).toEqual(['comment', 'model_a', 'model_b', 'both_unacceptable']);
    const rows = [...table.rows];
    expect(rows).toHaveLength(120);
    for (const [r, rater] of RATERS.entries()) {
      const planned = plannedPairs(study.db, rater);
      const mine = rows.filter((row) => row.rater === rater);
      expect(mine).toHaveLength(60);
      planned.forEach((p, index) => {
        const [modelA, modelB] = p.presentedA === 'first' ? [p.first, p.second] : [p.second, p.first];
        const { choice, both } = judge(
          index + r,
          answerOf(0, MODELS.indexOf(modelA)),
          answerOf(0, MODELS.indexOf(modelB)),
        );
        const row = mine.find((x) => x.item_id === p.itemId && x.model_a === modelA && x.model_b === modelB);
        expect(row).toMatchObject({
          task: 'pairwise',
          dimension: 'pairwise',
          model: null,
          value: choice === 'T' ? 'tie' : choice === 'A' ? modelA : modelB,
          both_unacceptable: both ? 1 : 0,
          duration_ms: 2000,
          presented_position: null,
        });
      });
    }

    // The study's analysis of the merged judgements: the raters prefer the model earlier in MODELS (ties aside).
    const analysis = analyzeStudy(study.db, { bootstrap: 200, seed: 3 });
    const overall = analysis.pairwise!.find((s) => s.dimension === 'pairwise' && s.bin === null)!;
    expect(overall).toMatchObject({ judgements: 120, items: 20, components: [{ models: MODELS, estimable: true }] });
    expect(overall.bradleyTerry.map((s) => s.model)).toEqual(MODELS);
    const logs = overall.bradleyTerry.map((s) => s.logStrength!);
    expect(logs.every((value, k) => k === 0 || value < logs[k - 1]!)).toBe(true);
    expect(Math.abs(logs.reduce((sum, value) => sum + value, 0))).toBeLessThan(1e-9);
    for (const s of overall.bradleyTerry) {
      expect(s.low!).toBeLessThan(s.logStrength!);
      expect(s.high!).toBeGreaterThan(s.logStrength!);
    }
    // The win matrix: every pair of models, with as many judgements as the tidy rows hold for it.
    expect(overall.pairs).toHaveLength(21);
    for (const pair of overall.pairs) {
      const judged = rows.filter(
        (row) => [row.model_a, row.model_b].sort().join('|') === `${pair.model}|${pair.opponent}`,
      );
      expect(pair.wins + pair.ties + pair.losses).toBe(judged.length);
      expect(pair.losses).toBe(judged.filter((row) => row.value === pair.opponent).length);
    }
    expect(analysis.pairwise!.filter((s) => s.dimension === 'pairwise').map((s) => s.bin)).toEqual([
      null,
      1,
      2,
      3,
      4,
      5,
    ]);
  });
});
