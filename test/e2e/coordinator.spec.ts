/**
 * A coordinator runs a whole study in the app, in browser mode, by keyboard and mouse: new study;
 * import the demo files plus a file with three deliberate errors (all three listed at once, the study
 * byte-identical afterwards), then the corrected file; both samples after reading their previews;
 * three raters with overlap 2 and hidden repeats; packages written, each passphrase shown once; three
 * raters rate their packages; the returns merged in the app, a tampered package refused by name with
 * nothing written; every export downloaded and compared with what the CLI writes for the same study.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { recordCspViolations, type CspRecorder } from './csp';
import { launchBrowserMode, REPO_ROOT, type LaunchedApp } from './launcher';
import { rateEverything, tabTo, unlockByKeyboard } from './ui';

test.describe.configure({ mode: 'serial' });

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
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${name}`).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function openStep(page: Page, step: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Study steps' }).getByRole('button', { name: step, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Uploads through the Choose button's file input, as choosing in the browser's file dialog does. */
async function chooseFiles(page: Page, paths: string[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(paths);
  for (const path of paths)
    await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(path.split('/').pop()!);
}

/** The demo's JSONL records as a third model's outputs; `broken` puts three mistakes into records 3, 6 and 9. */
function thirdModelFile(broken: boolean): string {
  const records = readFileSync(join(data, 'demo-outputs.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.model === 'atlas-7b')
    .slice(0, 12)
    .map((record) => ({ ...record, model: 'corvid-3b' }));
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
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(4);
  for (const line of ['3', '6', '9'])
    await expect(problems.getByRole('row', { name: new RegExp(`corvid-broken\\.jsonl .*${line}`) })).toBeVisible();
  await expect(page.getByText(/^3 problems/)).toBeVisible();
  await checkScreen(page, '12-import-problems');
  expect(masterFingerprint(), 'the study after the refused import').toBe(before);

  await page.getByRole('button', { name: 'Remove corvid-broken.jsonl' }).click();
  await chooseFiles(page, [thirdModelFile(false)]);
  await page.getByRole('button', { name: 'Import 3 files' }).click();
  await expect(page.getByText(/^Imported \d+ outputs/)).toBeVisible({ timeout: 60_000 });
  const history = page.getByRole('table', { name: 'Import history' });
  for (const file of ['demo-outputs.jsonl', 'demo-outputs.csv', 'corvid.jsonl'])
    await expect(history.getByRole('rowheader', { name: file })).toBeVisible();
  await checkScreen(page, '13-import-history');
});
