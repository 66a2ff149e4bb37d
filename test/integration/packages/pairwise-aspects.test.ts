/**
 * Pairwise aspects end to end through the services the CLI and the app use: a rubric asking, besides the
 * overall choice, one A/B/tie choice on factuality and on patient-friendliness; the master stores the list
 * (migration 12) and the package carries it; the rater's session refuses a save without every aspect and
 * audits the aspects with the choice; a merge refuses a package with a missing, invalid or unasked aspect
 * choice, one line per task naming the file, the master byte-identical; the tidy export has one row per
 * aspect after the overall one, unblinded per aspect; `analyze` reads them back into one Bradley–Terry fit
 * per aspect, which follows that aspect's choices, not the overall ones.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAuditChain } from '../../../db/audit';
import { openStudyDatabase } from '../../../db/connection';
import { readPackageMeta } from '../../../db/package-file';
import { EXPORTS, tableCsvText } from '../../../electron/services/exporter';
import { mergePackages } from '../../../electron/services/merge';
import { assignRaters } from '../../../electron/services/plan';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { readActiveRubric } from '../../../electron/services/study';
import type { PairwiseSummary } from '../../../shared/analysis';
import type { PairwiseTaskPayload } from '../../../shared/api';
import type { PreferenceKey } from '../../../shared/domain';
import { MEDISUMQA_RUBRIC, parseRubric, type Rubric } from '../../../shared/rubric';
import { fixedClock, packFor, type OpenPackage, type SeededStudy } from '../session/fixture';
import { everyCellOf, MODELS, RATERS, samplePairwise, sevenModelStudy } from './pairwise-fixture';

const ASPECTS_RUBRIC: Rubric = { ...MEDISUMQA_RUBRIC, pairwise: { aspects: ['factuality', 'patient_friendliness'] } };

/** Which model wrote a text of the study (the test knows the texts; a rater does not). */
function modelOfText(text: string): string {
  return MODELS[Number(/Answer text (\d+):/.exec(text)![1]) % 7]!;
}

/**
 * The rater's rule: overall, the model earlier in MODELS wins, but of two neighbours in MODELS the later one (so
 * the fit is estimable, whatever pairs and positions the plan drew); on factuality always the other answer
 * than overall; on patient-friendliness a tie every third pair, else as overall.
 */
function judge(
  index: number,
  task: PairwiseTaskPayload,
): { choice: PreferenceKey; aspects: Record<string, PreferenceKey> } {
  const [a, b] = [MODELS.indexOf(modelOfText(task.answerA)), MODELS.indexOf(modelOfText(task.answerB))];
  const choice: PreferenceKey = a < b === (Math.abs(a - b) !== 1) ? 'A' : 'B';
  return {
    choice,
    aspects: { factuality: choice === 'A' ? 'B' : 'A', patient_friendliness: index % 3 === 0 ? 'T' : choice },
  };
}

/** The master's bytes on disk, with its write-ahead log if it has one. */
function masterBytes(path: string): string {
  const hash = createHash('sha256').update(readFileSync(path));
  if (existsSync(`${path}-wal`)) hash.update(readFileSync(`${path}-wal`));
  return hash.digest('hex');
}

let study: SeededStudy;
const opened: OpenPackage[] = [];
beforeEach(() => {
  study = sevenModelStudy(ASPECTS_RUBRIC);
  samplePairwise(study.db, { pairsPerItem: 2 });
  assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 8, clock: fixedClock });
});
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
});

function rateAll(p: OpenPackage): void {
  p.session.listAssignments('pairwise').forEach((summary, index) => {
    const task = p.session.getTask(summary.assignmentId) as PairwiseTaskPayload;
    p.session.savePairwise({
      assignmentId: task.assignmentId,
      ...judge(index, task),
      bothUnacceptable: index % 7 === 0,
      comment: '',
      durationMs: 3000,
    });
  });
}

describe('a pairwise study with aspects', () => {
  it('keeps the rubric’s aspects in the master and hands them to the package, which names no model or item', () => {
    expect(readActiveRubric(study.db)).toEqual(ASPECTS_RUBRIC);
    const p = packFor(study, RATERS[0]!);
    opened.push(p);
    expect(parseRubric(JSON.parse(readPackageMeta(p.db, 'rubric')!)).pairwise).toEqual({
      aspects: ['factuality', 'patient_friendliness'],
    });
    rateAll(p);
    expect(p.db.prepare('SELECT count(*) FROM pairwise_aspect_choices').pluck().get()).toBe(40 * 2);
    const cells = everyCellOf(p.db);
    for (const secret of study.secrets) expect(cells).not.toContain(secret);
  });

  it('saves a comparison only with a choice on every aspect, and audits them with the overall choice', () => {
    const p = packFor(study, RATERS[0]!);
    opened.push(p);
    const first = p.session.listAssignments('pairwise')[0]!.assignmentId;
    expect((p.session.getTask(first) as PairwiseTaskPayload).aspects).toEqual({});
    const base = { assignmentId: first, choice: 'A' as const, bothUnacceptable: false, comment: '', durationMs: 10 };
    expect(() => p.session.savePairwise(base)).toThrow(
      'This comparison cannot be saved: no choice on Factuality, Patient-friendliness.',
    );
    expect(() =>
      p.session.savePairwise({ ...base, aspects: { factuality: 'B', patient_friendliness: 'T', brevity: 'A' } }),
    ).toThrow(
      'This comparison cannot be saved: it holds a choice on "brevity", which the rubric does not ask pairwise.',
    );
    expect(p.session.getTask(first)).toMatchObject({ choice: null, aspects: {} });

    p.session.savePairwise({ ...base, aspects: { factuality: 'B', patient_friendliness: 'T' } });
    expect(p.session.getTask(first)).toMatchObject({
      choice: 'A',
      aspects: { factuality: 'B', patient_friendliness: 'T' },
    });
    const entry = [...readAuditChain(p.db)].at(-1)!;
    expect(entry.action).toBe('pairwise.create');
    expect(JSON.parse(entry.newValue!)).toMatchObject({
      choice: 'A',
      aspects: { factuality: 'B', patient_friendliness: 'T' },
    });
  });

  it('merges and exports one tidy row per aspect after the overall one, which analyze fits per aspect', async () => {
    const packages = RATERS.map((rater) => packFor(study, rater));
    opened.push(...packages);
    for (const p of packages) {
      rateAll(p);
      p.close();
    }
    expect(
      mergePackages(
        study.db,
        packages.map((p) => p.path),
        fixedClock,
      ).map((s) => s.answersAdded),
    ).toEqual([40, 40]);

    const table = EXPORTS.ratings(study.db);
    const rows = [...table.rows];
    expect(rows).toHaveLength(2 * 40 * 3);
    // Each judgement: the overall row, then its aspects in the rubric's order, all with the judgement's mark.
    for (let j = 0; j < rows.length; j += 3) {
      const [overall, factuality, friendliness] = rows.slice(j, j + 3) as Record<string, string | number | null>[];
      expect([overall!.dimension, factuality!.dimension, friendliness!.dimension]).toEqual([
        'pairwise',
        'factuality',
        'patient_friendliness',
      ]);
      for (const row of [factuality!, friendliness!]) {
        expect(row).toMatchObject({
          task: 'pairwise',
          rater: overall!.rater,
          item_id: overall!.item_id,
          model_a: overall!.model_a,
          model_b: overall!.model_b,
          both_unacceptable: overall!.both_unacceptable,
        });
      }
      const [a, b] = [String(overall!.model_a), String(overall!.model_b)];
      const other = overall!.value === a ? b : a;
      expect([a, b]).toContain(overall!.value);
      expect(factuality!.value).toBe(other);
      expect([overall!.value, 'tie']).toContain(friendliness!.value);
    }
    expect(rows.filter((row) => row.value === 'tie').length).toBeGreaterThan(0);

    const csv = join(dirname(study.path), 'pairwise-aspects.csv');
    writeFileSync(csv, tableCsvText(table));
    const result = await analyzeRatingsFile(csv, { bootstrap: 0, seed: 1, threads: 1 });
    const overallFits = result.pairwise!.filter((s) => s.bin === null);
    expect(overallFits.map((s) => s.dimension)).toEqual(['pairwise', 'factuality', 'patient_friendliness']);
    expect(overallFits.map((s) => s.judgements)).toEqual([80, 80, 80]);
    // Factuality's choices are the overall ones reversed, so its fit is the overall fit mirrored: each model's
    // log-strength negated, the ranking turned round.
    const [overallFit, factualityFit] = overallFits;
    expect(overallFit!.components).toEqual([{ models: [...MODELS].sort(), estimable: true }]);
    for (const strength of overallFit!.bradleyTerry) {
      const mirrored = factualityFit!.bradleyTerry.find((s) => s.model === strength.model)!.logStrength!;
      expect(mirrored).toBeCloseTo(-strength.logStrength!, 9);
    }
    // Not a fit of nothing: the first model, which beats all but its neighbour, is well above the last.
    const strength = (fit: PairwiseSummary, model: string) =>
      fit.bradleyTerry.find((b) => b.model === model)!.logStrength!;
    expect(strength(overallFit!, MODELS[0]!) - strength(overallFit!, MODELS[6]!)).toBeGreaterThan(1);
    expect(strength(factualityFit!, MODELS[6]!) - strength(factualityFit!, MODELS[0]!)).toBeGreaterThan(1);
  });
});

describe('merging a package with aspects', () => {
  it('refuses a missing, an invalid and an unasked aspect choice, one line per task, the master byte-identical', () => {
    const p = packFor(study, RATERS[0]!);
    opened.push(p);
    rateAll(p);
    const [, second, third, fourth] = p.session.listAssignments('pairwise').map((t) => t.assignmentId);
    p.close();
    const db = openStudyDatabase(p.path, p.passphrase, { kind: 'package' });
    // A rater with the key can write what the schema's CHECKs would refuse.
    db.pragma('ignore_check_constraints = ON');
    db.prepare(`DELETE FROM pairwise_aspect_choices WHERE task_id = ? AND dimension = 'factuality'`).run(second);
    db.prepare(`UPDATE pairwise_aspect_choices SET choice = 'Q' WHERE task_id = ? AND dimension = 'factuality'`).run(
      third,
    );
    db.prepare(`INSERT INTO pairwise_aspect_choices (task_id, dimension, choice) VALUES (?, 'brevity', 'A')`).run(
      fourth,
    );
    db.close();

    const before = masterBytes(study.path);
    const file = basename(p.path);
    expect(() => mergePackages(study.db, [p.path], fixedClock)).toThrow(
      [
        `${file}: pairwise task 2: no choice on Factuality.`,
        `${file}: pairwise task 3: Factuality: the choice "Q" is not A, B or tie.`,
        `${file}: pairwise task 4: it holds a choice on "brevity", which the rubric does not ask pairwise.`,
      ].join('\n'),
    );
    expect(masterBytes(study.path)).toBe(before);
  });

  it('refuses a stored aspect choice that differs from the audited one', () => {
    const p = packFor(study, RATERS[0]!);
    opened.push(p);
    rateAll(p);
    const first = p.session.listAssignments('pairwise')[0]!.assignmentId;
    const stored = (p.session.getTask(first) as PairwiseTaskPayload).aspects.factuality;
    p.close();
    const db = openStudyDatabase(p.path, p.passphrase, { kind: 'package' });
    db.prepare(`UPDATE pairwise_aspect_choices SET choice = ? WHERE task_id = ? AND dimension = 'factuality'`).run(
      stored === 'A' ? 'B' : 'A',
      first,
    );
    db.close();
    const before = masterBytes(study.path);
    expect(() => mergePackages(study.db, [p.path], fixedClock)).toThrow(
      `${basename(p.path)}: pairwise task 1: the stored answer differs from the last audited one.`,
    );
    expect(masterBytes(study.path)).toBe(before);
  });
});
