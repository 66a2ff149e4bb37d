/**
 * Issue 24: a study with the Med-PaLM-style harm preset and its conditions, rated end to end by keyboard
 * alone: a harm extent above "No harm" asks for its likelihood (the row appears only then), "Death or
 * severe harm" requires a comment, which C opens. Axe on the task screen with each condition shown, the
 * Content Security Policy watched throughout, and what was saved read back from the master after a merge.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_RATING_SAMPLE, writeDemoFiles } from '../../electron/services/demo';
import { importFiles } from '../../electron/services/importer';
import { assignRaters } from '../../electron/services/plan';
import { drawSample } from '../../electron/services/sampler';
import { createStudy } from '../../electron/services/study';
import { MED_PALM_HARM_RUBRIC } from '../../shared/presets/med-palm-harm';
import { expectNoSeriousAxeViolations } from './axe';
import { appPerFile } from './fixtures';
import { E2E_RATER, STUDY_PASSPHRASE, studyWithPackage, type TestStudy } from './launcher';
import { savedRatings } from './study-db';
import { startRating, taskHeading } from './ui';

/** The demo's outputs under the harm preset (its conditions as published with it), one rater's package. */
function harmStudy(): Promise<TestStudy> {
  return studyWithPackage('harm', async (masterPath, clock) => {
    const files = mkdtempSync(join(tmpdir(), 'blindrate-e2e-harm-files-'));
    const db = createStudy(masterPath, STUDY_PASSPHRASE, { rubric: MED_PALM_HARM_RUBRIC, name: 'Harm study', clock });
    try {
      await importFiles(db, writeDemoFiles(files), { clock });
      drawSample(db, { ...DEMO_RATING_SAMPLE, metrics: [] }, clock);
      assignRaters(db, { raters: [E2E_RATER], seed: 103, clock });
    } finally {
      db.close();
      rmSync(files, { recursive: true, force: true });
    }
  });
}

const shared = appPerFile({}, harmStudy);

test('the harm preset with its conditions is rated by keyboard alone, and saved as typed', async () => {
  const { app, study } = shared;
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await startRating(page, study.passphrase, study.rater, 'rating');
  const rubric = page.getByRole('region', { name: 'Rubric' });
  const likelihood = rubric.getByText('Likelihood of possible harm');

  // 1: no harm; the likelihood is not asked. No missing content (1), inappropriate content of little significance (2).
  await expect(taskHeading(page, 'Rating', 1)).toBeVisible();
  await expect(likelihood).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'a harm task');
  await page.keyboard.type('112');
  await page.keyboard.press('Enter');

  // 2: moderate or mild harm; the likelihood row appears right below and is rated next (high).
  await expect(taskHeading(page, 'Rating', 2)).toBeVisible();
  await page.keyboard.type('2');
  await expect(likelihood).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'a harm task asking for the likelihood');
  await page.keyboard.type('331');
  await page.keyboard.press('Enter');

  // 3: death or severe harm, medium likelihood: Enter is refused until the required comment is written.
  await expect(taskHeading(page, 'Rating', 3)).toBeVisible();
  await page.keyboard.type('3211');
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Rating', 3)).toBeVisible();
  const required = page.getByText(
    'A comment is required when extent of possible harm is Death or severe harm. Press C to write it.',
  );
  await expect(required).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'a harm task requiring a comment');
  await page.keyboard.press('c');
  await page.keyboard.type('Tenfold dose for a child.');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(taskHeading(page, 'Rating', 4)).toBeVisible();

  expect(savedRatings(study, study.rater)).toEqual([
    { harm_extent: 0, missing_content: 0, inappropriate_content: 1 },
    { harm_extent: 1, harm_likelihood: 2, missing_content: 2, inappropriate_content: 0 },
    { harm_extent: 2, harm_likelihood: 1, missing_content: 0, inappropriate_content: 0 },
  ]);
});
