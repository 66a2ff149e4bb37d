/**
 * Issue 22's "done when": a seven-model pairwise study end to end. The coordinator's steps go through the
 * real CLI (init, import of seven models' outputs with scores, sample --task pairwise --pairs-per-item,
 * assign to two raters, pack, merge, export, report); one rater compares every pair in the app by keyboard
 * alone (a letter and Enter, X for both unacceptable) and locks, the other answers through the package
 * session the app itself uses. The merged study's export and report then show what the raters chose:
 * each model at A and at B equally often per rater, seven Bradley–Terry log-strengths summing to zero in
 * the order the raters' rule implies, and the win matrix of every pair of models; the coordinator's Reports
 * screen ranks them the same way.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { startPackageSession } from '../../electron/services/session';
import type { AnalysisResult } from '../../shared/analysis';
import type { PreferenceKey } from '../../shared/domain';
import { expectNoSeriousAxeViolations } from './axe';
import { recordCspViolations } from './csp';
import { appPerFile } from './fixtures';
import { E2E_RATER, launchBrowserMode, REPO_ROOT, STUDY_PASSPHRASE, studyWithPackage } from './launcher';
import { instructionsDialog, lockAndReadReceipt, tabTo, unlockByKeyboard } from './ui';

const MODELS = ['aurora-7b', 'basalt-13b', 'cirrus-34b', 'dune-8b', 'ember-70b', 'fjord-3b', 'geyser-1b'];
const SECOND_RATER = 'Dr Second';
const SECOND_PASSPHRASE = 'e2e amber lantern meadow';
/** Six items every model answered; the sample draws three of them in one bin, with all 21 pairs of models once. */
const ITEMS = 6;
const PAIRS = (MODELS.length * (MODELS.length - 1)) / 2;

/** Model m's answer to item i: its number tells the test (not the rater) which model wrote it. */
const answerOf = (i: number, m: number) => `Answer ${i * MODELS.length + m}: rest, fluids and a follow-up visit.`;
const modelIndexOfText = (text: string) => Number(/Answer (\d+):/.exec(text)![1]) % MODELS.length;

/**
 * Both raters' rule: models next to each other in MODELS tie, otherwise the earlier one is better; the last
 * two are both unacceptable. Ties between neighbours keep every model's strength finite (no model wins all).
 */
function judge(a: number, b: number): { choice: PreferenceKey; both: boolean } {
  const choice = Math.abs(a - b) === 1 ? 'T' : a < b ? 'A' : 'B';
  return { choice, both: Math.min(a, b) >= MODELS.length - 2 };
}

function cli(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['electron/cli/blindrate.mjs', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, BLINDRATE_PASSPHRASE: STUDY_PASSPHRASE, ...env },
    encoding: 'utf8',
  });
}

function sevenModelStudy() {
  return studyWithPackage('seven-models', async (masterPath) => {
    const outputs = join(dirname(masterPath), 'outputs.jsonl');
    const records = Array.from({ length: ITEMS }, (_, i) =>
      MODELS.map((model, m) => ({
        item_id: `sev-item-${i + 1}`,
        model,
        question: `Question ${i + 1}: what should I do after discharge?`,
        context: `Discharge summary ${i + 1}.`,
        reference: `Reference answer ${i + 1}.`,
        output: answerOf(i, m),
        score_rouge1: (i * MODELS.length + m + 1) / 100,
      })),
    ).flat();
    writeFileSync(outputs, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    cli(['init', masterPath, '--name', 'Seven models']);
    cli(['import', masterPath, outputs]);
    cli([
      'sample',
      masterPath,
      '--task',
      'pairwise',
      '--bins',
      '1',
      '--per-bin',
      '3',
      '--pairs-per-item',
      '7',
      '--seed',
      '5',
    ]);
    cli(['assign', masterPath, '--raters', `${E2E_RATER},${SECOND_RATER}`, '--overlap', '2', '--seed', '9']);
    // E2E_RATER's package is packed by studyWithPackage; the second rater's here, by the CLI.
    cli(['pack', masterPath, '--rater', SECOND_RATER, '--out', secondPackageOf(masterPath)], {
      BLINDRATE_PACKAGE_PASSPHRASE: SECOND_PASSPHRASE,
    });
  });
}

const secondPackageOf = (masterPath: string) => join(dirname(masterPath), 'second-rater.blindrate');
const shared = appPerFile({}, sevenModelStudy);
let lockReceipt = '';

const comparisonHeading = (position: number) =>
  shared.app.page.getByRole('heading', { level: 1, name: new RegExp(`^Comparison ${position} of ${PAIRS}$`) });
const answerText = (side: 'A' | 'B') =>
  shared.app.page.locator(`section[aria-labelledby="answer-${side}"] .answer-text`).innerText();

test('the first rater compares all 21 pairs by keyboard alone and locks the package', async () => {
  const { page } = shared.app;
  await unlockByKeyboard(page, shared.study.passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${E2E_RATER}` })).toBeVisible();
  await tabTo(page, /Start comparison/);
  await page.keyboard.press('Enter');
  await expect(instructionsDialog(page).or(comparisonHeading(1)).first()).toBeVisible();
  if (await instructionsDialog(page).isVisible()) await page.keyboard.press('Escape');
  await expect(comparisonHeading(1)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the comparison screen of a seven-model study');

  for (let n = 1; n <= PAIRS; n++) {
    await expect(comparisonHeading(n)).toBeVisible();
    const { choice, both } = judge(modelIndexOfText(await answerText('A')), modelIndexOfText(await answerText('B')));
    await page.keyboard.press(choice.toLowerCase());
    if (both) await page.keyboard.press('x');
    await page.keyboard.press('Enter');
  }
  lockReceipt = await lockAndReadReceipt(page);
});

test('the second rater answers through the package session; merge, export and report show the seven models', async () => {
  const { study } = shared;
  const folder = dirname(study.masterPath);
  const secondPackage = secondPackageOf(study.masterPath);
  const secondDb = openStudyDatabase(secondPackage, SECOND_PASSPHRASE, { kind: 'package' });
  try {
    const session = startPackageSession(secondDb, () => new Date());
    for (const { assignmentId } of session.listAssignments('pairwise')) {
      const task = session.getTask(assignmentId);
      if (task.kind !== 'pairwise') throw new Error(`Expected a comparison, got a ${task.kind} task.`);
      const { choice, both } = judge(modelIndexOfText(task.answerA), modelIndexOfText(task.answerB));
      session.savePairwise({ assignmentId, choice, bothUnacceptable: both, comment: '', durationMs: 4000 });
    }
  } finally {
    secondDb.close();
  }

  // The app keeps its package open: merge a copy, closed as the app closes it (test/e2e/study-db.ts says why).
  const firstCopy = join(folder, 'first-rater-returned.blindrate');
  copyFileSync(study.path, firstCopy);
  openStudyDatabase(firstCopy, study.passphrase, { kind: 'package' }).close();
  cli(['merge', study.masterPath, firstCopy, secondPackage, '--receipt', `${firstCopy}=${lockReceipt}`]);

  const exported = join(folder, 'ratings.jsonl');
  cli(['export', study.masterPath, '--what', 'ratings', '--out', exported]);
  const rows = readFileSync(exported, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, string | number | null>);
  expect(rows).toHaveLength(2 * PAIRS);
  for (const rater of [E2E_RATER, SECOND_RATER]) {
    const mine = rows.filter((row) => row.rater === rater);
    expect(mine, rater).toHaveLength(PAIRS);
    for (const row of mine) {
      const [a, b] = [MODELS.indexOf(String(row.model_a)), MODELS.indexOf(String(row.model_b))];
      const { choice, both } = judge(a, b);
      expect(row, `${rater}, ${row.model_a} at A against ${row.model_b}`).toMatchObject({
        task: 'pairwise',
        dimension: 'pairwise',
        value: choice === 'T' ? 'tie' : choice === 'A' ? row.model_a : row.model_b,
        both_unacceptable: both ? 1 : 0,
      });
    }
    // Each model in 6 of the 21 pairs: at A and at B equally often, ±1.
    for (const model of MODELS) {
      const atA = mine.filter((row) => row.model_a === model).length;
      const atB = mine.filter((row) => row.model_b === model).length;
      expect(atA + atB, `${rater}: ${model}'s pairs`).toBe(MODELS.length - 1);
      expect(Math.abs(atA - atB), `${rater}: ${model} at A ${atA}, at B ${atB}`).toBeLessThanOrEqual(1);
    }
  }

  const reportPath = join(folder, 'report.html');
  const analysisPath = join(folder, 'analysis.json');
  cli(['report', study.masterPath, '--out', reportPath, '--json', analysisPath, '--bootstrap', '50', '--seed', '3']);
  const analysis = JSON.parse(readFileSync(analysisPath, 'utf8')) as AnalysisResult;
  const overall = analysis.pairwise!.find((s) => s.dimension === 'pairwise' && s.bin === null)!;
  expect(overall).toMatchObject({ judgements: 2 * PAIRS, items: 3, components: [{ estimable: true }] });
  const strengths = overall.bradleyTerry;
  expect(strengths).toHaveLength(MODELS.length);
  // Strongest first, as the rule ranks them: every earlier model beats every later one but its neighbour.
  expect(strengths.map((s) => s.model)).toEqual(MODELS);
  const logs = strengths.map((s) => s.logStrength!);
  expect(logs.every((value, k) => k === 0 || value < logs[k - 1]!)).toBe(true);
  expect(Math.abs(logs.reduce((sum, value) => sum + value, 0))).toBeLessThan(1e-9);

  // The win matrix: every pair of models, judged once by each rater.
  expect(overall.pairs).toHaveLength(PAIRS);
  for (const pair of overall.pairs) {
    const { choice } = judge(MODELS.indexOf(pair.model), MODELS.indexOf(pair.opponent));
    const won = choice === 'A' ? 2 : 0;
    const lost = choice === 'B' ? 2 : 0;
    expect([pair.wins, pair.ties, pair.losses], `${pair.model} against ${pair.opponent}`).toEqual([
      won,
      2 - won - lost,
      lost,
    ]);
  }
  const html = readFileSync(reportPath, 'utf8');
  expect(html).toContain('Overall preference: win matrix');
  for (const model of MODELS) expect(html).toContain(model);
});

test("the coordinator's Reports screen ranks the seven models and shows their win matrix", async () => {
  const app = await launchBrowserMode({ path: shared.study.masterPath });
  try {
    const { page } = app;
    const csp = await recordCspViolations(page);
    await unlockByKeyboard(page, STUDY_PASSPHRASE);
    await expect(page.getByRole('heading', { level: 1, name: "Raters' progress" })).toBeVisible();
    await page.getByRole('navigation', { name: 'Study steps' }).getByRole('button', { name: 'Reports' }).click();
    const section = page.getByRole('region', { name: 'Model against model (pairwise)' });
    await expect(section).toBeVisible({ timeout: 60_000 });
    await expect(section).toContainText(
      `${2 * PAIRS} judgements of ${MODELS.length} models on 3 items, ${PAIRS} pairs of models compared.`,
    );
    await expect(
      section.getByRole('img', {
        name: 'Overall preference: Bradley–Terry log-strengths with 95% intervals, strongest first',
      }),
    ).toBeVisible();
    const matrix = section.getByRole('table', { name: 'Overall preference: win matrix' });
    // Rows strongest first, as the analysis ranked them.
    await expect(matrix.locator('tbody tr > :first-child')).toHaveText(MODELS);
    expect(csp.violations(), 'CSP violations').toEqual([]);
  } finally {
    await app.close();
  }
});
