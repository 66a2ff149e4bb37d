/** Steps shared by the specs: what a rater or coordinator does, key by key (and a file chosen in browser mode). */
import { expect, type Locator, type Page } from '@playwright/test';
import type { TaskKind } from '../../shared/domain';

function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el && el !== document.body
      ? `${el.getAttribute('aria-label') ?? ''} ${el.innerText ?? ''} ${(el as HTMLInputElement).labels?.[0]?.innerText ?? ''}`
      : '';
  });
}

/** Uploads through the Choose button's file input (browser mode), as choosing in the browser's file dialog does. */
export async function chooseFiles(page: Page, paths: string[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(paths);
  for (const path of paths)
    await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(path.split('/').pop()!);
}

/** Presses Tab until the focused element's accessible text matches, as a keyboard user would. */
export async function tabTo(page: Page, name: RegExp, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (name.test(await focusedLabel(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`No focusable element matching ${name} within ${maxPresses} Tab presses.`);
}

export function passphraseField(page: Page) {
  return page.getByLabel('Passphrase', { exact: true });
}

/** The passphrase field has the focus when the page opens; type and press Enter. */
export async function unlockByKeyboard(page: Page, passphrase: string): Promise<void> {
  await expect(passphraseField(page)).toBeFocused();
  await page.keyboard.type(passphrase);
  await page.keyboard.press('Enter');
}

export function instructionsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Instructions and keys' });
}

/**
 * Before the first task of a study with instructions (the demo's), they open by themselves, in the same
 * update as the task screen: once the task's heading is there, the dialog is too if it comes at all.
 * Esc closes it, as a rater who has read it would.
 */
export async function closeInstructionsIfShown(page: Page, kind: 'Rating' | 'Preference'): Promise<void> {
  const dialog = instructionsDialog(page);
  await expect(dialog.or(taskHeading(page, kind, 1)).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

/** From the unlock screen of a rater package to the first task of a kind, by keyboard: a package opens on its rater's Home. */
export async function startRating(page: Page, passphrase: string, rater: string, kind: TaskKind): Promise<void> {
  await unlockByKeyboard(page, passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${rater}` })).toBeVisible();
  await tabTo(page, new RegExp(`Start ${kind}`));
  await page.keyboard.press('Enter');
  await closeInstructionsIfShown(page, kind === 'rating' ? 'Rating' : 'Preference');
}

export function taskHeading(page: Page, kind: 'Rating' | 'Preference', position: number) {
  return page.getByRole('heading', { level: 1, name: new RegExp(`^${kind} ${position} of \\d+$`) });
}

/** Digits for the four 1–5 dimensions, then u or s for safety, then Enter; waits for the next task. */
export async function rateByKeyboard(page: Page, position: number, keys: string): Promise<void> {
  await expect(taskHeading(page, 'Rating', position)).toBeVisible();
  await page.keyboard.type(keys);
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Rating', position + 1)).toBeVisible();
}

/** The rating keys used for task n: varied so that a mix-up between tasks would show. */
export interface RatingValues extends Record<string, number> {
  factuality: number;
  brevity: number;
  patient_friendliness: number;
  relevance: number;
  safety: number;
}

export function ratingKeysFor(n: number): { keys: string; values: RatingValues } {
  const digits = [((n + 0) % 5) + 1, ((n + 1) % 5) + 1, ((n + 3) % 5) + 1, ((n + 4) % 5) + 1];
  const safe = n % 3 !== 0;
  return {
    keys: `${digits.join('')}${safe ? 's' : 'u'}`,
    values: {
      factuality: digits[0]!,
      brevity: digits[1]!,
      patient_friendliness: digits[2]!,
      relevance: digits[3]!,
      safety: safe ? 1 : 0,
    },
  };
}

async function countOf(page: Page, kind: 'Rating' | 'Preference'): Promise<number> {
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^${kind} 1 of \\d+$`) });
  await expect(heading).toBeVisible();
  return Number(/of (\d+)$/.exec(await heading.innerText())![1]);
}

/**
 * A rater's whole package by keyboard alone: every rating (keys varied by `variant`, so raters differ),
 * every preference, then Finish and lock; returns the lock receipt the Finish screen shows.
 */
export async function rateEverything(page: Page, rater: string, passphrase: string, variant: number): Promise<string> {
  await unlockByKeyboard(page, passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${rater}` })).toBeVisible();
  await tabTo(page, /Start rating/);
  await page.keyboard.press('Enter');
  await closeInstructionsIfShown(page, 'Rating');
  const ratings = await countOf(page, 'Rating');
  for (let n = 1; n <= ratings; n++) {
    await expect(page.getByRole('heading', { level: 1, name: `Rating ${n} of ${ratings}` })).toBeVisible();
    await page.keyboard.type(ratingKeysFor(n + variant).keys);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Finish' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await tabTo(page, /Start preference/);
  await page.keyboard.press('Enter');
  const preferences = await countOf(page, 'Preference');
  for (let n = 1; n <= preferences; n++) {
    await expect(page.getByRole('heading', { level: 1, name: `Preference ${n} of ${preferences}` })).toBeVisible();
    await page.keyboard.press(n % 2 ? 'a' : 'b');
    await page.keyboard.press('Enter');
  }
  return lockAndReadReceipt(page);
}

/** From the Finish page: locks by keyboard (the button, then its confirmation) and returns the lock receipt shown. */
export async function lockAndReadReceipt(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Finish' })).toBeVisible();
  await tabTo(page, /Lock my ratings/);
  await page.keyboard.press('Enter');
  // The confirmation opens with a transition: Tab only once it holds the focus, or a Tab can land behind it.
  const confirmation = page.getByRole('dialog', { name: 'Lock your ratings?' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await tabTo(page, /^\s*Lock my ratings\s*$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/back to your study coordinator/)).toBeVisible();
  return page.getByRole('region', { name: 'Lock receipt' }).getByTestId('lock-receipt').innerText();
}

/** The element's box lies inside the viewport and inside every ancestor that clips its overflow. */
export async function wholeInView(locator: Locator): Promise<string[]> {
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
