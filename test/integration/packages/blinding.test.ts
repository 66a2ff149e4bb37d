/**
 * What a package shows of the plan is drawn from the plan's secret, not from anything public: two studies
 * made from identical inputs and seeds get unrelated orders and A/B positions, package order carries no
 * trace of the master's (model, bin, score) order over many plans, task ids carry none either, and the
 * secret itself is in no package (every cell, every decrypted page) and no export.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { readPackageTasks } from '../../../db/package-file';
import { readPlanSecret } from '../../../db/plan';
import { writeStudyReport } from '../../../electron/services/analysis';
import { EXPORT_FORMATS, EXPORT_WHAT } from '../../../electron/services/export-kinds';
import { exportTable } from '../../../electron/services/exporter';
import { mergePackages } from '../../../electron/services/merge';
import { addRaters, assignRaters } from '../../../electron/services/plan';
import { describePlan } from '../../../electron/cli/commands/assign';
import { fixedClock } from '../engine/helpers';
import {
  createSeededStudy,
  openPackageFile,
  PACKAGE_PASSPHRASE,
  packagePassphraseOf,
  ratingValues,
  type SeededStudy,
} from '../session/fixture';
import { expectNoneOf, expectPackageFreeOf, secretForms } from './blinding-checks';
import {
  kendallTau,
  nullTauVariance,
  packFile,
  PLAN_SEED,
  plannedTasks,
  RATERS,
  sampledStudy,
  type PlannedTask,
} from './sampled-study';

const assign = (db: StudyDb, secret?: Uint8Array) =>
  assignRaters(db, { raters: RATERS, seed: PLAN_SEED, replace: true, secret, clock: fixedClock });

/** A package's tasks as the rater sees them: texts in order, and for a pair which text is shown first. */
function shownTasks(path: string, passphrase = PACKAGE_PASSPHRASE) {
  const db = openStudyDatabase(path, passphrase, { kind: 'package' });
  try {
    return readPackageTasks(db).map((t) => ({
      kind: t.kind,
      text: `${t.question} ${[t.answerA, t.answerB].sort().join(' ')}`,
      first: t.answerA,
    }));
  } finally {
    db.close();
  }
}

/** One rater's package from each of two studies made from identical inputs, sampled and planned with the same seeds. */
async function packedInTwoStudies(rater: string, plan: (db: StudyDb) => void) {
  const one = await sampledStudy();
  const two = await sampledStudy();
  const packed = (study: typeof one) => {
    plan(study.db);
    return shownTasks(packFile(study.db, study.folder, rater), packagePassphraseOf(rater));
  };
  return { one, a: packed(one), b: packed(two) };
}

describe('the order of a package', () => {
  it('is drawn afresh for two studies made from identical inputs with the same seeds', async () => {
    const { a, b } = await packedInTwoStudies('Dr Ada', (db) => assign(db));
    expect(a.map((t) => t.text).sort()).toEqual(b.map((t) => t.text).sort());
    for (const kind of ['rating', 'preference'] as const) {
      const mine = a.filter((t) => t.kind === kind);
      const theirs = b.filter((t) => t.kind === kind);
      const placeInB = new Map(theirs.map((t, i) => [t.text, i]));
      expect(mine.length).toBe(48);
      // |τ| ≥ 0.5 between two independent orders of 48 has probability below 10^-6.
      expect(
        Math.abs(
          kendallTau(
            mine.map((_, i) => i),
            mine.map((t) => placeInB.get(t.text)!),
          ),
        ),
      ).toBeLessThan(0.5);
    }
    const firstInB = new Map(b.map((t) => [t.text, t.first]));
    const pairs = a.filter((t) => t.kind === 'preference');
    const sameFirst = pairs.filter((t) => firstInB.get(t.text) === t.first).length;
    // Binomial(48, ½): outside 6..42 with probability below 10^-8.
    expect(sameFirst).toBeGreaterThanOrEqual(6);
    expect(sameFirst).toBeLessThanOrEqual(42);
  });

  it('is drawn from the plan secret for a rater added later too, also to a plan made before secrets', async () => {
    const { one, a, b } = await packedInTwoStudies('Dr Cy', (db) => {
      assign(db);
      addRaters(db, ['Dr Cy'], fixedClock);
    });
    const [textsA, textsB] = [a.map((t) => t.text), b.map((t) => t.text)];
    expect(textsA.length).toBeGreaterThan(40);
    expect(textsA).not.toEqual(textsB);
    expect([...textsA].sort()).toEqual([...textsB].sort());

    one.db.prepare('UPDATE assignment_plan SET secret = NULL').run();
    addRaters(one.db, ['Dr Dee'], fixedClock);
    expect(readPlanSecret(one.db)).toHaveLength(32);
  });

  it('is uncorrelated with the master (model, bin, score) rank over 60 plans of one study and one seed (Kendall τ)', async () => {
    const { db, folder } = await sampledStudy();
    const taus: Record<'rating' | 'preference', number[]> = { rating: [], preference: [] };
    let modelFirst = 0;
    let pairs = 0;
    for (let plan = 0; plan < 60; plan++) {
      // Fixed secrets, so the test is deterministic; assign draws them from the OS otherwise.
      assign(db, createHash('sha256').update(`plan ${plan}`).digest());
      if (plan === 0) {
        const packed = shownTasks(packFile(db, folder, 'Dr Ada'));
        expect(packed).toHaveLength(plannedTasks(db, 'Dr Ada').length); // the package is the planned order
      }
      for (const rater of RATERS) {
        const planned = plannedTasks(db, rater);
        for (const kind of ['rating', 'preference'] as const) {
          const ofKind = planned.filter((t: PlannedTask) => t.kind === kind);
          taus[kind].push(
            kendallTau(
              ofKind.map((t) => t.position),
              ofKind.map((t) => t.rank),
            ),
          );
        }
        for (const t of planned.filter((t) => t.kind === 'preference')) {
          pairs++;
          if (t.presentedA === 'model') modelFirst++;
        }
      }
    }
    for (const kind of ['rating', 'preference'] as const) {
      const values = taus[kind];
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
      const expected = nullTauVariance(48);
      expect(Math.abs(mean), `${kind} mean τ`).toBeLessThan(4 * Math.sqrt(expected / values.length));
      // Under independence, variance / expected ~ χ²(119)/119 (standard error 0.13): 0.55..1.6 is beyond 3.4 of them.
      expect(variance / expected, `${kind} τ variance`).toBeGreaterThan(0.55);
      expect(variance / expected, `${kind} τ variance`).toBeLessThan(1.6);
    }
    expect(Math.abs(modelFirst / pairs - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / pairs));
  });

  it('comes from task ids that are not in (model, bin, score) order either', async () => {
    const { db } = await sampledStudy();
    assign(db);
    const tasks = plannedTasks(db, 'Dr Ada').filter((t) => t.qcRole === null);
    const ids = db.prepare('SELECT id, task_id FROM assignments').raw().all() as [string, number][];
    const taskIdOf = new Map(ids);
    for (const kind of ['rating', 'preference'] as const) {
      const ofKind = tasks.filter((t) => t.kind === kind);
      const tau = kendallTau(
        ofKind.map((t) => taskIdOf.get(t.id)!),
        ofKind.map((t) => t.rank),
      );
      expect(Math.abs(tau), kind).toBeLessThan(0.5);
    }
  });
});

describe('cross-task oracles (5 questions, 3 models; preference pairs of questions 1 and 2 from every model)', () => {
  let seeded: SeededStudy;
  afterEach(() => seeded.cleanup());
  const itemsOf = (rater: string, where: string) =>
    seeded.db
      .prepare(
        `SELECT o.item_id FROM assignments a JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id
         JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id WHERE r.name = ? AND ${where}`,
      )
      .pluck()
      .all(rater) as string[];

  it("never puts a reference control on an item of the same rater's preference pairs", () => {
    seeded = createSeededStudy();
    for (let seed = 1; seed <= 10; seed++) {
      assignRaters(seeded.db, {
        raters: RATERS,
        seed,
        replace: true,
        qc: { repeats: 0, referenceControls: 2, calibration: 0 },
        clock: fixedClock,
      });
      for (const rater of RATERS) {
        const compared = new Set(itemsOf(rater, `s.task = 'preference'`));
        const controls = itemsOf(rater, `a.qc_role = 'reference_control'`);
        expect(controls).toHaveLength(2);
        expect(
          controls.filter((item) => compared.has(item)),
          `${rater}, seed ${seed}`,
        ).toEqual([]);
      }
    }
  });

  it('gives a rater one pair per question where another rater can take the others, and warns with a count where not', () => {
    seeded = createSeededStudy();
    const spread = assignRaters(seeded.db, {
      raters: ['Dr Ada', 'Dr Bob', 'Dr Cy'],
      overlap: 1,
      seed: 5,
      clock: fixedClock,
    });
    for (const rater of ['Dr Ada', 'Dr Bob', 'Dr Cy']) {
      const items = itemsOf(rater, `s.task = 'preference'`);
      expect(new Set(items).size, rater).toBe(items.length);
    }
    expect(spread.warnings).toEqual([]);
    expect(describePlan(spread)).not.toContain('Warning');

    // Both raters rate every output: each has all three pairs of both questions, 2 × 2 repeated per rater.
    const together = assignRaters(seeded.db, { raters: RATERS, seed: 5, replace: true, clock: fixedClock });
    expect(together.warnings).toEqual([
      "8 preference tasks show their rater an item already compared in another: the repeated reference text tells which answer is the model's. No swap with another rater keeps every output's raters and each rater's share of every stratum; a lower overlap, or fewer models per item in the preference sample, avoids it.",
    ]);
    expect(describePlan(together).split('\n').at(-1)).toBe(`Warning: ${together.warnings[0]}`);
  });
});

describe('the plan secret', () => {
  it('is in no package (every cell, every decrypted page) and no export, report or audit entry', async () => {
    const { db, folder } = await sampledStudy();
    const summary = assignRaters(db, {
      raters: RATERS,
      seed: PLAN_SEED,
      qc: { repeats: 0.1, referenceControls: 2, calibration: 0 },
      clock: fixedClock,
    });
    const secret = readPlanSecret(db)!;
    expect(secret).toHaveLength(32);
    const path = packFile(db, folder, 'Dr Ada');
    const rater = openPackageFile(path);
    for (const t of rater.session.listAssignments('rating'))
      rater.session.saveRating({ assignmentId: t.assignmentId, values: ratingValues(3), comment: '', durationMs: 900 });
    for (const t of rater.session.listAssignments('preference'))
      rater.session.savePreference({ assignmentId: t.assignmentId, choice: 'B', comment: '', durationMs: 900 });
    rater.close();
    mergePackages(db, [path], () => new Date('2026-03-10T09:00:00.000Z'));

    const forms = secretForms(secret);
    const expectNoSecret = (what: string, bytes: Buffer) => expectNoneOf(forms, what, bytes);
    const cells = expectPackageFreeOf(path, PACKAGE_PASSPHRASE, [{ name: 'the secret', forms }]);
    expect(cells).toBeGreaterThan(500);

    const out = join(folder, 'exports');
    mkdirSync(out);
    for (const what of EXPORT_WHAT)
      for (const format of EXPORT_FORMATS) await exportTable(db, { what, format, out: join(out, `${what}.${format}`) });
    writeStudyReport(db, {
      out: join(out, 'report.html'),
      json: join(out, 'report.json'),
      bootstrap: 0,
      seed: 1,
      clock: fixedClock,
    });
    const written = readdirSync(out);
    expect(written).toHaveLength(EXPORT_FORMATS.length * EXPORT_WHAT.length + 2);
    for (const file of written) expectNoSecret(file, readFileSync(join(out, file)));
    expectNoSecret('the plan summary', Buffer.from(JSON.stringify(summary)));
  });
});
