import { expect, test } from '@playwright/test';
import { canonicalOrder, exportedRatingsOf } from './cli-export';
import { appPerFile } from './fixtures';
import { auditTrail, savedRatings } from './study-db';
import { E2E_RATER } from './launcher';
import { rateByKeyboard, ratingKeysFor, startRating, taskHeading, unlockByKeyboard } from './ui';

const shared = appPerFile();
const RATER = E2E_RATER;
const RATED = 10;

test('a full rating session with the keyboard alone: ten answers saved with the values typed', async () => {
  const { page } = shared.app;
  await startRating(page, shared.study.passphrase, RATER, 'rating');

  for (let n = 1; n <= RATED; n++) await rateByKeyboard(page, n, ratingKeysFor(n).keys);

  await expect(page.getByRole('status').filter({ hasText: `Saved task ${RATED}.` })).toBeVisible();
  const typed = Array.from({ length: RATED }, (_, i) => ratingKeysFor(i + 1).values);
  expect(savedRatings(shared.study, RATER)).toEqual(typed);
  // What a coordinator exports carries the same values.
  expect(exportedRatingsOf(shared.study, RATER, Object.keys(typed[0]!))).toEqual(canonicalOrder(typed));
});

test('after a reload and unlocking again, the rater lands on the next unrated task; earlier values are kept', async () => {
  const { page } = shared.app;
  await page.reload();
  // A package has one rater: unlocking goes straight back to where they were.
  await unlockByKeyboard(page, shared.study.passphrase);

  await expect(taskHeading(page, 'Rating', RATED + 1)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(taskHeading(page, 'Rating', RATED)).toBeVisible();
  const expected = ratingKeysFor(RATED).values;
  for (const [dimension, value] of Object.entries(expected)) {
    await expect(page.locator(`input[name="dimension-${dimension}"][value="${value}"]`)).toBeChecked();
  }
});

test('editing an earlier rating saves the new value and the audit log keeps old and new', async () => {
  const { page } = shared.app;
  await page.keyboard.press('[');
  await expect(taskHeading(page, 'Rating', RATED - 1)).toBeVisible();
  await page.keyboard.press('[');
  await expect(taskHeading(page, 'Rating', RATED - 2)).toBeVisible();
  const before = ratingKeysFor(RATED - 2).values;
  const newFactuality = (before.factuality % 5) + 1;

  // The active dimension of a fully rated task is the first one: a digit overwrites factuality.
  await page.keyboard.press(String(newFactuality));
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Rating', RATED - 1)).toBeVisible();

  const after = { ...before, factuality: newFactuality };
  expect(savedRatings(shared.study, RATER)[RATED - 3]).toEqual(after);
  const updates = auditTrail(shared.study, RATER).filter((row) => row.action === 'rating.update');
  // Each entry also records the stored time spent and first save, so those are audited too.
  const audited = { comment: '', durationMs: expect.any(Number), submittedAt: expect.any(String) };
  expect(updates).toEqual([
    {
      action: 'rating.update',
      oldValue: { values: before, ...audited },
      newValue: { values: after, ...audited },
    },
  ]);
});

test('the next task is read from the top: both panes start at the top, however far the last one was scrolled', async () => {
  const { page } = shared.app;
  await expect(taskHeading(page, 'Rating', RATED - 1)).toBeVisible();
  const panes = page.locator('.workspace-left, .workspace-right');
  const scrolledToEnd = await panes.evaluateAll((elements) =>
    elements.map((pane) => {
      pane.scrollTop = pane.scrollHeight;
      return pane.scrollTop;
    }),
  );
  // Both panes really were scrolled, or the check below would prove nothing.
  expect(scrolledToEnd.every((top) => top > 0)).toBe(true);

  await page.keyboard.press(']');
  await expect(taskHeading(page, 'Rating', RATED)).toBeVisible();
  expect(await panes.evaluateAll((elements) => elements.map((pane) => pane.scrollTop))).toEqual([0, 0]);
});
