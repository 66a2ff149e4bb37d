/**
 * The coordinator's Adjudicate step in browser mode, by keyboard: on a merged three-rater study (rated and
 * merged through the services) the step shows the disputes the service counts, a lower Likert threshold
 * shows more, a rater named as adjudicator is refused under the field, and a package for a new adjudicator
 * with a generated passphrase is downloaded, opens with the passphrase its hand-over sheet shows, holds the
 * disputed outputs, and is listed as a round; once the adjudicator has settled it, Returns merges it and the
 * round shows it returned and settled. The step passes axe and breaks no Content Security Policy rule.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { previewAdjudication } from '../../electron/services/adjudication-preview';
import { startPackageSession } from '../../electron/services/session';
import { systemClock } from '../../electron/services/system-clock';
import type { AdjudicationPreview } from '../../shared/coordinator-api';
import { fixedClock, PASSPHRASE, type SeededStudy } from '../integration/session/fixture';
import { adjudicateAll, ratedThreeRaterStudy, RATERS } from '../integration/adjudication/fixture';
import { expectNoSeriousAxeViolations } from './axe';
import { expectNoCspViolationsThen, recordCspViolations, type CspRecorder } from './csp';
import { launchBrowserMode, type LaunchedApp } from './launcher';
import { chooseFiles, tabTo, unlockByKeyboard } from './ui';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let study: SeededStudy;
let atDefaults: AdjudicationPreview;
let atLikertOne: AdjudicationPreview;
let app: LaunchedApp;
let csp: CspRecorder;
const downloads = mkdtempSync(join(tmpdir(), 'blindrate-e2e-adjudicate-step-'));
const packagePath = join(downloads, 'e.blindrate');
/** The generated passphrase the hand-over sheet showed for the downloaded package. */
let packagePassphrase: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  study = ratedThreeRaterStudy();
  // What the step must show, as the service counts it for the same master.
  atDefaults = previewAdjudication(study.db, {});
  atLikertOne = previewAdjudication(study.db, { likert: 1 });
  study.db.close();
  app = await launchBrowserMode({ path: study.path });
  csp = await recordCspViolations(app.page);
});

test.afterAll(() =>
  expectNoCspViolationsThen(csp, async () => {
    await app?.close();
    study?.cleanup();
    rmSync(downloads, { recursive: true, force: true });
  }),
);

const countLine = (preview: AdjudicationPreview) =>
  `${preview.disputes} disputes in ${preview.tasks} tasks would go to the adjudicator.`;

function adjudicatorField(page: Page) {
  return page.getByRole('textbox', { name: 'Adjudicator' });
}

test('the step shows the disputes per dimension, and a lower threshold shows more', async () => {
  const { page } = app;
  await unlockByKeyboard(page, PASSPHRASE);
  await expect(page.getByRole('navigation', { name: 'Study steps' })).toBeVisible();
  await tabTo(page, /^\s*Adjudicate\s*$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Adjudicate' })).toBeVisible();

  const disagreements = page.getByRole('region', { name: 'Disagreements' });
  await expect(disagreements.getByRole('status')).toHaveText(countLine(atDefaults));
  expect(atDefaults.disputes).toBeGreaterThan(0);
  for (const row of atDefaults.dimensions) {
    // Columns: dimension (the row's header), disputed when, outputs compared, disputed.
    const cells = disagreements.getByRole('row', { name: new RegExp(`^${row.label}\\b`) }).getByRole('cell');
    await expect(cells.nth(1)).toHaveText(String(row.compared));
    await expect(cells.nth(2)).toHaveText(String(row.disputes));
  }
  await expectNoSeriousAxeViolations(page, 'adjudicate step');

  // A Likert rating one step apart now counts as a disagreement.
  expect(atLikertOne.disputes).toBeGreaterThan(atDefaults.disputes);
  await tabTo(page, /Likert threshold/);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await expect(disagreements.getByRole('status')).toHaveText(countLine(atLikertOne));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await expect(disagreements.getByRole('status')).toHaveText(countLine(atDefaults));
});

test('a rater of the study is refused as adjudicator, under the field', async () => {
  const { page } = app;
  await tabTo(page, /^\s*Adjudicator\b/);
  await page.keyboard.type(RATERS[1]!);
  await tabTo(page, /^\s*Write the adjudication package\s*$/);
  await page.keyboard.press('Enter');
  const field = adjudicatorField(page);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The refusal is the field's error, read out with it: it names the rater.
  await expect(field).toHaveAccessibleDescription(new RegExp(`${RATERS[1]} is a rater of this study`));
  await expect(page.getByRole('region', { name: 'Adjudication packages' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'adjudicate step, adjudicator refused');
});

test('a package for a new adjudicator is downloaded, opens with the sheet’s passphrase and is listed', async () => {
  const { page } = app;
  await adjudicatorField(page).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Dr E');
  await tabTo(page, /^\s*Write the adjudication package\s*$/);
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await (await downloaded).saveAs(packagePath);

  const sheet = page.getByRole('region', { name: 'Hand-over sheet for Dr E' });
  await expect(sheet).toBeVisible();
  packagePassphrase = (await sheet.locator('code.passphrase').innerText()).trim();
  await expect(page.getByText(`(${atDefaults.disputes} disputes in ${atDefaults.tasks} tasks)`)).toBeVisible();

  const pkg = openStudyDatabase(packagePath, packagePassphrase, { kind: 'package' });
  try {
    const session = startPackageSession(pkg, fixedClock);
    const tasks = [...session.listAssignments('rating'), ...session.listAssignments('preference')];
    expect(tasks).toHaveLength(atDefaults.tasks);
  } finally {
    pkg.close();
  }

  const rounds = page.getByRole('region', { name: 'Adjudication packages' });
  const round = rounds.getByRole('row', { name: /^Dr E\b/ });
  await expect(round).toContainText('shown');
  await expect(round).toContainText('not yet: merge it in Returns');
  await expect(round).toContainText(`0 of ${atDefaults.disputes}`);
  await expectNoSeriousAxeViolations(page, 'adjudicate step, package written');
});

test('the settled package is merged in Returns, and the step lists its round as returned and settled', async () => {
  const { page } = app;
  // The app issued the package by the wall clock; the adjudicator's answers come after it, as on their own machine.
  adjudicateAll(packagePath, packagePassphrase, systemClock);
  await tabTo(page, /^\s*Returns\s*$/, 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await chooseFiles(page, [packagePath]);
  await tabTo(page, /^\s*Check and merge 1 package\s*$/);
  await page.keyboard.press('Enter');
  const checked = page.getByRole('region', { name: 'Checked packages' });
  await expect(checked.getByRole('status')).toHaveText('Merged 1 package(s).', { timeout: 120_000 });
  await expect(checked.getByRole('row', { name: /^e\.blindrate Dr E accepted/ })).toContainText(
    `Merged e.blindrate: Dr E settled ${atDefaults.disputes} of ${atDefaults.disputes} disputes (locked).`,
  );
  await expectNoSeriousAxeViolations(page, 'returns, adjudication package merged');

  await tabTo(page, /^\s*Adjudicate\s*$/, 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Adjudicate' })).toBeVisible();
  const round = page.getByRole('region', { name: 'Adjudication packages' }).getByRole('row', { name: /^Dr E\b/ });
  await expect(round).not.toContainText('not yet');
  await expect(round).toContainText(`${atDefaults.disputes} of ${atDefaults.disputes}`);
  await expectNoSeriousAxeViolations(page, 'adjudicate step, package merged');
});
