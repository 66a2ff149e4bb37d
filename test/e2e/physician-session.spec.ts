/**
 * A physician's long session (issue 21), in order: a failed save nobody can miss at the screen sizes of
 * clinical laptops and desktops (the study file's server cut off by refusing its save calls), going
 * back to a task, the answer in view while rating, 200 % zoom, text size and colour theme.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appPerFile } from './fixtures';
import { ratingKeysFor, startRating, taskHeading, unlockByKeyboard, wholeInView } from './ui';

const shared = appPerFile();

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
    if (viewport.width >= 1600) {
      // A wide screen is used: the rubric side takes half the width instead of stopping at 600 px.
      const width = await page.locator('.workspace-right').evaluate((pane) => pane.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(viewport.width / 2 - 20);
    }

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

/** How much of the element is on screen: its box cut by the viewport and by every ancestor that clips. */
async function visibleHeight(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let top = Math.max(box.top, 0);
    let bottom = Math.min(box.bottom, window.innerHeight);
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
    return Math.max(0, bottom - top);
  });
}

test('at 1366×768 the answer stays in view while every dimension is rated', async () => {
  const { page } = shared.app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await expect(taskHeading(page, 'Rating', 3)).toBeVisible();
  const answer = page.getByRole('region', { name: 'Answer' });
  const dimensions = page.locator('fieldset.dimension');
  const keys = ratingKeysFor(3).keys;
  for (let i = 0; i < keys.length; i++) {
    await expect(dimensions.nth(i)).toHaveAttribute('data-active', 'true');
    // The dimension being rated is in view, and so is (at least a good part of) the answer.
    expect(await visibleHeight(dimensions.nth(i)), `dimension ${i + 1} in view`).toBeGreaterThan(40);
    expect(await visibleHeight(answer), `answer in view while rating dimension ${i + 1}`).toBeGreaterThan(80);
    await page.keyboard.press(keys[i]!);
  }
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Rating', 4)).toBeVisible();
});

/** 1366×768 at 200 % zoom leaves 683×384 CSS pixels: the layout a zoomed page gets. */
const ZOOMED_200 = { width: 683, height: 384 };

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

test('at 200 % zoom the panes stack and no screen scrolls sideways', async () => {
  const { page } = shared.app;
  await page.setViewportSize(ZOOMED_200);
  await expect(taskHeading(page, 'Rating', 4)).toBeVisible();
  expect(await scrollsSideways(page), 'rating task').toBe(false);
  const [left, right] = await page
    .locator('.workspace-left, .workspace-right')
    .evaluateAll((panes) => panes.map((pane) => pane.getBoundingClientRect()));
  expect(right!.top, 'the rubric below the context, not beside it').toBeGreaterThanOrEqual(left!.bottom - 1);
  await page.keyboard.press('h');
  await expect(page.getByRole('dialog', { name: 'Instructions and keys' })).toBeVisible();
  expect(await scrollsSideways(page), 'instructions').toBe(false);
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${shared.study.rater}` })).toBeVisible();
  expect(await scrollsSideways(page), 'home').toBe(false);
  await page.getByRole('button', { name: /Start preference/ }).click();
  await expect(taskHeading(page, 'Preference', 1)).toBeVisible();
  expect(await scrollsSideways(page), 'preference task').toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Finish' })).toBeVisible();
  expect(await scrollsSideways(page), 'finish').toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await page.setViewportSize({ width: 1366, height: 768 });
});

test('Ctrl + and − change the text size, which survives a reload', async () => {
  const { page } = shared.app;
  const rootFontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  await expect(page.getByRole('heading', { name: `Welcome, ${shared.study.rater}` })).toBeVisible();
  expect(await rootFontSize()).toBe('16px');
  await page.keyboard.press('Control+Equal');
  await page.keyboard.press('Control+Equal');
  await expect.poll(rootFontSize).toBe('20px');
  await expect(page.getByRole('button', { name: 'Larger text (now 125 %)' })).toBeVisible();
  await page.keyboard.press('Control+Minus');
  await expect.poll(rootFontSize).toBe('17.6px');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Open a study' })).toBeVisible();
  expect(await rootFontSize()).toBe('17.6px');
  await unlockByKeyboard(page, shared.study.passphrase);
  // Unlocking goes back to where the rater was (the preference task).
  await expect(taskHeading(page, 'Preference', 1)).toBeVisible();
  expect(await rootFontSize()).toBe('17.6px');
  await page.keyboard.press('Control+0');
  await expect.poll(rootFontSize).toBe('16px');
});

test('the theme follows the system until the rater picks one, and the pick is remembered', async () => {
  const { page } = shared.app;
  const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(scheme).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(scheme).toBe('light');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect.poll(scheme).toBe('dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect.poll(scheme).toBe('dark');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(scheme).toBe('light');
});
