/**
 * An adjudication round on pairwise comparisons from start to end: seven models, 20 items with two pairs
 * each, a rubric asking two pairwise aspects; three raters judge every pair through their packages, which
 * are merged; `adjudicate` packs the split pairs (the overall choice and each aspect, any difference); the
 * adjudicator settles every other task; the package is merged; the tidy export states each pair and
 * dimension's provenance with the adjudicated model beside the raters' choices; the Bradley–Terry figures
 * read the final choices under `adjudicated` while agreement stays on the raters' own; the report counts
 * the pairwise disputes apart from the rating dimensions of the same key.
 *
 * The expected disputes and final values are worked out here from the stored letters and A positions with
 * the documented rules, not through shared/adjudication.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { readPackageDisputes } from '../../../db/adjudication-package';
import { readPackageTasks } from '../../../db/package-file';
import { readPlanSecret } from '../../../db/plan';
import { verifyFile } from '../../../electron/cli/audit-verify';
import { mergeAdjudicationPackage } from '../../../electron/services/adjudication-merge';
import { packAdjudicationPackage } from '../../../electron/services/adjudication';
import { previewAdjudication } from '../../../electron/services/adjudication-preview';
import { analyzeStudy, readReportStudy } from '../../../electron/services/analysis';
import { mergePackages } from '../../../electron/services/merge';
import { startPackageSession } from '../../../electron/services/session';
import { readTidyPairwiseRows } from '../../../electron/services/tidy-ratings';
import type { PreferenceKey } from '../../../shared/domain';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { buildReportModel } from '../../../shared/report';
import { expectPackageFreeOf, secretForms } from '../packages/blinding-checks';
import { samplePairwise, sevenModelStudy } from '../packages/pairwise-fixture';
import { assignStudy, fixedClock, packFor, PASSPHRASE, type SeededStudy } from '../session/fixture';

const RATERS = ['Dr Ada', 'Dr Bob', 'Dr Cy'];
const ASPECTS = ['factuality', 'patient_friendliness'];
const RUBRIC: Rubric = { ...MEDISUMQA_RUBRIC, pairwise: { aspects: ASPECTS } };
const DIMENSIONS = ['pairwise', ...ASPECTS];
const OUT = 'pairwise-round.blindrate';
const ROUND_PASSPHRASE = 'lantern orchard pebble violet pairwise';

type Outcome = 'first' | 'second' | 'tie';

function draw(text: string, n: number): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % n;
}

/**
 * A rater's outcome on a pair's dimension: one the pair's texts give every rater, changed by one rater in
 * three (so some pairs split and others agree, whatever order the packages show them in).
 */
function outcomeOf(rater: string, texts: readonly [string, string], dimension: string): Outcome {
  const pair = [...texts].sort().join('\u0000');
  const outcomes: Outcome[] = ['first', 'second', 'tie'];
  const shared = draw(`${pair}\u0000${dimension}`, 3);
  const own = draw(`${pair}\u0000${dimension}\u0000${rater}`, 3) === 0 ? draw(`${rater}${pair}`, 3) : shared;
  // "first" here is the text that sorts first, so the outcome does not depend on the shown order.
  return outcomes[own]!;
}

/** The letter for an outcome, given which text the package shows at A. */
function letterOf(outcome: Outcome, texts: readonly [string, string], answerA: string): PreferenceKey {
  if (outcome === 'tie') return 'T';
  const preferred = [...texts].sort()[outcome === 'first' ? 0 : 1];
  return preferred === answerA ? 'A' : 'B';
}

let study: SeededStudy;
let roundId: string;
const outPath = () => join(study.path, '..', OUT);

function rateAndMerge(): void {
  const paths = RATERS.map((rater) => {
    const pkg = packFor(study, rater);
    for (const summary of pkg.session.listAssignments('pairwise')) {
      const task = pkg.session.getTask(summary.assignmentId);
      if (task.kind !== 'pairwise') throw new Error('a pairwise task was expected');
      const texts = [task.answerA, task.answerB] as const;
      const choice = (dimension: string) => letterOf(outcomeOf(rater, texts, dimension), texts, task.answerA);
      pkg.session.savePairwise({
        assignmentId: task.assignmentId,
        choice: choice('pairwise'),
        bothUnacceptable: draw(`${rater}${texts.join('')}`, 9) === 0,
        aspects: Object.fromEntries(ASPECTS.map((key) => [key, choice(key)])),
        comment: '',
        durationMs: 12_000,
      });
    }
    pkg.close();
    return pkg.path;
  });
  mergePackages(study.db, paths, fixedClock);
}

interface StoredChoice {
  taskId: number;
  first: number;
  second: number;
  raterId: number;
  dimension: string;
  outcome: Outcome;
}

/** Every merged pairwise choice, its letter undone with the assignment's A position, read behind the blinding. */
function storedChoices(db: StudyDb): StoredChoice[] {
  const rows = db
    .prepare(
      `SELECT t.id AS taskId, t.output_id AS first, t.output_b_id AS second, a.rater_id AS raterId,
              c.dimension, c.choice, a.presented_a AS presentedA
       FROM (SELECT assignment_id, 'pairwise' AS dimension, choice FROM pairwise_choices
             UNION ALL SELECT assignment_id, dimension, choice FROM pairwise_aspect_choices) c
       JOIN assignments a ON a.id = c.assignment_id JOIN tasks t ON t.id = a.task_id`,
    )
    .all() as (Omit<StoredChoice, 'outcome'> & { choice: PreferenceKey; presentedA: 'first' | 'second' })[];
  return rows.map(({ choice, presentedA, ...row }) => ({
    ...row,
    outcome: choice === 'T' ? 'tie' : (choice === 'A') === (presentedA === 'first') ? 'first' : 'second',
  }));
}

/** Pair (first and second output ids) → its disputed dimensions, in the rubric's order, by the rule "any difference". */
function expectedDisputes(db: StudyDb): Map<string, string[]> {
  const outcomes = new Map<string, Set<Outcome>>();
  for (const c of storedChoices(db)) {
    const key = `${c.first}/${c.second}\u0000${c.dimension}`;
    outcomes.set(key, (outcomes.get(key) ?? new Set()).add(c.outcome));
  }
  const disputes = new Map<string, string[]>();
  for (const [key, seen] of outcomes) {
    if (seen.size < 2) continue;
    const [pair, dimension] = key.split('\u0000') as [string, string];
    disputes.set(pair, [...(disputes.get(pair) ?? []), dimension]);
  }
  for (const list of disputes.values()) list.sort((a, b) => DIMENSIONS.indexOf(a) - DIMENSIONS.indexOf(b));
  return disputes;
}

const outputIdsByText = (db: StudyDb) =>
  new Map(db.prepare('SELECT text, id FROM outputs').raw().all() as [string, number][]);

/** The adjudicator settles the tasks `settles` picks: B overall, A on each aspect, a reason on the first row. */
function settleRound(path: string, passphrase: string, settles: (position: number) => boolean): void {
  const db = openStudyDatabase(path, passphrase, { kind: 'package' });
  const session = startPackageSession(db, fixedClock);
  for (const [i, summary] of session.listAssignments('pairwise').entries()) {
    if (!settles(i)) continue;
    const task = session.getTask(summary.assignmentId);
    const rows = task.adjudication!.map((d) => d.dimension);
    session.savePairwise({
      assignmentId: task.assignmentId,
      choice: rows.includes('pairwise') ? 'B' : null,
      bothUnacceptable: null,
      aspects: Object.fromEntries(rows.filter((d) => d !== 'pairwise').map((d) => [d, 'A'])),
      comment: '',
      durationMs: 5000,
      marks: { [rows[0]!]: { reason: 'clinical_disagreement', guidelineGap: i % 4 === 0 } },
    });
  }
  session.lock();
  db.close();
}

beforeAll(() => {
  study = sevenModelStudy(RUBRIC);
  samplePairwise(study.db, { pairsPerItem: 2 });
  assignStudy(study, RATERS, 3);
  rateAndMerge();
  roundId = packAdjudicationPackage(study.db, {
    adjudicator: 'Dr E',
    out: outPath(),
    passphrase: ROUND_PASSPHRASE,
    masterPassphrase: PASSPHRASE,
    showRatings: true,
    thresholds: {},
    clock: fixedClock,
  }).roundId;
}, 180_000);
afterAll(() => study.cleanup());

describe('an adjudication package of pairwise splits (3 raters, 40 pairs, 2 aspects)', () => {
  it('holds each split pair once, its two answers, asking exactly its split dimensions', () => {
    const expected = expectedDisputes(study.db);
    expect(expected.size).toBeGreaterThan(10);
    expect(expected.size).toBeLessThan(40);
    const byText = outputIdsByText(study.db);
    const file = openStudyDatabase(outPath(), ROUND_PASSPHRASE, { kind: 'package' });
    const disputes = readPackageDisputes(file);
    const tasks = readPackageTasks(file);
    file.close();
    const pairs = study.db
      .prepare('SELECT output_id, output_b_id FROM tasks WHERE output_b_id IS NOT NULL')
      .raw()
      .all() as [number, number][];
    const pairOf = new Map(
      pairs.flatMap(([a, b]) => [
        [`${a}/${b}`, `${a}/${b}`],
        [`${b}/${a}`, `${a}/${b}`],
      ]),
    );
    const packed = new Map(
      tasks.map((task) => {
        expect(task.kind).toBe('pairwise');
        const pair = pairOf.get(`${byText.get(task.answerA)}/${byText.get(task.answerB!)}`)!;
        return [pair, disputes.filter((d) => d.taskId === task.id).map((d) => d.dimension)];
      }),
    );
    expect(packed).toEqual(expected);
    expect(previewAdjudication(study.db, {}).tasks).toBe(expected.size);
  });

  it("shows each rater's choice as the side, A, B or T, of the package's own drawn A position", () => {
    const byText = outputIdsByText(study.db);
    const file = openStudyDatabase(outPath(), ROUND_PASSPHRASE, { kind: 'package' });
    const tasks = new Map(readPackageTasks(file).map((t) => [t.id, t]));
    const disputes = readPackageDisputes(file);
    file.close();
    const choices = storedChoices(study.db);
    const atA = new Set<boolean>();
    for (const dispute of disputes) {
      const task = tasks.get(dispute.taskId)!;
      const [a, b] = [byText.get(task.answerA)!, byText.get(task.answerB!)!];
      const firstAtA = choices.some((c) => c.first === a && c.second === b);
      atA.add(firstAtA);
      const sideOf = (o: Outcome) => (o === 'tie' ? 'T' : (o === 'first') === firstAtA ? 'A' : 'B');
      const raters = choices.filter(
        (c) =>
          c.dimension === dispute.dimension &&
          new Set([c.first, c.second]).has(a) &&
          new Set([c.first, c.second]).has(b),
      );
      expect(dispute.shown.map((s) => s.label)).toEqual(['Rater 1', 'Rater 2', 'Rater 3']);
      expect(dispute.shown.map((s) => s.value).sort()).toEqual(raters.map((c) => sideOf(c.outcome)).sort());
    }
    // The package draws its own A position: both orders occur.
    expect([...atA].sort()).toEqual([false, true]);
  });

  it('passes the blinding checks of a rater package: no rater or model name, item id, score or plan secret', () => {
    const names = (list: readonly string[]) => list.map((s) => Buffer.from(s));
    const cells = expectPackageFreeOf(outPath(), ROUND_PASSPHRASE, [
      { name: 'the plan secret', forms: secretForms(readPlanSecret(study.db)!) },
      { name: 'a rater name', forms: names([...RATERS, 'Ada', 'Bob']) },
      { name: 'a model name or item id', forms: names(study.secrets) },
    ]);
    expect(cells).toBeGreaterThan(100);
  });
});

describe("the adjudicator's pairwise session", () => {
  it('asks only the split rows and refuses the mark, an undisputed overall choice and a missing aspect, each in a line', () => {
    const db = openStudyDatabase(outPath(), ROUND_PASSPHRASE, { kind: 'package' });
    onTestFinished(() => {
      db.close();
    });
    const session = startPackageSession(db, fixedClock);
    const tasks = session.listAssignments('pairwise').map((s) => session.getTask(s.assignmentId));
    const withAspectOnly = tasks.find((t) => !t.adjudication!.some((d) => d.dimension === 'pairwise'))!;
    const withOverall = tasks.find((t) => t.adjudication!.some((d) => d.dimension === 'pairwise'))!;
    const save = (assignmentId: string, overrides: object) => () =>
      session.savePairwise({
        assignmentId,
        choice: null,
        bothUnacceptable: null,
        aspects: {},
        comment: '',
        durationMs: 3000,
        ...overrides,
      });
    const disputedAspects = (t: typeof withOverall) =>
      t.adjudication!.map((d) => d.dimension).filter((d) => d !== 'pairwise');
    expect(
      save(withAspectOnly.assignmentId, {
        choice: 'A',
        aspects: Object.fromEntries(disputedAspects(withAspectOnly).map((k) => [k, 'B'])),
      }),
    ).toThrow('The overall choice is not disputed in this task: only the disputed rows can be set.');
    expect(
      save(withOverall.assignmentId, {
        choice: 'A',
        bothUnacceptable: false,
        aspects: Object.fromEntries(disputedAspects(withOverall).map((k) => [k, 'B'])),
      }),
    ).toThrow(/^The "both unacceptable" mark is not adjudicated/);
    expect(save(withOverall.assignmentId, {})).toThrow('Overall: choose the final answer (A, B or a tie).');
    expect(session.listAssignments('pairwise').filter((t) => t.done)).toEqual([]);
  });
});

describe('merging the settled round, exporting and analysing it', () => {
  let settled: Map<string, Outcome>;

  beforeAll(() => {
    settleRound(outPath(), ROUND_PASSPHRASE, (i) => i % 2 === 0);
    mergeAdjudicationPackage(study.db, outPath(), fixedClock);
    settled = new Map(
      study.db
        .prepare(
          `SELECT t.output_id || '/' || t.output_b_id || char(0) || v.dimension, v.outcome
           FROM adjudicated_values v JOIN adjudication_tasks t ON t.id = v.task_id`,
        )
        .raw()
        .all() as [string, Outcome][],
    );
  }, 60_000);

  it('writes each final choice as the output behind the side chosen, B overall and A on each aspect', () => {
    const rows = study.db
      .prepare(
        `SELECT v.dimension, v.outcome, t.presented_a AS presentedA, v.reason FROM adjudicated_values v
         JOIN adjudication_tasks t ON t.id = v.task_id WHERE t.round_id = ?`,
      )
      .all(roundId) as { dimension: string; outcome: Outcome; presentedA: 'first' | 'second'; reason: string | null }[];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const chosenAtA = row.dimension !== 'pairwise';
      expect(row.outcome).toBe(chosenAtA === (row.presentedA === 'first') ? 'first' : 'second');
    }
    expect(rows.filter((r) => r.reason === 'clinical_disagreement').length).toBeGreaterThan(0);
  });

  it('verifies under `audit verify` as the merge checked it, and not once a choice is edited with the key', () => {
    const verify = () => {
      const db = openStudyDatabase(outPath(), ROUND_PASSPHRASE, { kind: 'package', readonly: true });
      try {
        return verifyFile(db);
      } finally {
        db.close();
      }
    };
    expect(verify()).toMatchObject({ ok: true, line: expect.stringMatching(/^ok, \d+ entries$/) });
    const db = openStudyDatabase(outPath(), ROUND_PASSPHRASE, { kind: 'package' });
    db.prepare("UPDATE pairwise_aspect_choices SET choice = 'T' WHERE choice = 'A'").run();
    db.close();
    expect(verify()).toMatchObject({
      ok: false,
      line: expect.stringMatching(/^broken: pairwise task \d+: the stored answer differs from the last audited one$/),
    });
  });

  it("states every pair and dimension's provenance on its rows, the adjudicated model beside the raters' choices", () => {
    const expected = expectedDisputes(study.db);
    const outputOf = new Map(
      (study.db.prepare('SELECT model, item_id, id FROM outputs').raw().all() as [string, string, number][]).map(
        ([model, item, id]) => [`${model}/${item}`, id],
      ),
    );
    // The master's pair (first and second output) of two outputs, in either order.
    const pairs = study.db
      .prepare('SELECT output_id, output_b_id FROM tasks WHERE output_b_id IS NOT NULL')
      .raw()
      .all() as [number, number][];
    const pairOf = new Map<string, [number, number]>(
      pairs.flatMap(([a, b]) => [
        [`${a}/${b}`, [a, b]],
        [`${b}/${a}`, [a, b]],
      ]),
    );
    const modelOf = new Map([...outputOf].map(([key, id]) => [id, key.split('/')[0]!]));
    const seen = { unanimous: 0, adjudicated: 0, unresolved: 0 };
    for (const row of readTidyPairwiseRows(study.db)) {
      const [first, second] = pairOf.get(
        `${outputOf.get(`${row.modelA}/${row.itemId}`)}/${outputOf.get(`${row.modelB}/${row.itemId}`)}`,
      )!;
      const disputed = expected.get(`${first}/${second}`)?.includes(row.dimension) ?? false;
      const final = settled.get(`${first}/${second}\u0000${row.dimension}`);
      const provenance = final !== undefined ? 'adjudicated' : disputed ? 'unresolved' : 'unanimous';
      expect(row.provenance).toBe(provenance);
      const finalModel =
        final === undefined ? undefined : final === 'tie' ? 'tie' : modelOf.get(final === 'first' ? first : second);
      expect(row.adjudicatedValue).toBe(finalModel);
      seen[provenance] += 1;
    }
    expect(seen.unanimous).toBeGreaterThan(0);
    expect(seen.adjudicated).toBeGreaterThan(0);
    expect(seen.unresolved).toBeGreaterThan(0);
  });

  it("fits Bradley–Terry on the final choices under --adjudicated; agreement and position bias stay the raters' own", () => {
    const options = { bootstrap: 0, seed: 1 };
    const mean = analyzeStudy(study.db, options);
    const adjudicated = analyzeStudy(study.db, { ...options, finalValues: 'adjudicated' });
    expect(adjudicated.adjudication).toEqual({
      final_values: 'adjudicated',
      adjudicated_units: settled.size,
      agreement_values: 'raters_original',
    });
    const overall = (r: typeof mean) => r.pairwise!.find((s) => s.dimension === 'pairwise' && s.bin === null)!;
    expect(overall(adjudicated).bradleyTerry).not.toEqual(overall(mean).bradleyTerry);
    expect(overall(adjudicated).agreement).toEqual(overall(mean).agreement);
    expect(overall(adjudicated).positionBias).toEqual(overall(mean).positionBias);
    expect(overall(adjudicated).circularTriads).toEqual(overall(mean).circularTriads);
    // Each pair's record counts every rater's row, with the final choice on an adjudicated pair.
    const wins = adjudicated
      .pairwise!.filter((s) => s.bin === null && s.dimension === 'pairwise')
      .flatMap((s) => s.pairs);
    const judged = wins.reduce((n, p) => n + p.wins + p.ties + p.losses, 0);
    expect(judged).toBe(40 * RATERS.length);
  });

  it('counts the pairwise disputes in the report apart from the rating dimensions of the same key', () => {
    const result = analyzeStudy(study.db, { bootstrap: 0, seed: 1, finalValues: 'adjudicated' });
    const facts = readReportStudy(study.db, fixedClock).adjudication!;
    const expected = expectedDisputes(study.db);
    for (const dimension of DIMENSIONS) {
      const counted = dimension === 'pairwise' ? 'pairwise' : `pairwise:${dimension}`;
      const row = facts.dimensions.find((d) => d.dimension === counted)!;
      const disputed = [...expected.values()].filter((list) => list.includes(dimension)).length;
      const adjudicated = [...settled.keys()].filter((key) => key.endsWith(`\u0000${dimension}`)).length;
      expect(row).toMatchObject({ disputed, adjudicated, unresolved: disputed - adjudicated });
    }
    expect(facts.dimensions.map((d) => d.dimension)).not.toContain('factuality');
    const section = buildReportModel(result, readReportStudy(study.db, fixedClock)).sections.find(
      (s) => s.id === 'adjudication',
    );
    expect(section).toBeDefined();
  });
});

describe('merging a pairwise adjudication package edited with its key', () => {
  it('refuses a changed final choice and a forged "both unacceptable" mark, one line each, writing nothing', () => {
    const count = (sql: string) => study.db.prepare(sql).pluck().get() as number;
    const refusal = (file: string, edit: string) => {
      const path = join(study.path, '..', file);
      const passphrase = `${ROUND_PASSPHRASE} ${file}`;
      packAdjudicationPackage(study.db, {
        adjudicator: 'Dr E',
        out: path,
        passphrase,
        masterPassphrase: PASSPHRASE,
        showRatings: true,
        thresholds: {},
        clock: fixedClock,
      });
      settleRound(path, passphrase, () => true);
      const db = openStudyDatabase(path, passphrase, { kind: 'package' });
      db.prepare(edit).run();
      db.close();
      const before = {
        values: count('SELECT count(*) FROM adjudicated_values'),
        audit: count('SELECT count(*) FROM audit_log'),
      };
      const merging = () => mergeAdjudicationPackage(study.db, path, fixedClock);
      expect(count('SELECT count(*) FROM adjudicated_values')).toBe(before.values);
      return { merging, before };
    };
    const changed = refusal('changed.blindrate', "UPDATE preferences SET choice = 'A' WHERE choice = 'B'");
    expect(changed.merging).toThrow(
      /^changed\.blindrate: pairwise task \d+: the stored answer differs from the last audited one\.$/,
    );
    const marked = refusal('marked.blindrate', 'UPDATE preferences SET both_unacceptable = 1');
    expect(marked.merging).toThrow(
      /^marked\.blindrate: pairwise task \d+: it holds a "both unacceptable" mark, which is not adjudicated\.$/m,
    );
    expect(count('SELECT count(*) FROM adjudicated_values')).toBe(marked.before.values);
    expect(count('SELECT count(*) FROM audit_log')).toBe(marked.before.audit);
  });
});
