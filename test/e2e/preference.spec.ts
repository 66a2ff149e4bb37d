import { expect, test } from '@playwright/test';
import { appPerFile } from './fixtures';
import { savedPreferences } from './study-db';
import { E2E_RATER } from './launcher';
import { startRating, taskHeading } from './ui';

const shared = appPerFile();
const RATER = E2E_RATER;

test('three preferences by keyboard: A, B and T are stored with what was shown in each position', async () => {
  const { page } = shared.app;
  await startRating(page, shared.study.passphrase, RATER, 'preference');

  const shown: { a: string; b: string }[] = [];
  for (const [index, key] of ['a', 'b', 't'].entries()) {
    await expect(taskHeading(page, 'Preference', index + 1)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Answer A' })).toBeVisible();
    shown.push({
      a: (await page.locator('section[aria-labelledby="answer-A"] .answer-text').innerText()).trim(),
      b: (await page.locator('section[aria-labelledby="answer-B"] .answer-text').innerText()).trim(),
    });
    await page.keyboard.press(key);
    await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(/is better|Tie/);
    await page.keyboard.press('Enter');
  }
  await expect(taskHeading(page, 'Preference', 4)).toBeVisible();

  const saved = savedPreferences(shared.study, RATER);
  expect(saved.map((p) => p.choice)).toEqual(['A', 'B', 'T']);
  saved.forEach((p, i) => {
    const other = p.presentedA === 'model' ? 'reference' : 'model';
    expect(p.outcome).toBe(p.choice === 'A' ? p.presentedA : p.choice === 'B' ? other : 'tie');
    // The stored position is the one the rater saw: the text in A is the model's output or the reference accordingly.
    expect(shown[i]!.a).toBe((p.presentedA === 'model' ? p.modelOutput : p.reference).trim());
    expect(shown[i]!.b).toBe((p.presentedA === 'model' ? p.reference : p.modelOutput).trim());
  });
});
