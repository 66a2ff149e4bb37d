import { expect, test } from '@playwright/test';
import { openStudyDatabase } from '../../db/connection';
import { expectNoSeriousAxeViolations } from './axe';
import { appPerFile } from './fixtures';
import { createTestStudy, E2E_RATER } from './launcher';
import { mergeIntoMaster } from './study-db';
import { closeInstructionsIfShown, tabTo, unlockByKeyboard } from './ui';

const shared = appPerFile({}, () => createTestStudy({ pairwise: true }));

const comparisonHeading = (position: number) =>
  shared.app.page.getByRole('heading', { level: 1, name: new RegExp(`^Comparison ${position} of \\d+$`) });

/** The master's record of the rater's comparisons, in their order: which model's text was at A, and the choice. */
function savedComparisons() {
  mergeIntoMaster(shared.study);
  const db = openStudyDatabase(shared.study.masterPath, shared.study.masterPassphrase, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.choice, p.both_unacceptable AS both, a.presented_a AS presentedA, o.text AS first, ob.text AS second
         FROM pairwise_choices p JOIN assignments a ON a.id = p.assignment_id JOIN raters r ON r.id = a.rater_id
         JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id JOIN outputs ob ON ob.id = t.output_b_id
         WHERE r.name = ? ORDER BY a.position`,
      )
      .all(E2E_RATER) as { choice: string; both: number; presentedA: string; first: string; second: string }[];
  } finally {
    db.close();
  }
}

test('comparisons by keyboard: a letter and Enter per pair, X marks both unacceptable, stored with what was shown', async () => {
  const { page } = shared.app;
  await unlockByKeyboard(page, shared.study.passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${E2E_RATER}` })).toBeVisible();
  await tabTo(page, /Start comparison/);
  await page.keyboard.press('Enter');
  await closeInstructionsIfShown(page, 'Preference');
  await expect(comparisonHeading(1)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the comparison screen');

  const shown: { a: string; b: string }[] = [];
  for (const [index, keys] of [['a'], ['b', 'x'], ['t']].entries()) {
    await expect(comparisonHeading(index + 1)).toBeVisible();
    shown.push({
      a: (await page.locator('section[aria-labelledby="answer-A"] .answer-text').innerText()).trim(),
      b: (await page.locator('section[aria-labelledby="answer-B"] .answer-text').innerText()).trim(),
    });
    for (const key of keys) await page.keyboard.press(key);
    await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(/is better|Tie/);
    await expect(page.getByRole('checkbox', { name: /Both answers are unacceptable/ })).toBeChecked({
      checked: keys.includes('x'),
    });
    await page.keyboard.press('Enter');
  }
  await expect(comparisonHeading(4)).toBeVisible();

  const saved = savedComparisons();
  expect(saved.slice(0, 3).map((s) => [s.choice, s.both])).toEqual([
    ['A', 0],
    ['B', 1],
    ['T', 0],
  ]);
  saved.slice(0, 3).forEach((s, i) => {
    const [atA, atB] = s.presentedA === 'first' ? [s.first, s.second] : [s.second, s.first];
    expect(shown[i]).toEqual({ a: atA.trim(), b: atB.trim() });
  });
});

test('at a narrow width the two answers are stacked, and the screen still passes axe', async () => {
  const { page } = shared.app;
  await page.setViewportSize({ width: 600, height: 900 });
  const a = await page.locator('section[aria-labelledby="answer-A"]').boundingBox();
  const b = await page.locator('section[aria-labelledby="answer-B"]').boundingBox();
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  await expectNoSeriousAxeViolations(page, 'the comparison screen, narrow');
});

test.describe('with pairwise aspects', () => {
  const aspectsApp = appPerFile({}, () =>
    createTestStudy({ pairwise: true, pairwiseAspects: ['factuality', 'patient_friendliness'] }),
  );
  const activeRow = () => aspectsApp.app.page.locator('fieldset.choice[data-active] legend');

  test('the overall choice and each aspect by keyboard: letters answer the active row, arrows move, Enter saves all', async () => {
    const { page } = aspectsApp.app;
    await unlockByKeyboard(page, aspectsApp.study.passphrase);
    await expect(page.getByRole('heading', { name: `Welcome, ${E2E_RATER}` })).toBeVisible();
    await tabTo(page, /Start comparison/);
    await page.keyboard.press('Enter');
    await closeInstructionsIfShown(page, 'Preference');
    const heading = (position: number) =>
      page.getByRole('heading', { level: 1, name: new RegExp(`^Comparison ${position} of \\d+$`) });
    await expect(heading(1)).toBeVisible();
    await expect(activeRow()).toHaveText(/^Overall: which answer is better\?/);
    await expectNoSeriousAxeViolations(page, 'the comparison screen with aspects');

    await page.keyboard.press('a');
    await expect(activeRow()).toHaveText(/^Factuality: which answer is better\?/);
    await page.keyboard.press('b');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Still to choose: Patient-friendliness.')).toBeVisible();
    await expect(heading(1)).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(activeRow()).toHaveText(/^Factuality: which answer is better\?/);
    await page.keyboard.press('t');
    await page.keyboard.press('a');
    await page.keyboard.press('x');
    await page.keyboard.press('Enter');
    await expect(heading(2)).toBeVisible();
    await expect(activeRow()).toHaveText(/^Overall: which answer is better\?/);

    await page.keyboard.press('h');
    const help = page.getByRole('dialog', { name: 'Instructions and keys' });
    await expect(
      help.getByText('Active row: Answer A better / Tie / Answer B better, then the next row'),
    ).toBeVisible();
    await expect(help.getByText('Previous / next row (overall, Factuality, Patient-friendliness)')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    for (const key of ['b', 'b', 'b', 'Enter']) await page.keyboard.press(key);
    await expect(heading(3)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the comparison screen with aspects, after two saves');

    mergeIntoMaster(aspectsApp.study);
    const db = openStudyDatabase(aspectsApp.study.masterPath, aspectsApp.study.masterPassphrase, { readonly: true });
    try {
      const saved = db
        .prepare(
          `SELECT p.choice, p.both_unacceptable AS both,
                  (SELECT group_concat(c.dimension || '=' || c.choice, ' ') FROM
                     (SELECT * FROM pairwise_aspect_choices WHERE assignment_id = p.assignment_id ORDER BY dimension) c) AS aspects
           FROM pairwise_choices p JOIN assignments a ON a.id = p.assignment_id JOIN raters r ON r.id = a.rater_id
           WHERE r.name = ? ORDER BY a.position`,
        )
        .all(E2E_RATER);
      expect(saved).toEqual([
        { choice: 'A', both: 1, aspects: 'factuality=T patient_friendliness=A' },
        { choice: 'B', both: 0, aspects: 'factuality=B patient_friendliness=B' },
      ]);
    } finally {
      db.close();
    }
  });
});
