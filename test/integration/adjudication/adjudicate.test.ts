/**
 * `adjudicate` packs the disagreements of a merged three-rater study into one package: each disputed output
 * once, its texts as a rating task shows them, the raters' values under "Rater 1…3" in an order drawn per task
 * (the master knows who was whom), or none when hidden; and the package passes the blinding checks of a
 * rater's package (no rater or model name, no item id, score or source, no plan secret).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { readPackageDisputes } from '../../../db/adjudication-package';
import { readPackageMeta, readPackageTasks } from '../../../db/package-file';
import { readPlanSecret } from '../../../db/plan';
import { readAuditChain } from '../../../db/audit';
import { packRaterPackage } from '../../../electron/services/pack';
import { startPackageSession } from '../../../electron/services/session';
import { mergeAdjudicationPackage } from '../../../electron/services/adjudication-merge';
import { findDisputes } from '../../../shared/adjudication/disagreement';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import {
  mergedJudgements,
  packAdjudicationPackage,
  type AdjudicateOptions,
} from '../../../electron/services/adjudication';
import { expectPackageFreeOf, secretForms } from '../packages/blinding-checks';
import { fixedClock, packagePassphraseOf, PASSPHRASE, ratingValues, type SeededStudy } from '../session/fixture';
import { adjudicateAll, RATERS, ratedThreeRaterStudy, raterNames } from './fixture';

/** Each round's package has a passphrase of its own, as adjudicate requires. */
const passphraseOf = (file: string) => `lantern orchard pebble violet ${file}`;
let study: SeededStudy;
// Rating 270 tasks through three sessions takes seconds: one study for all, each test packing its own file.
beforeAll(() => {
  study = ratedThreeRaterStudy();
}, 120_000);
afterAll(() => study.cleanup());

function options(out: string, overrides: Partial<AdjudicateOptions> = {}): AdjudicateOptions {
  return {
    adjudicator: 'Dr E',
    out: join(study.path, '..', out),
    passphrase: passphraseOf(out),
    masterPassphrase: PASSPHRASE,
    showRatings: true,
    thresholds: {},
    clock: fixedClock,
    ...overrides,
  };
}

function openPackage(file: string) {
  return openStudyDatabase(options(file).out, passphraseOf(file), { kind: 'package' });
}

/** The raters' stored values of an output's dimension, by rater id, read behind the blinding. */
function storedValues(outputId: number, dimension: string): Map<number, number | string> {
  const rows = study.db
    .prepare(
      `SELECT a.rater_id, coalesce(r.value, p.outcome) FROM assignments a JOIN tasks t ON t.id = a.task_id
       LEFT JOIN ratings r ON r.assignment_id = a.id AND r.dimension = @dimension
       LEFT JOIN preferences p ON p.assignment_id = a.id AND @dimension = 'preference'
       WHERE t.output_id = @outputId AND a.qc_role IS NULL AND coalesce(r.value, p.outcome) IS NOT NULL`,
    )
    .raw()
    .all({ outputId, dimension }) as [number, number | string][];
  return new Map(rows);
}

/** The master's record of a round's disputes: each task's output, kind and A position, and who was shown where. */
function recordedDisputes(roundId: string) {
  const rows = study.db
    .prepare(
      `SELECT t.id AS taskId, t.output_id AS outputId, t.task_kind AS kind, t.presented_a AS presentedA,
              d.dimension, d.shown_values AS shown
       FROM adjudication_disputes d JOIN adjudication_tasks t ON t.id = d.task_id WHERE t.round_id = ?`,
    )
    .all(roundId) as {
    taskId: string;
    outputId: number;
    kind: string;
    presentedA: string | null;
    dimension: string;
    shown: string;
  }[];
  return rows.map((r) => ({ ...r, shown: JSON.parse(r.shown) as { raterId: number; value: number | string }[] }));
}

/** The side a preference outcome falls on, by what the package shows at A. */
const SIDE_OF_OUTCOME: Record<string, Record<string, string>> = {
  model: { model: 'A', reference: 'B', tie: 'T' },
  reference: { model: 'B', reference: 'A', tie: 'T' },
};

describe('an adjudication package of a three-rater study (90 rating outputs, 6 preference pairs)', () => {
  it('holds every disputed output once, with the raters as Rater 1…3 in an order drawn per task', () => {
    const expected = findDisputes(MEDISUMQA_RUBRIC.dimensions, mergedJudgements(study.db));
    const summary = packAdjudicationPackage(study.db, options('e.blindrate'));
    expect(summary.disputes).toBe(expected.length);
    expect(summary.disputes).toBeGreaterThan(60);
    expect(summary.tasks).toBe(new Set(expected.map((d) => `${d.taskKind}/${d.outputId}`)).size);
    expect(expected.some((d) => d.dimension === 'preference')).toBe(true);

    const file = openPackage('e.blindrate');
    const tasks = readPackageTasks(file);
    const disputes = readPackageDisputes(file);
    expect(readPackageMeta(file, 'package_kind')).toBe('adjudication');
    expect(readPackageMeta(file, 'rater_name')).toBe('Dr E');
    expect(readPackageMeta(file, 'package_id')).toBe(summary.roundId);
    file.close();
    expect(tasks.map((t) => t.position)).toEqual(tasks.map((_, i) => i + 1));
    expect(disputes).toHaveLength(summary.disputes);

    // The master knows which shown rater was whom: the shown values are theirs, in the recorded order (a
    // preference's as its sides: the next test).
    const recorded = recordedDisputes(summary.roundId);
    expect(recorded).toHaveLength(disputes.length);
    const orders = new Set<string>();
    for (const dispute of disputes) {
      const master = recorded.find((r) => r.taskId === dispute.taskId && r.dimension === dispute.dimension)!;
      const stored = storedValues(master.outputId, dispute.dimension);
      expect(master.shown.map((s) => s.value)).toEqual(master.shown.map((s) => stored.get(s.raterId)));
      expect(dispute.shown.map((s) => s.label)).toEqual(master.shown.map((_, i) => `Rater ${i + 1}`));
      if (master.kind === 'rating') expect(dispute.shown.map((s) => s.value)).toEqual(master.shown.map((s) => s.value));
      if (master.shown.length === 3) orders.add(master.shown.map((s) => s.raterId).join(','));
    }
    // All six orders of three raters occur: the order is drawn, not the raters' ids or names.
    expect(orders.size).toBe(6);

    // Each task shows its output's texts; a preference its two answers in the drawn position.
    for (const task of tasks) {
      const master = recorded.find((r) => r.taskId === task.id)!;
      const texts = study.db
        .prepare(
          'SELECT o.text, i.reference, i.question FROM outputs o JOIN items i ON i.item_id = o.item_id WHERE o.id = ?',
        )
        .get(master.outputId) as { text: string; reference: string; question: string };
      expect(task.question).toBe(texts.question);
      if (master.kind === 'rating') expect([task.answerA, task.answerB]).toEqual([texts.text, null]);
      else
        expect([task.answerA, task.answerB]).toEqual(
          master.presentedA === 'model' ? [texts.text, texts.reference] : [texts.reference, texts.text],
        );
    }
    const audit = study.db
      .prepare("SELECT actor, new_value FROM audit_log WHERE action = 'adjudication.issue' AND entity_id = ?")
      .all(summary.roundId) as { actor: string; new_value: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('coordinator');
    expect(JSON.parse(audit[0]!.new_value)).toMatchObject({
      adjudicator: 'Dr E',
      tasks: summary.tasks,
      disputes: summary.disputes,
      showsRatings: true,
      thresholds: { likert: 2, ordinal: 1, binary: null, nominal: null },
    });
  });

  it("shows each rater's preference as the side, A, B or T, of the package's own drawn A position", () => {
    // The A position is drawn per round: three rounds give both positions on some of their preference tasks.
    const atA = new Set<string>();
    for (const out of ['sides-1.blindrate', 'sides-2.blindrate', 'sides-3.blindrate']) {
      const { roundId } = packAdjudicationPackage(study.db, options(out));
      const file = openPackage(out);
      const tasks = readPackageTasks(file);
      const disputes = readPackageDisputes(file).filter((d) => d.dimension === 'preference');
      file.close();
      expect(disputes.length).toBe(
        findDisputes(MEDISUMQA_RUBRIC.dimensions, mergedJudgements(study.db)).filter(
          (d) => d.dimension === 'preference',
        ).length,
      );
      expect(disputes.length).toBeGreaterThan(2);
      const recorded = recordedDisputes(roundId);
      for (const dispute of disputes) {
        const master = recorded.find((r) => r.taskId === dispute.taskId && r.dimension === 'preference')!;
        // Which answer the package shows at A, read from its own texts, not from the master's record.
        const modelText = study.db.prepare('SELECT text FROM outputs WHERE id = ?').pluck().get(master.outputId);
        const shownAtA = tasks.find((t) => t.id === dispute.taskId)!.answerA === modelText ? 'model' : 'reference';
        atA.add(shownAtA);
        const stored = storedValues(master.outputId, 'preference');
        expect(dispute.shown).toEqual(
          master.shown.map((s, i) => ({
            label: `Rater ${i + 1}`,
            value: SIDE_OF_OUTCOME[shownAtA]![stored.get(s.raterId) as string],
          })),
        );
      }
    }
    expect([...atA].sort()).toEqual(['model', 'reference']);
  });

  it('passes the blinding checks of a rater package: no rater or model name, item id, score, source or plan secret', () => {
    const out = options('checked.blindrate').out;
    packAdjudicationPackage(study.db, options('checked.blindrate'));
    const names = (list: readonly string[]) => list.map((s) => Buffer.from(s));
    const cells = expectPackageFreeOf(out, passphraseOf('checked.blindrate'), [
      { name: 'the plan secret', forms: secretForms(readPlanSecret(study.db)!) },
      { name: 'a rater name', forms: names([...RATERS, 'Ada', 'Bob', 'Cy']) },
      { name: 'a model name, item id, score or source', forms: names(study.secrets) },
    ]);
    expect(cells).toBeGreaterThan(500);
    // No shown value says which answer is the reference: a preference's prior values are sides, not outcomes.
    const file = openPackage('checked.blindrate');
    const shownValues = readPackageDisputes(file).flatMap((d) => d.shown.map((s) => String(s.value)));
    file.close();
    expect(shownValues.length).toBeGreaterThan(100);
    expect(shownValues.filter((v) => /model|reference/i.test(v))).toEqual([]);
  });

  it('shows no rater values when the round hides them, and takes its thresholds', () => {
    const wide = packAdjudicationPackage(
      study.db,
      options('blind.blindrate', { showRatings: false, thresholds: { likert: 3 } }),
    );
    const file = openPackage('blind.blindrate');
    const disputes = readPackageDisputes(file);
    file.close();
    expect(disputes.every((d) => d.shown.length === 0)).toBe(true);
    expect(wide.disputes).toBe(
      findDisputes(MEDISUMQA_RUBRIC.dimensions, mergedJudgements(study.db), { likert: 3 }).length,
    );
    expect(wide.disputes).toBeLessThan(findDisputes(MEDISUMQA_RUBRIC.dimensions, mergedJudgements(study.db)).length);
  });

  it('refuses a rater as adjudicator, a passphrase of the master or of a rater package, and a threshold on binary, writing nothing', () => {
    const rounds = study.db.prepare('SELECT count(*) FROM adjudication_rounds').pluck().get();
    const refusals: [Partial<AdjudicateOptions>, string][] = [
      [{ adjudicator: 'dr bob' }, 'dr bob is a rater of this study: an adjudicator settles the raters'],
      [
        { passphrase: PASSPHRASE },
        "The package passphrase is the master study's own: its adjudicator Dr E could open the master. Choose another one.",
      ],
      [
        { passphrase: packagePassphraseOf('Dr Cy') },
        "The package passphrase was already given to rater Dr Cy's package: each holder needs their own, or adjudicator Dr E could open it. Choose another one.",
      ],
      [
        { thresholds: { binary: 1 } },
        'The disagreement threshold is refused: binary dimensions dispute on any difference',
      ],
      [{ adjudicator: '  ' }, 'The adjudicator name is empty.'],
    ];
    for (const [override, message] of refusals) {
      expect(() => packAdjudicationPackage(study.db, options('refused.blindrate', override))).toThrow(message);
      expect(existsSync(options('refused.blindrate').out)).toBe(false);
    }
    expect(study.db.prepare('SELECT count(*) FROM adjudication_rounds').pluck().get()).toBe(rounds);
    expect(raterNames(study.db).size).toBe(3);
  });

  it("leaves its passphrase to its adjudicator alone: a rater's package may not take it, their next round may", () => {
    packAdjudicationPackage(study.db, options('own.blindrate'));
    const again = packAdjudicationPackage(study.db, {
      ...options('own-again.blindrate'),
      passphrase: passphraseOf('own.blindrate'),
    });
    expect(study.db.prepare('SELECT passphrase FROM adjudication_rounds WHERE id = ?').pluck().get(again.roundId)).toBe(
      passphraseOf('own.blindrate'),
    );
    expect(() =>
      packRaterPackage(study.db, {
        rater: 'Dr Ada',
        out: join(study.path, '..', 'ada-again.blindrate'),
        passphrase: passphraseOf('own.blindrate'),
        masterPassphrase: PASSPHRASE,
        clock: fixedClock,
      }),
    ).toThrow(
      "The package passphrase was already given to adjudicator Dr E's package: each holder needs their own, or rater Dr Ada could open it. Choose another one.",
    );
  });
});

describe("the adjudicator's session in the package", () => {
  it('asks for the disputed dimensions only, shows the raters as the package holds them, and keeps reason and guideline gap in the audit', () => {
    packAdjudicationPackage(study.db, options('session.blindrate'));
    const file = openPackage('session.blindrate');
    const session = startPackageSession(file, fixedClock);
    const [first] = session.listAssignments('rating');
    const task = session.getTask(first!.assignmentId);
    const disputed = task.adjudication!.map((d) => d.dimension);
    expect(disputed.length).toBeGreaterThan(0);
    expect(task.adjudication![0]!.shown.map((s) => s.label)).toEqual(
      task.adjudication![0]!.shown.map((_, i) => `Rater ${i + 1}`),
    );
    const undisputed = MEDISUMQA_RUBRIC.dimensions.map((d) => d.key).find((k) => !disputed.includes(k))!;
    const finalValues = Object.fromEntries(disputed.map((k) => [k, k === 'safety' ? 0 : 3]));
    const save = (values: Record<string, number>, marks?: Record<string, { reason: never; guidelineGap: boolean }>) =>
      session.saveRating({ assignmentId: task.assignmentId, values, comment: '', durationMs: 5000, marks });

    expect(() => save({ ...finalValues, [undisputed]: 1 })).toThrow(`${undisputed}: not disputed in this task`);
    expect(() => save({})).toThrow(/choose the final value/);
    expect(() => save(finalValues, { [disputed[0]!]: { reason: 'boredom' as never, guidelineGap: false } })).toThrow(
      '"boredom" is not a reason',
    );
    save(finalValues, { [disputed[0]!]: { reason: 'rubric_ambiguity' as never, guidelineGap: true } });

    const saved = session.getTask(task.assignmentId);
    expect(saved.kind === 'rating' && saved.values).toEqual(finalValues);
    expect(saved.adjudication!.find((d) => d.dimension === disputed[0])).toMatchObject({
      reason: 'rubric_ambiguity',
      guidelineGap: true,
    });
    const last = [...readAuditChain(file)].at(-1)!;
    expect(JSON.parse(last.newValue!)).toMatchObject({
      values: finalValues,
      marks: { [disputed[0]!]: { reason: 'rubric_ambiguity', guidelineGap: true } },
    });
    file.close();
  });

  it("refuses marks in a rater's package", () => {
    const path = join(study.path, '..', 'Dr-Ada.blindrate');
    const file = openStudyDatabase(path, packagePassphraseOf('Dr Ada'), { kind: 'package' });
    const session = startPackageSession(file, fixedClock);
    const [first] = session.listAssignments('rating');
    expect(session.getTask(first!.assignmentId).adjudication).toBeUndefined();
    expect(() =>
      session.saveRating({
        assignmentId: first!.assignmentId,
        values: ratingValues(3),
        comment: '',
        durationMs: 1000,
        marks: { factuality: { reason: 'error', guidelineGap: false } },
      }),
    ).toThrow('Reasons and guideline gaps are given in an adjudication package only.');
    file.close();
  });
});

const count = (sql: string) => study.db.prepare(sql).pluck().get() as number;

describe('merging an adjudication package', () => {
  it("refuses a value edited with the package's key, in one line naming the file and task, writing nothing", () => {
    packAdjudicationPackage(study.db, options('tampered.blindrate'));
    adjudicateAll(options('tampered.blindrate').out, passphraseOf('tampered.blindrate'));
    const db = openPackage('tampered.blindrate');
    db.prepare("UPDATE ratings SET value = 1 WHERE dimension = 'factuality'").run();
    db.close();
    const audit = count('SELECT count(*) FROM audit_log');
    expect(() => mergeAdjudicationPackage(study.db, options('tampered.blindrate').out, fixedClock)).toThrow(
      /^tampered\.blindrate: rating task \d+: the stored answer differs from the last audited one\.$/,
    );
    expect(count('SELECT count(*) FROM adjudicated_values')).toBe(0);
    expect(count('SELECT count(*) FROM audit_log')).toBe(audit);
  });

  it('writes every final value with its reason and guideline gap; a preference as the outcome behind its drawn A', () => {
    const round = packAdjudicationPackage(study.db, options('settled.blindrate'));
    adjudicateAll(options('settled.blindrate').out, passphraseOf('settled.blindrate'));
    const summary = mergeAdjudicationPackage(study.db, options('settled.blindrate').out, fixedClock);
    expect(summary).toMatchObject({
      adjudicator: 'Dr E',
      settled: round.disputes,
      disputes: round.disputes,
      locked: true,
    });
    const rows = study.db
      .prepare(
        `SELECT t.task_kind AS kind, t.presented_a AS presentedA, v.dimension, v.value, v.outcome, v.reason, v.guideline_gap AS gap
         FROM adjudicated_values v JOIN adjudication_tasks t ON t.id = v.task_id WHERE t.round_id = ?`,
      )
      .all(round.roundId) as {
      kind: string;
      presentedA: string | null;
      dimension: string;
      value: number | null;
      outcome: string | null;
      reason: string | null;
      gap: number;
    }[];
    expect(rows).toHaveLength(round.disputes);
    for (const row of rows) {
      if (row.kind === 'preference') expect([row.value, row.outcome]).toEqual([null, row.presentedA]);
      else expect(row.value).toBe(row.dimension === 'safety' ? 1 : 3);
    }
    expect(rows.filter((r) => r.reason === 'error').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.gap === 1).length).toBeGreaterThan(0);
    expect(count("SELECT count(*) FROM audit_log WHERE action = 'adjudication.merge'")).toBe(1);
  });
});
