/**
 * An adjudicator works through a real adjudication package (written by `packAdjudicationPackage` from a
 * three-rater study rated and merged through the services) with the keyboard alone: each task asks only its
 * disputed dimensions, shows the raters as Rater 1…3, takes the final value by the rating keys, a reason by
 * Shift+digit and a guideline gap by Shift+G; what the package holds afterwards is what was typed. The
 * screen passes axe and breaks no Content Security Policy rule.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AdjudicationMark } from '../../shared/api';
import type { SeededStudy } from '../integration/session/fixture';
import { ratedThreeRaterStudy } from '../integration/adjudication/fixture';
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

const PACKAGE_PASSPHRASE = 'e2e adjudicator lantern quartz meadow';
const SETTLED = 3;

test.describe.configure({ mode: 'serial' });
let study: SeededStudy;
let packagePath: string;
let opened: AdjudicatorApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  study = ratedThreeRaterStudy();
  packagePath = packRound(study, PACKAGE_PASSPHRASE);
  opened = await launchAdjudicatorApp(study, packagePath, PACKAGE_PASSPHRASE);
});

test.afterAll(() => closeAdjudicatorApp(opened, study));

/** The dimensions the task on screen asks for, in order. */
async function askedDimensions(page: Page): Promise<string[]> {
  const ids = await page.locator('fieldset.dimension').evaluateAll((sets) => sets.map((s) => s.dataset.testid!));
  return ids.map((id) => id.replace(/^dimension-/, ''));
}

/** What the package holds for its rating tasks, read from a closed copy (the app keeps the file locked). */
function savedInPackage(): { values: Record<string, number>; marks: Record<string, AdjudicationMark> }[] {
  return withPackageCopy(packagePath, PACKAGE_PASSPHRASE, (session) =>
    session.listAssignments('rating').map((summary) => {
      const task = session.getTask(summary.assignmentId);
      const marks = Object.fromEntries(
        task.adjudication!.map((d) => [d.dimension, { reason: d.reason, guidelineGap: d.guidelineGap }]),
      );
      return { values: task.kind === 'rating' ? task.values : {}, marks };
    }),
  );
}

test('an adjudicator settles three disputed tasks by keyboard: final values, a reason and a guideline gap are saved in the package', async () => {
  const { page } = opened.app;
  await unlockByKeyboard(page, PACKAGE_PASSPHRASE);
  await expect(page.getByRole('heading', { name: `Welcome, ${ADJUDICATOR}` })).toBeVisible();
  await tabTo(page, /Start rating/);
  await page.keyboard.press('Enter');
  const expected: { values: Record<string, number>; marks: Record<string, AdjudicationMark> }[] = [];
  for (let n = 1; n <= SETTLED; n++) {
    await expect(adjudicationHeading(page, n)).toBeVisible();
    const dimensions = await askedDimensions(page);
    expect(dimensions.length).toBeGreaterThan(0);
    // Only disputed dimensions, each with the three raters' values under Rater 1…3.
    for (const dimension of dimensions)
      await expect(page.getByTestId(`dispute-${dimension}`).getByRole('listitem')).toHaveText([
        /^Rater 1: /,
        /^Rater 2: /,
        /^Rater 3: /,
      ]);
    if (n === 1) {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.help}`),
        'axe on the adjudication screen',
      ).toEqual([]);
    }
    // The first dimension (active) gets a reason by task (Shift+1…3) and, on task 2, a guideline gap.
    await page.keyboard.press(`Shift+Digit${n}`);
    if (n === 2) await page.keyboard.press('Shift+KeyG');
    const values: Record<string, number> = {};
    for (const dimension of dimensions) {
      if (dimension === 'safety') {
        await page.keyboard.press('s');
        values[dimension] = 1;
      } else {
        await page.keyboard.press(String(n + 1));
        values[dimension] = n + 1;
      }
    }
    const reasons = ['misread_answer', 'rubric_ambiguity', 'clinical_disagreement'] as const;
    const marks = Object.fromEntries(
      dimensions.map((d, i) => [d, { reason: i === 0 ? reasons[n - 1]! : null, guidelineGap: i === 0 && n === 2 }]),
    );
    expected.push({ values, marks });
    await page.keyboard.press('Enter');
    await expect(adjudicationHeading(page, n + 1)).toBeVisible();
  }
  await expect(page.getByRole('status').filter({ hasText: `Saved task ${SETTLED}.` })).toBeVisible();
  expect(savedInPackage().slice(0, SETTLED)).toEqual(expected);
});
