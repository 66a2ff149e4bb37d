/**
 * The Reports screen with a pairwise section: Bradley–Terry forest plots, the win matrix heat map and the
 * strengths per bin pass axe (WCAG 2.1 A/AA: nothing serious or critical, light and dark theme) and break no CSP rule. The
 * coordinator's real report of the demo study is served, with the pairwise section of the fixture study
 * (test/fixtures/analysis/pairwise_small.csv) put in by the page's fake API reply.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { analyzeTidyRatings } from '../../shared/analysis';
import type { ApiSuccess } from '../../shared/transport';
import type { StudyReport } from '../../shared/api';
import { parseTidyRatingsCsv } from '../../electron/services/tidy-ratings-csv';
import { expectNoSeriousAxeViolations } from './axe';
import { recordCspViolations } from './csp';
import { createTestStudy, launchBrowserMode, STUDY_PASSPHRASE } from './launcher';
import { unlockByKeyboard } from './ui';

const fixture = new URL('../fixtures/analysis/pairwise_small.csv', import.meta.url);
const { pairwise } = parseTidyRatingsCsv(readFileSync(fixture, 'utf8'), 'pairwise_small.csv');
const PAIRWISE = analyzeTidyRatings([], { bootstrap: 100, seed: 1, pairwise }).pairwise!;

test('Reports screen: the pairwise section passes axe and breaks no CSP rule', async () => {
  test.setTimeout(180_000);
  const study = await createTestStudy();
  const app = await launchBrowserMode({ path: study.masterPath });
  try {
    const { page } = app;
    const csp = await recordCspViolations(page);
    await page.route('**/api/getReport', async (route) => {
      const response = await route.fetch();
      const reply = (await response.json()) as ApiSuccess<StudyReport>;
      reply.value.result.pairwise = PAIRWISE;
      await route.fulfill({ response, json: reply });
    });
    await unlockByKeyboard(page, STUDY_PASSPHRASE);
    await expect(page.getByRole('heading', { level: 1, name: "Raters' progress" })).toBeVisible();
    await page.keyboard.press('Enter');
    const section = page.getByRole('region', { name: 'Model against model (pairwise)' });
    await expect(section).toBeVisible({ timeout: 120_000 });
    await expect(
      section.getByRole('img', {
        name: 'Overall preference: Bradley–Terry log-strengths with 95% intervals, strongest first',
      }),
    ).toBeVisible();
    await expect(section.getByRole('table', { name: 'Overall preference: win matrix' })).toBeVisible();
    await expect(section.getByRole('table', { name: 'clarity: log-strengths per bin' })).toContainText('not estimable');
    await section.scrollIntoViewIfNeeded();
    // The whole screen in both themes (the app follows the system's): the notes and intervals of every section too.
    await expectNoSeriousAxeViolations(page, 'the Reports screen with a pairwise section (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousAxeViolations(page, 'the Reports screen with a pairwise section (dark)');
    expect(csp.violations(), 'CSP violations').toEqual([]);
  } finally {
    await app.close();
    study.dispose();
  }
});
