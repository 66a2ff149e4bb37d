/**
 * Issue 21: the calibration round fits a clinical laptop's screen. A package whose first tasks are
 * calibration (practice) tasks, rated by keyboard at 1366×768 and at 200 % zoom (683×384 CSS pixels):
 * the "Practice task" notice is in view before rating, and after the save the feedback's heading is
 * whole inside the viewport and not clipped by its pane, although the rater had scrolled the rubric
 * down to its last dimension.
 */
import { expect, test } from '@playwright/test';
import { iterateSampledOutputs } from '../../db/samples';
import { buildDemoStudy } from '../../electron/services/demo';
import { assignRaters } from '../../electron/services/plan';
import { openStudy } from '../../electron/services/study';
import { appPerFile } from './fixtures';
import { E2E_RATER, STUDY_PASSPHRASE, studyWithPackage, type TestStudy } from './launcher';
import { ratingKeysFor, startRating, taskHeading, wholeInView } from './ui';

const CALIBRATION_TASKS = 2;

/** The demo study with a plan whose rater starts with two calibration tasks of sampled outputs. */
function calibrationStudy(): Promise<TestStudy> {
  return studyWithPackage('calibration', async (masterPath, clock) => {
    await buildDemoStudy(masterPath, STUDY_PASSPHRASE, clock);
    const master = openStudy(masterPath, STUDY_PASSPHRASE);
    try {
      const sampled = [...iterateSampledOutputs(master)].filter((row) => row.task === 'rating').slice(0, 2);
      const calibration = [
        'item_id,model,factuality,brevity,patient_friendliness,relevance,safety,rationale',
        ...sampled.map((row) => `${row.item_id},${row.model},4,3,4,5,1,Accurate; a little long for a patient`),
      ].join('\n');
      assignRaters(master, {
        raters: [E2E_RATER],
        seed: 103,
        qc: { repeats: 0, referenceControls: 0, calibration: CALIBRATION_TASKS },
        calibrationFile: { name: 'calibration.csv', text: `${calibration}\n` },
        clock,
      });
    } finally {
      master.close();
    }
  });
}

const shared = appPerFile({}, calibrationStudy);

// At 200 % the panes stack (context first), so the notice is reached by scrolling down to the rubric.
for (const [position, viewport, name, stacked] of [
  [1, { width: 1366, height: 768 }, '1366×768', false],
  [2, { width: 683, height: 384 }, '200 % zoom (683×384)', true],
] as const) {
  test(`at ${name} a calibration task says it is practice, and its feedback heading is whole in view after the save`, async () => {
    const { app, study } = shared;
    const { page } = app;
    await page.setViewportSize(viewport);
    if (position === 1) await startRating(page, study.passphrase, study.rater, 'rating');
    await expect(taskHeading(page, 'Rating', position)).toBeVisible();
    const notice = page.getByRole('note').filter({ hasText: 'Practice task' });
    await expect(notice).toBeVisible();
    const noticeTitle = notice.getByText('Practice task', { exact: true });
    if (stacked) await noticeTitle.scrollIntoViewIfNeeded();
    expect(await wholeInView(noticeTitle), 'the practice notice').toEqual([]);
    // Said before it is rated: above the answer and the rubric.
    const [noticeBox, rubricBox] = await Promise.all([
      notice.boundingBox(),
      page.getByRole('region', { name: 'Rubric' }).boundingBox(),
    ]);
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(rubricBox!.y);

    await page.keyboard.type(ratingKeysFor(position).keys);
    // As one does rating the last dimension: the rubric's pane scrolled to its end.
    await page.locator('.workspace-right').evaluate((pane) => (pane.scrollTop = pane.scrollHeight));
    await page.keyboard.press('Enter');

    const heading = page.getByRole('heading', { name: 'Calibration: the expected rating' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your rating and the expected rating' })).toBeVisible();
    // Give a late scroll (the focus moving to Continue) its chance before looking.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    expect(await wholeInView(heading), `the feedback heading at ${name}`).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(taskHeading(page, 'Rating', position + 1)).toBeVisible();
  });
}
