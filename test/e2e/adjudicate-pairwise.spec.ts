/**
 * An adjudicator works through a real pairwise adjudication package with the keyboard alone, in the app as
 * it runs (browser mode where Electron cannot start). The study: seven models' answers compared in pairs on a
 * rubric with two pairwise aspects; two raters judge every pair through their own packages (choices drawn
 * per rater, so overall choices and aspects split), which are merged; `packAdjudicationPackage` writes the
 * adjudicator's package. Each comparison asks only its disputed rows (the overall choice and/or aspects, as
 * the package lists them) with the raters' values as the package shows them ("Rater 1: A"), has no
 * both-unacceptable toggle (X does nothing), and takes a reason by Shift+digit and a guideline gap by
 * Shift+G on the active row; what the package holds afterwards is what was typed: no overall choice where it
 * was not disputed. The screen passes axe and breaks no Content Security Policy rule.
 */
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mergePackages } from '../../electron/services/merge';
import type { RaterSession } from '../../electron/services/session';
import type { AdjudicationDisputeView, AdjudicationMark } from '../../shared/api';
import type { PreferenceKey } from '../../shared/domain';
import { OVERALL_PAIRWISE_DIMENSION } from '../../shared/kinds/pairwise';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';
import { RATERS, samplePairwise, sevenModelStudy } from '../integration/packages/pairwise-fixture';
import { assignStudy, fixedClock, packFor, type SeededStudy } from '../integration/session/fixture';
import { expectNoSeriousAxeViolations } from './axe';
import {
  ADJUDICATOR,
  adjudicationHeading,
  closeAdjudicatorApp,
  launchAdjudicatorApp,
  packRound,
  withPackageCopy,
  type AdjudicatorApp,
} from './adjudicator-app';
import { tabTo, unlockByKeyboard } from './ui';

const PACKAGE_PASSPHRASE = 'e2e pairwise adjudicator harbour lantern';
const ASPECTS = ['factuality', 'patient_friendliness'];
const LETTERS: readonly PreferenceKey[] = ['A', 'B', 'T'];
const REASONS = ['misread_answer', 'rubric_ambiguity', 'clinical_disagreement', 'error'] as const;

test.describe.configure({ mode: 'serial' });
let study: SeededStudy;
let packagePath: string;
/** Each adjudication task's disputes as the package's session gives them, in the adjudicator's order. */
let packedDisputes: AdjudicationDisputeView[][];
let opened: AdjudicatorApp;

/** A rater's letter on one row of one comparison: drawn per rater, so two raters split on about two in three. */
function drawnLetter(rater: string, assignmentId: string, dimension: string): PreferenceKey {
  return LETTERS[createHash('sha256').update(`${rater}\u0000${assignmentId}\u0000${dimension}`).digest()[0]! % 3]!;
}

/** Every comparison of the rater's package answered through its session; returns the closed package's path. */
function ratedPackage(rater: string): string {
  const pkg = packFor(study, rater);
  for (const { assignmentId } of pkg.session.listAssignments('pairwise'))
    pkg.session.savePairwise({
      assignmentId,
      choice: drawnLetter(rater, assignmentId, OVERALL_PAIRWISE_DIMENSION),
      bothUnacceptable: false,
      aspects: Object.fromEntries(ASPECTS.map((key) => [key, drawnLetter(rater, assignmentId, key)])),
      comment: '',
      durationMs: 12_000,
    });
  pkg.close();
  return pkg.path;
}

/** The adjudication package's session on a closed copy. */
const packageCopy = <T>(read: (session: RaterSession) => T): T =>
  withPackageCopy(packagePath, PACKAGE_PASSPHRASE, read);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  study = sevenModelStudy({ ...MEDISUMQA_RUBRIC, pairwise: { aspects: ASPECTS } });
  // One pair per item: some twenty comparisons, most of them split, settled one by one below.
  samplePairwise(study.db, { pairsPerItem: 1 });
  assignStudy(study, RATERS, RATERS.length);
  mergePackages(study.db, RATERS.map(ratedPackage), fixedClock);
  packagePath = packRound(study, PACKAGE_PASSPHRASE);
  packedDisputes = packageCopy((session) =>
    session.listAssignments('pairwise').map(({ assignmentId }) => session.getTask(assignmentId).adjudication!),
  );
  opened = await launchAdjudicatorApp(study, packagePath, PACKAGE_PASSPHRASE);
});

test.afterAll(() => closeAdjudicatorApp(opened, study));

/** The rows the comparison on screen asks, by dimension (`pairwise` for the overall choice), in order. */
async function askedRows(page: Page): Promise<string[]> {
  const ids = await page.locator('fieldset.choice').evaluateAll((sets) => sets.map((s) => s.dataset.testid!));
  return ids.map((id) => (id === 'choice-preference' ? OVERALL_PAIRWISE_DIMENSION : id.replace(/^choice-aspect-/, '')));
}

interface Settled {
  choice: PreferenceKey | null;
  aspects: Record<string, PreferenceKey>;
  marks: Record<string, AdjudicationMark>;
}

/** What the package holds for each comparison: the final choices and the marks. */
function settledInPackage(): Settled[] {
  return packageCopy((session) =>
    session.listAssignments('pairwise').map(({ assignmentId }) => {
      const task = session.getTask(assignmentId);
      if (task.kind !== 'pairwise') throw new Error(`${assignmentId} is not a comparison`);
      const marks = Object.fromEntries(
        task.adjudication!.map((d) => [d.dimension, { reason: d.reason, guidelineGap: d.guidelineGap }]),
      );
      return { choice: task.choice, aspects: task.aspects, marks };
    }),
  );
}

test('the package holds split overall choices and split aspects alone, so both kinds of comparison are settled below', () => {
  const overallDisputed = packedDisputes.map((disputes) =>
    disputes.some((d) => d.dimension === OVERALL_PAIRWISE_DIMENSION),
  );
  expect(overallDisputed).toContain(true);
  expect(overallDisputed).toContain(false);
});

test('an adjudicator settles every disputed comparison by keyboard: only the disputed rows, no both-unacceptable mark, and the package holds what was typed', async () => {
  test.setTimeout(180_000);
  const { page } = opened.app;
  await unlockByKeyboard(page, PACKAGE_PASSPHRASE);
  await expect(page.getByRole('heading', { name: `Welcome, ${ADJUDICATOR}` })).toBeVisible();
  await tabTo(page, /Start comparison/);
  await page.keyboard.press('Enter');
  const expected: Settled[] = [];
  // Axe once on each shape of comparison: with the overall choice disputed, and with aspects alone.
  const shapesChecked = new Set<boolean>();
  for (const [index, disputes] of packedDisputes.entries()) {
    const n = index + 1;
    await expect(adjudicationHeading(page, n)).toBeVisible();
    // The disputed rows alone, as the package lists them, each with the raters' values the package shows.
    expect(await askedRows(page)).toEqual(disputes.map((d) => d.dimension));
    for (const dispute of disputes)
      await expect(page.getByTestId(`dispute-${dispute.dimension}`).getByRole('listitem')).toHaveText(
        dispute.shown.map((v) => `${v.label}: ${v.value}`),
      );
    await expect(page.getByRole('checkbox', { name: /Both answers are unacceptable/ })).toHaveCount(0);
    const overallDisputed = disputes.some((d) => d.dimension === OVERALL_PAIRWISE_DIMENSION);
    if (!shapesChecked.has(overallDisputed)) {
      await expectNoSeriousAxeViolations(page, `adjudication ${n} (overall ${overallDisputed ? '' : 'not '}disputed)`);
      shapesChecked.add(overallDisputed);
    }

    // The first row (active) gets a reason by task, and every third task a guideline gap; X would toggle a
    // rater's mark, which is not adjudicated. Then one letter per row: each answers the active row and moves on.
    const reason = REASONS[index % REASONS.length]!;
    const gap = index % 3 === 1;
    await page.keyboard.press(`Shift+Digit${REASONS.indexOf(reason) + 1}`);
    if (gap) await page.keyboard.press('Shift+KeyG');
    await page.keyboard.press('x');
    const settled: Settled = { choice: null, aspects: {}, marks: {} };
    for (const [row, dispute] of disputes.entries()) {
      const letter = LETTERS[(index + row) % LETTERS.length]!;
      await page.keyboard.press(letter.toLowerCase());
      if (dispute.dimension === OVERALL_PAIRWISE_DIMENSION) settled.choice = letter;
      else settled.aspects[dispute.dimension] = letter;
      settled.marks[dispute.dimension] = { reason: row === 0 ? reason : null, guidelineGap: row === 0 && gap };
    }
    expected.push(settled);
    await page.keyboard.press('Enter');
    if (n < packedDisputes.length) await expect(adjudicationHeading(page, n + 1)).toBeVisible();
  }
  // The last save opens the Finish screen: every task of the package is settled.
  await expect(page.getByRole('heading', { level: 1, name: 'Finish' })).toBeVisible();
  expect(settledInPackage()).toEqual(expected);
});
