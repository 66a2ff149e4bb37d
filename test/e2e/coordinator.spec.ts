/**
 * A coordinator runs a whole study in the app, in browser mode, by keyboard and mouse: new study;
 * import the demo files plus a file with three deliberate errors (all three listed at once, the study
 * byte-identical afterwards), then the corrected file; both samples after reading their previews;
 * three raters with overlap 2 and hidden repeats; packages written, each passphrase shown once; three
 * raters rate their packages; the returns merged in the app, a tampered package refused by name with
 * nothing written; every export downloaded and compared with what the CLI writes for the same study.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { recordCspViolations, type CspRecorder } from './csp';
import { expectNoSeriousAxeViolations } from './axe';
import { launchBrowserMode, REPO_ROOT, type LaunchedApp } from './launcher';
import { chooseFiles, rateEverything, tabTo, unlockByKeyboard } from './ui';

// One long study in steps; under a loaded 2-core machine a step (an import, three packages) can take minutes.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const MASTER_PASSPHRASE = 'e2e coordinator walnut glacier ember';
const RATERS = ['Dr A', 'Dr B', 'Dr C'];
const dir = mkdtempSync(join(tmpdir(), 'blindrate-e2e-coordinator-'));
const data = join(dir, 'data');
const workspace = join(dir, 'workspace');
const downloads = join(dir, 'downloads');
const master = join(workspace, 'discharge.db');
const passphrases = new Map<string, string>();
// Screenshots for docs/coordinator-guide.md: test-results/ by default, docs/screenshots with `npm run screenshots`.
const SCREENSHOTS = join(REPO_ROOT, process.env.BLINDRATE_SCREENSHOTS_DIR ?? 'test-results/screenshots');

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): string {
  const run = spawnSync(process.execPath, ['electron/cli/blindrate.mjs', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, BLINDRATE_PASSPHRASE: MASTER_PASSPHRASE },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** The master's bytes as they are on disk (with any journal beside it), to prove a refusal wrote nothing. */
function masterFingerprint(): string {
  const hash = createHash('sha256');
  for (const suffix of ['', '-wal', '-journal'])
    if (existsSync(master + suffix)) hash.update(suffix).update(readFileSync(master + suffix));
  return hash.digest('hex');
}

/** Axe (WCAG 2.1 A/AA: nothing serious or critical) on the screen as it is, then its picture for the guide. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function openStep(page: Page, step: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Study steps' }).getByRole('button', { name: step, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The demo's JSONL records as a third model's outputs; `broken` puts three mistakes into records 3, 6 and 9. */
function thirdModelFile(broken: boolean): string {
  const records = readFileSync(join(data, 'demo-outputs.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.model === 'atlas-7b')
    .slice(0, 12)
    .map((record): Record<string, unknown> => ({ ...record, model: 'corvid-3b' }));
  if (broken) {
    delete records[2]!.output;
    (records[5]!.scores as Record<string, unknown>).rouge1 = 'high';
    records[8]!.item_id = '';
  }
  const path = join(data, broken ? 'corvid-broken.jsonl' : 'corvid.jsonl');
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

let app: LaunchedApp;
let csp: CspRecorder;

test('a coordinator creates a study in the app, by keyboard', async () => {
  mkdirSync(workspace, { recursive: true });
  cli(['demo', '--out', data]);
  app = await launchBrowserMode({ workspace });
  csp = await recordCspViolations(app.page);
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'Open a study' })).toBeVisible();
  await tabTo(page, /New study/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New study' })).toBeVisible();
  await expect(page.getByLabel('File name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('discharge.db');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Discharge summaries E2E');
  await expect(page.getByRole('table', { name: /MeDiSumQA/ })).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill('weak one');
  await expect(page.getByText(/Strength [0-2] of 4/)).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill(MASTER_PASSPHRASE);
  await expect(page.getByText(/Strength [34] of 4: strong enough/)).toBeVisible();
  await page.getByLabel('Passphrase again').focus();
  await page.keyboard.type(MASTER_PASSPHRASE);
  await expect(page.getByText(/Will create discharge\.db named “Discharge summaries E2E”/)).toBeVisible();
  await checkScreen(page, '10-new-study');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Import outputs' })).toBeVisible();
  expect(existsSync(master)).toBe(true);
});

test('import: every problem of the broken file listed at once, nothing written; then the corrected file', async () => {
  const { page } = app;
  await chooseFiles(page, [join(data, 'demo-outputs.jsonl'), join(data, 'demo-outputs.csv'), thirdModelFile(true)]);
  await expect(page.getByRole('region', { name: 'Preview of demo-outputs.csv' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Column for output in demo-outputs.csv' })).toHaveValue('output');
  await checkScreen(page, '11-import-preview');

  const before = masterFingerprint();
  await page.getByRole('button', { name: 'Import 3 files' }).click();
  const problems = page.getByRole('table', { name: 'Problems' });
  // A job: the worker thread starts, reads every file, then answers (long under load).
  await expect(problems).toBeVisible({ timeout: 120_000 });
  await expect(problems.getByRole('row')).toHaveCount(4);
  for (const line of ['3', '6', '9'])
    await expect(problems.getByRole('row', { name: new RegExp(`^corvid-broken\\.jsonl line ${line} `) })).toBeVisible();
  await expect(page.getByText(/^3 problems/)).toBeVisible();
  await checkScreen(page, '12-import-problems');
  expect(masterFingerprint(), 'the study after the refused import').toBe(before);

  await page.getByRole('button', { name: 'Remove corvid-broken.jsonl' }).click();
  await chooseFiles(page, [thirdModelFile(false)]);
  await page.getByRole('button', { name: 'Import 3 files' }).click();
  await expect(page.getByText(/^Imported \d+ outputs/)).toBeVisible({ timeout: 120_000 });
  const history = page.getByRole('table', { name: 'Import history' });
  for (const file of ['demo-outputs.jsonl', 'demo-outputs.csv', 'corvid.jsonl'])
    await expect(history.getByRole('rowheader', { name: file })).toBeVisible();
  await checkScreen(page, '13-import-history');
});

test('sample both kinds after reading the preview', async () => {
  const { page } = app;
  await openStep(page, 'Sample');
  await expect(page.getByRole('heading', { level: 1, name: 'Sample' })).toBeVisible();
  const seed = page.getByLabel('Seed');
  await expect(seed).not.toHaveValue('');
  for (const model of ['atlas-7b', 'borealis-13b']) await page.getByRole('checkbox', { name: model }).check();
  await page.getByLabel('Bins').fill('2');
  // Too many per bin: the preview says why and offers the largest N that works.
  await page.getByLabel('N per bin').fill('99');
  await expect(page.getByText(/The largest N per bin that works: \d+/).first()).toBeVisible();
  await page.getByLabel('N per bin').fill('1');
  await expect(page.getByRole('status').filter({ hasText: 'Will draw 4 rating tasks' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Histogram of \d+ average scores/ }).first()).toBeVisible();
  await checkScreen(page, '14-sample-preview');
  await page.getByRole('button', { name: 'Draw the rating sample' }).click();
  await expect(page.getByText(/^Drew the rating sample: 4 tasks, seed \d+\.$/)).toBeVisible();

  await page.locator('label', { hasText: 'Preference sample' }).click();
  for (const model of ['atlas-7b', 'borealis-13b']) await page.getByRole('checkbox', { name: model }).check();
  await page.getByLabel('Bins').fill('2');
  await page.getByLabel('N per bin').fill('1');
  await expect(page.getByRole('status').filter({ hasText: 'Will draw 4 preference tasks' })).toBeVisible();
  await page.getByRole('button', { name: 'Draw the preference sample' }).click();
  await expect(page.getByText(/^Drew the preference sample: 4 tasks/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Samples in this study' }).getByRole('row')).toHaveCount(3);
});

test('assign three raters with overlap 2 and hidden repeats, after the preview of their loads', async () => {
  const { page } = app;
  await openStep(page, 'Raters');
  await page.getByLabel('Rater names').fill(RATERS.join('\n'));
  await page.getByLabel('Raters per output (overlap)').fill('2');
  await page.getByLabel('Hidden repeats (share of rating tasks)').fill('0.25');
  const preview = page.getByRole('region', { name: 'Preview of the plan' });
  await expect(preview).toContainText('each output rated by 2 rater(s)');
  for (const rater of RATERS) await expect(preview.getByRole('rowheader', { name: rater })).toBeVisible();
  await checkScreen(page, '15-raters-preview');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(/^Assigned 3 raters: Dr A \d+ tasks/)).toBeVisible();
});

test('write the three packages; each passphrase is shown once, with its hand-over sheet', async () => {
  const { page } = app;
  await openStep(page, 'Packages');
  await expect(page.getByText(/Will write 3 packages into the workspace folder/)).toBeVisible();
  await page.getByRole('button', { name: 'Write 3 packages' }).click();
  for (const rater of RATERS) {
    const sheet = page.getByRole('region', { name: `Hand-over sheet for ${rater}` });
    await expect(sheet).toBeVisible({ timeout: 120_000 });
    const passphrase = (await sheet.locator('code.passphrase').innerText()).trim();
    expect(passphrase.split(' ')).toHaveLength(6);
    passphrases.set(rater, passphrase);
    await expect(sheet.getByRole('button', { name: `Copy ${rater}'s passphrase` })).toBeVisible();
  }
  await checkScreen(page, '16-packages-written');

  // Shown again only after the master passphrase is typed again.
  await page.getByRole('button', { name: "Show Dr B's passphrase…" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Master passphrase').fill('not the passphrase');
  await dialog.getByRole('button', { name: 'Show passphrase' }).click();
  await expect(dialog.getByText(/not the passphrase of this study/)).toBeVisible();
  await dialog.getByLabel('Master passphrase').fill(MASTER_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Show passphrase' }).click();
  await expect(dialog.locator('code.passphrase')).toHaveText(passphrases.get('Dr B')!);
  await checkScreen(page, '17-packages-show-again');
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(csp.violations(), 'CSP violations').toEqual([]);
  await app.close();
});

for (const [index, rater] of RATERS.entries()) {
  test(`${rater} rates their package by keyboard`, async () => {
    const raterApp = await launchBrowserMode({ path: join(workspace, `${rater}.blindrate`) });
    try {
      await rateEverything(raterApp.page, rater, passphrases.get(rater)!, index);
    } finally {
      await raterApp.close();
    }
  });
}

test('returns: a tampered package is refused by name and nothing is merged; then the three are merged', async () => {
  const packageOf = (rater: string) => join(workspace, `${rater}.blindrate`);
  const tampered = join(data, 'tampered.blindrate');
  copyFileSync(packageOf('Dr B'), tampered);
  const db = openStudyDatabase(tampered, passphrases.get('Dr B')!, { kind: 'package' });
  db.prepare(`UPDATE ratings SET value = 6 - value WHERE dimension = 'relevance'`).run();
  db.close();

  app = await launchBrowserMode({ path: master, workspace });
  csp = await recordCspViolations(app.page);
  const { page } = app;
  await unlockByKeyboard(page, MASTER_PASSPHRASE);
  await expect(page.getByRole('heading', { level: 1, name: "Raters' progress" })).toBeVisible();
  await openStep(page, 'Returns');
  const before = masterFingerprint();
  await chooseFiles(page, [packageOf('Dr A'), tampered, packageOf('Dr C')]);
  await page.getByRole('button', { name: 'Check and merge 3 packages' }).click();
  const checked = page.getByRole('table', { name: 'Each package checked' });
  await expect(
    checked.getByRole('row', {
      name: /^tampered\.blindrate .*refused rating task 1: the stored answer differs from the last audited one\.$/,
    }),
  ).toBeVisible({ timeout: 120_000 });
  await expect(checked.getByRole('row', { name: /^Dr A\.blindrate Dr A accepted/ })).toBeVisible();
  await expect(page.getByText(/^Nothing was merged/)).toBeVisible();
  await checkScreen(page, '18-returns-refused');
  expect(masterFingerprint(), 'the study after the refused merge').toBe(before);

  await page.getByRole('button', { name: 'Remove tampered.blindrate' }).click();
  await chooseFiles(page, [packageOf('Dr B')]);
  await page.getByRole('button', { name: 'Check and merge 3 packages' }).click();
  await expect(page.getByText('Merged 3 package(s).')).toBeVisible({ timeout: 120_000 });
  const progress = page.getByRole('region', { name: "Raters' progress" });
  for (const rater of RATERS)
    await expect(
      progress.getByRole('row', { name: new RegExp(`^${rater} 1 .+ yes \\d+/\\d+ \\d+/\\d+$`) }),
    ).toBeVisible();
  await checkScreen(page, '19-returns-merged');
});

const EXPORTS: ReadonlyArray<{ button: string; cli: (out: string) => string[] }> = [
  { button: 'Save Ratings (tidy) as CSV', cli: (out) => ['export', master, '--what', 'ratings', '--out', out] },
  { button: 'Save Ratings (tidy) as JSONL', cli: (out) => ['export', master, '--what', 'ratings', '--out', out] },
  { button: 'Save Ratings (wide) as CSV', cli: (out) => ['export', master, '--what', 'ratings-wide', '--out', out] },
  { button: 'Save Data dictionary as CSV', cli: (out) => ['export', master, '--what', 'dictionary', '--out', out] },
  { button: 'Save Outputs as CSV', cli: (out) => ['export', master, '--what', 'outputs', '--out', out] },
  { button: 'Save Sample as CSV', cli: (out) => ['export', master, '--what', 'sample', '--out', out] },
  { button: 'Save Report as HTML', cli: (out) => ['report', master, '--out', out] },
  { button: 'Save Analysis as JSON', cli: (out) => ['report', master, '--out', `${out}.html`, '--json', out] },
];
/** The Reports screen's own buttons: the same export path, so the same bytes as the CLI. */
const REPORT_EXPORTS: ReadonlyArray<{ button: string; cli: (out: string) => string[] }> = [
  { button: 'Save report…', cli: (out) => ['report', master, '--out', out] },
  { button: 'Export CSV', cli: (out) => ['export', master, '--what', 'ratings', '--out', out] },
];
const downloaded = new Map<string, string>();

/** The download comes when the export job ends: as long as its status may take (a 1,000-resample analysis). */
async function saveDownload(page: Page, button: string): Promise<void> {
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const path = join(downloads, `${downloaded.size}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  downloaded.set(button, path);
  await expect(page.getByRole('status').filter({ hasText: `Saved ${file.suggestedFilename()}` })).toBeVisible({
    timeout: 120_000,
  });
}

test('exports: each one downloaded from the app', async () => {
  const { page } = app;
  await openStep(page, 'Exports');
  mkdirSync(downloads, { recursive: true });
  for (const { button } of [...EXPORTS, { button: 'Save Backup as file' }]) await saveDownload(page, button);
  await checkScreen(page, '20-exports');

  // The Reports screen shows the HTML report's Methods and parameters, and saves the same files.
  await openStep(page, 'Reports');
  await expect(page.getByRole('region', { name: 'Methods' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('table', { name: 'Samples' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rubric' })).toBeVisible();
  for (const { button } of REPORT_EXPORTS) await saveDownload(page, button);
  await checkScreen(page, '21-reports');
  expect(csp.violations(), 'CSP violations').toEqual([]);
  await app.close();
});

/** What differs between two runs of the same export: the time it was made. */
function withoutTimes(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
}

test("every export is the CLI's output for the same study, time stamps aside", () => {
  for (const { button, cli: args } of [...EXPORTS, ...REPORT_EXPORTS]) {
    const app = downloaded.get(button)!;
    const out = join(downloads, `cli-${app.split('/').pop()}`);
    cli(args(out));
    expect(withoutTimes(readFileSync(app, 'utf8')), button).toBe(withoutTimes(readFileSync(out, 'utf8')));
  }
  const backup = downloaded.get('Save Backup as file')!;
  const db = openStudyDatabase(backup, MASTER_PASSPHRASE, { kind: 'master' });
  try {
    expect(db.prepare('SELECT COUNT(*) FROM outputs').pluck().get()).toBeGreaterThan(0);
  } finally {
    db.close();
  }
});
