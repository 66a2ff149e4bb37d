import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { appPerFile } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { REPO_ROOT } from './launcher';
import { instructionsDialog, rateByKeyboard, ratingKeysFor, tabTo, taskHeading, unlockByKeyboard } from './ui';

const shared = appPerFile();
// Test runs write into test-results/ so they leave the checkout clean; `npm run screenshots` refreshes the ones in docs/rater-guide.md.
const SCREENSHOTS = join(REPO_ROOT, process.env.BLINDRATE_SCREENSHOTS_DIR ?? 'test-results/screenshots');

/** The rater guide's pictures are of a common clinical laptop's screen. */
const SCREENSHOT_VIEWPORT = { width: 1366, height: 768 };

/**
 * Each screen in both themes (the app follows the system's, so emulating it switches): axe, then a
 * screenshot for docs/rater-guide.md (`<name>.png` light, `<name>-dark.png` dark). The CSP recorder
 * watches throughout.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectNoSeriousAxeViolations(page, `${name} (${scheme})`);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}${scheme === 'dark' ? '-dark' : ''}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('every screen, in the light and the dark theme, passes axe (no serious or critical violations), breaks no CSP rule and is photographed for the rater guide', async () => {
  // Every screen is measured and photographed twice (both themes): twice the usual time.
  test.setTimeout(240_000);
  const { page } = shared.app;
  await page.setViewportSize(SCREENSHOT_VIEWPORT);
  // Style elements only with this load's nonce (Mantine's carry it, injected ones cannot), no style attributes from markup.
  const { policy } = shared.csp;
  expect(policy).toMatch(/(^|; )style-src-elem 'self' 'nonce-[A-Za-z0-9+/]{22}=='(;|$)/);
  expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
  expect(policy).toMatch(/(^|; )style-src-attr 'none'(;|$)/);
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { name: 'Open a study' })).toBeVisible();
  await checkScreen(page, '01-unlock');
  await unlockByKeyboard(page, 'wrong');
  await expect(page.getByRole('alert')).toBeVisible();
  await checkScreen(page, '02-unlock-wrong-passphrase');

  await unlockByKeyboard(page, shared.study.passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${shared.study.rater}` })).toBeVisible();

  await tabTo(page, /Start rating/);
  await page.keyboard.press('Enter');
  // The study's instructions, before the first task.
  await expect(instructionsDialog(page).getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await checkScreen(page, '03-instructions');
  await page.keyboard.press('Escape');
  await expect(instructionsDialog(page)).toHaveCount(0);
  for (let n = 1; n <= 2; n++) await rateByKeyboard(page, n, ratingKeysFor(n).keys);
  await page.keyboard.type('42');
  await page.keyboard.press('/');
  await page.keyboard.type('discharge');
  await page.keyboard.press('Enter');
  await checkScreen(page, '05-rating-workspace');

  await page.keyboard.press('Escape');
  await page.keyboard.press('f');
  await expect(page.getByText('Flagged', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('button', { name: /Rating 3 \(not done\)/ })).toBeVisible();
  await checkScreen(page, '04-home');

  await tabTo(page, /Start preference/);
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Preference', 1)).toBeVisible();
  await page.keyboard.press('a');
  await checkScreen(page, '06-preference-workspace');

  // Leaving with a complete choice saves it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Finish' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Preferences \(A or B\) 1 20 0/ })).toBeVisible();
  await checkScreen(page, '07-finish');
  await page.getByRole('button', { name: 'Lock my ratings…' }).click();
  await expect(page.getByRole('dialog', { name: 'Lock your ratings?' })).toBeVisible();
  await checkScreen(page, '08-lock-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Lock my ratings' }).click();
  await expect(page.getByText(/Your ratings were locked/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A rater package has no reports: the locked rater is told to send the file back.
  await expect(page.getByText(/send the file e2e-rater\.blindrate back to your study coordinator/)).toBeVisible();
  // The lock receipt to read to the coordinator: 12 Crockford base32 characters in three groups.
  const receipt = page.getByRole('region', { name: 'Lock receipt' });
  await expect(receipt.getByTestId('lock-receipt')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
  await expect(receipt.getByRole('button', { name: 'Copy receipt' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Reports' })).toHaveCount(0);
  await checkScreen(page, '09-finish-locked');
  expect(shared.csp.violations(), 'CSP violations over every screen').toEqual([]);
});
