/**
 * The coordinator's whole flow with rater packages, in browser mode: init, import, sample, assign
 * three raters with overlap 2, pack three packages; each rater opens their package and rates by
 * keyboard; the coordinator merges all three, merges one again (no change), is refused an edited
 * package (named by task position) and a package from another study, and the report's agreement
 * is computed on the doubly-rated outputs.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { recordCspViolations } from './csp';
import { launchBrowserMode, REPO_ROOT } from './launcher';
import { rateEverything, unlockByKeyboard } from './ui';

test.describe.configure({ mode: 'serial' });

const MASTER_PASSPHRASE = 'e2e coordinator copper lantern orbit';
const RATERS = ['Dr A', 'Dr B', 'Dr C'];
const dir = mkdtempSync(join(tmpdir(), 'blindrate-e2e-packages-'));
const master = join(dir, 'study.db');
/** Each rater's package, and the lock receipt their Finish screen showed. */
const packages = new Map<string, { path: string; passphrase: string; id: string; receipt?: string }>();

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One `blindrate` command as a coordinator types it; returns stdout, or fails with stderr. */
function cli(args: string[], expectFailure = false): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['electron/cli/blindrate.mjs', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, BLINDRATE_PASSPHRASE: MASTER_PASSPHRASE, BLINDRATE_PACKAGE_PASSPHRASE: '' },
    encoding: 'utf8',
  });
  if (expectFailure) expect(run.status, run.stdout).not.toBe(0);
  else expect(run.status, run.stderr).toBe(0);
  return { stdout: run.stdout, stderr: run.stderr };
}

/** A small study: two models × two bins × one output, for ratings and for preferences. */
function makeStudy(path: string, seed: number): void {
  cli(['init', path, '--name', 'Packages E2E']);
  cli(['import', path, join(dir, 'data', 'demo-outputs.jsonl'), join(dir, 'data', 'demo-outputs.csv')]);
  for (const [task, offset] of [
    ['rating', 1],
    ['preference', 2],
  ] as const) {
    cli([
      'sample',
      path,
      '--task',
      task,
      '--models',
      'atlas-7b,borealis-13b',
      '--bins',
      '2',
      '--per-bin',
      '1',
      '--seed',
      String(seed + offset),
    ]);
  }
}

test('coordinator: init, import, sample, assign three raters with overlap 2, pack three packages', () => {
  cli(['demo', '--out', join(dir, 'data')]);
  makeStudy(master, 10);
  const plan = cli(['assign', master, '--raters', RATERS.join(','), '--overlap', '2', '--seed', '7']).stdout;
  expect(plan).toContain('Outputs: 8 by 2 raters.');
  for (const rater of RATERS) {
    const path = join(dir, `${rater.replace(' ', '-')}.blindrate`);
    const { stdout } = cli(['pack', master, '--rater', rater, '--out', path]);
    const passphrase = /^passphrase: (.+)$/m.exec(stdout)![1]!;
    expect(passphrase.split(' ')).toHaveLength(6);
    packages.set(rater, { path, passphrase, id: /package ([0-9a-f-]{36})\)/.exec(stdout)![1]! });
  }
});

for (const rater of RATERS) {
  test(`${rater} opens their package in the app and rates everything by keyboard`, async () => {
    const pkg = packages.get(rater)!;
    const app = await launchBrowserMode({ path: pkg.path });
    try {
      const csp = await recordCspViolations(app.page);
      pkg.receipt = await rateEverything(app.page, rater, pkg.passphrase, RATERS.indexOf(rater));
      expect(csp.violations(), 'CSP violations').toEqual([]);
    } finally {
      await app.close();
    }
  });
}

test('coordinator: merges all three, merges one again without change, refuses an edited and a foreign package', () => {
  const paths = RATERS.map((r) => packages.get(r)!.path);
  // Each receipt as the rater read it out from their Finish screen.
  const receipts = RATERS.flatMap((r, i) => ['--receipt', `${basename(paths[i]!)}=${packages.get(r)!.receipt!}`]);
  const merged = cli(['merge', master, ...paths, ...receipts])
    .stdout.trim()
    .split('\n');
  expect(merged).toHaveLength(3);
  for (const line of merged)
    expect(line).toMatch(
      /^Dr-[ABC]\.blindrate \(Dr [ABC]\): \d+ answers added, .*rater locked, lock receipt confirmed\.$/,
    );
  expect(cli(['merge', master, paths[0]!]).stdout).toBe(
    'Dr-A.blindrate (Dr A): already merged, nothing changed; lock receipt confirmed.\n',
  );

  const edited = join(dir, 'edited.blindrate');
  copyFileSync(paths[1]!, edited);
  const db = openStudyDatabase(edited, packages.get('Dr B')!.passphrase, { kind: 'package' });
  const firstRating = db
    .prepare(`SELECT id FROM tasks WHERE kind = 'rating' ORDER BY position LIMIT 1`)
    .pluck()
    .get() as string;
  db.prepare(`UPDATE ratings SET value = 6 - value WHERE task_id = ? AND dimension = 'relevance'`).run(firstRating);
  db.close();
  expect(cli(['merge', master, edited], true).stderr).toBe(
    'blindrate: edited.blindrate: rating task 1: the stored answer differs from the last audited one.\n',
  );

  const otherMaster = join(dir, 'other.db');
  makeStudy(otherMaster, 20);
  cli(['assign', otherMaster, '--raters', 'Dr A', '--seed', '3']);
  const foreign = join(dir, 'foreign.blindrate');
  cli(['pack', otherMaster, '--rater', 'Dr A', '--out', foreign]);
  expect(cli(['merge', master, foreign], true).stderr).toBe(
    'blindrate: foreign.blindrate: was not issued by this study (a package from another study, or not a BlindRate package).\n',
  );
  expect(cli(['audit', 'verify', master]).stdout).toMatch(/^ok, \d+ entries\n$/);
  expect(cli(['status', master]).stdout).toMatch(/Dr A +issued 1 +returned \S+ +locked \S+ +rating \d\/\d/);
});

test("coordinator: the master opens as the coordinator's view, with progress per rater and reports, and no rating", async () => {
  const app = await launchBrowserMode({ path: master });
  try {
    const { page } = app;
    const csp = await recordCspViolations(page);
    await unlockByKeyboard(page, MASTER_PASSPHRASE);
    await expect(page.getByRole('heading', { level: 1, name: "Raters' progress" })).toBeVisible();
    for (const rater of RATERS)
      await expect(page.getByRole('row', { name: new RegExp(`^${rater} 1 .+ yes \\d/\\d \\d/\\d$`) })).toBeVisible();
    await expect(page.getByRole('button', { name: /Start rating/ })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    // The charts (Recharts, Mantine) render under the CSP without a violation.
    await expect(page.getByRole('heading', { name: 'Ratings by bin' })).toBeVisible();
    expect(csp.violations(), 'CSP violations').toEqual([]);
  } finally {
    await app.close();
  }
});

test("coordinator: the report computes agreement on the doubly-rated outputs and names each answer's package", () => {
  const json = join(dir, 'report.json');
  cli(['report', master, '--out', join(dir, 'report.html'), '--json', json, '--bootstrap', '0']);
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  expect(html).toContain('<h3>Rater packages</h3>');
  for (const { id } of packages.values()) expect(html).toContain(id);
  cli(['export', master, '--what', 'ratings', '--out', join(dir, 'ratings.jsonl')]);
  const rows = readFileSync(join(dir, 'ratings.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { rater: string; package_id: string });
  for (const row of rows) expect(row.package_id).toBe(packages.get(row.rater)!.id);
  const result = JSON.parse(readFileSync(json, 'utf8')) as {
    counts: { raters: number; outputs: number };
    agreement: Record<string, { units: number }>;
  };
  expect(result.counts.raters).toBe(3);
  // Every one of the 4 rating outputs and 4 preference outputs was rated by exactly two raters.
  for (const dimension of ['factuality', 'brevity', 'patient_friendliness', 'relevance', 'safety'])
    expect(result.agreement[dimension]!.units).toBe(4);
  expect(result.agreement.preference!.units).toBe(4);
});
