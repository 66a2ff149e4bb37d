/**
 * A physician's long session (issue 21): a failed save nobody can miss, at the screen sizes of clinical
 * laptops and desktops. Browser mode: the study file's server is cut off by refusing its save calls.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appPerFile } from './fixtures';
import { ratingKeysFor, startRating, taskHeading } from './ui';

const shared = appPerFile();

/** The element's box lies inside the viewport and inside every ancestor that clips its overflow. */
async function wholeInView(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const problems: string[] = [];
    const box = element.getBoundingClientRect();
    const inside = (outer: { top: number; left: number; bottom: number; right: number }) =>
      box.top >= outer.top - 0.5 &&
      box.left >= outer.left - 0.5 &&
      box.bottom <= outer.bottom + 0.5 &&
      box.right <= outer.right + 0.5;
    if (box.height === 0) problems.push('it has no height');
    if (!inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }))
      problems.push(`box ${JSON.stringify(box)} leaves the ${window.innerWidth}×${window.innerHeight} viewport`);
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (!inside(parent.getBoundingClientRect())) problems.push(`clipped by ${parent.className || parent.tagName}`);
    }
    return problems;
  });
}

async function cutOffSaves(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/api/saveRating';
  await page.route(pattern, (route) => route.abort('connectionfailed'));
  return () => page.unroute(pattern);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}×${viewport.height} a failed save is announced whole and in view, and says "Not saved"`, async () => {
    const { page } = shared.app;
    await page.setViewportSize(viewport);
    if (
      !(await taskHeading(page, 'Rating', 1)
        .isVisible()
        .catch(() => false))
    )
      await startRating(page, shared.study.passphrase, shared.study.rater, 'rating');
    await expect(taskHeading(page, 'Rating', 1)).toBeVisible();

    const reconnect = await cutOffSaves(page);
    await page.keyboard.type(ratingKeysFor(1).keys);
    // The rater had scrolled the rubric down to its end, as one does rating the last dimension.
    await page.locator('.workspace-right').evaluate((pane) => (pane.scrollTop = pane.scrollHeight));
    await page.keyboard.press('Enter');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Not saved');
    await expect(alert).toContainText('BlindRate lost its connection to the study file.');
    await expect(alert).toContainText('Your answer is still here: press Enter to try again.');
    await expect(alert).not.toContainText('blindrate serve');
    expect(await wholeInView(alert)).toEqual([]);
    await expect(page.locator('.save-state[role="status"]')).toHaveText('Not saved');
    await expect(taskHeading(page, 'Rating', 1)).toBeVisible();

    await reconnect();
    await page.keyboard.press('Enter');
    await expect(taskHeading(page, 'Rating', 2)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Back to the task just saved: it says so, rather than "Ready to save."
    await page.keyboard.press('ArrowLeft');
    await expect(taskHeading(page, 'Rating', 1)).toBeVisible();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  });
}

test('going back with ← opens the earlier task at the top of its context; the find term is kept', async () => {
  const { page } = shared.app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(taskHeading(page, 'Rating', 1)).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type('Please follow up');
  await page.keyboard.press('Enter');
  const context = page.locator('.workspace-left');
  // The match is at the end of the summary: finding it scrolled the context, or this test proves nothing.
  await expect.poll(() => context.evaluate((pane) => pane.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  await page.keyboard.press(']');
  await expect(taskHeading(page, 'Rating', 2)).toBeVisible();
  expect(await context.evaluate((pane) => pane.scrollTop)).toBe(0);
  await page.keyboard.press('[');
  await expect(taskHeading(page, 'Rating', 1)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Find in context' })).toHaveValue('Please follow up');
  // Give a late scroll its chance to happen before looking.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  expect(await context.evaluate((pane) => pane.scrollTop)).toBe(0);
});
