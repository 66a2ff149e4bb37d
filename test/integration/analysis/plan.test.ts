/**
 * `blindrate plan` on the demo study: assumptions from its scores and, once pilot ratings are merged,
 * from them; the printed grid and the design a target picks; the JSON; a cancelled run; refusals.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMED } from '../../../shared/design/assumptions';
import { readPlanAssumptions, runPlan } from '../../../electron/services/design-plan';
import { buildDemoStudy } from '../../../electron/services/demo';
import { openStudy } from '../../../electron/services/study';
import { simulateRatings } from './simulate-ratings';

const CLI = new URL('../../../electron/cli/blindrate.mjs', import.meta.url).pathname;
const PASSPHRASE = 'plan test passphrase';
const clock = () => new Date('2026-03-05T12:00:00.000Z');
let dir: string;
let pilotStudy: string;
let freshStudy: string;

function withDb<T>(path: string, use: (db: ReturnType<typeof openStudy>) => T): T {
  const db = openStudy(path, PASSPHRASE);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-plan-'));
  freshStudy = join(dir, 'fresh.db');
  pilotStudy = join(dir, 'pilot.db');
  await buildDemoStudy(freshStudy, PASSPHRASE, clock);
  await buildDemoStudy(pilotStudy, PASSPHRASE, clock);
  withDb(pilotStudy, (db) => simulateRatings(db));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plan assumptions', () => {
  it('come from the pilot ratings once they are merged, and are assumed before', () => {
    const fresh = withDb(freshStudy, (db) => readPlanAssumptions(db, { assumed: DEFAULT_ASSUMED }));
    const pilot = withDb(pilotStudy, (db) => readPlanAssumptions(db, { assumed: DEFAULT_ASSUMED }));
    expect(fresh.assumptions.models.map((m) => m.model)).toEqual(pilot.assumptions.models.map((m) => m.model));
    for (const d of fresh.dimensions)
      expect([d.metricRho, d.icc, d.valueShares]).toEqual(Array(3).fill({ from: 'assumed' }));
    expect(fresh.assumptions.dimensions.every((d) => d.metricRho === 0.5 && d.iccAbsolute === 0.5)).toBe(true);
    expect(fresh.secondsPerRating).toEqual({ from: 'assumed' });
    for (const d of pilot.dimensions) expect(d.metricRho.from).toBe('pilot');
    expect(pilot.secondsPerRating.from).toBe('pilot');
    // The simulated physicians rate better outputs higher: the pilot's ρ is positive, not the assumed 0.5.
    expect(pilot.assumptions.dimensions.every((d) => d.metricRho > 0 && d.metricRho !== 0.5)).toBe(true);
    // Each model's scored outputs, split into the sample's bins.
    const bins = pilot.assumptions.models[0]!.bins;
    expect(bins).toHaveLength(5);
    expect(Math.max(...bins[0]!)).toBeLessThanOrEqual(Math.min(...bins[1]!));
  });

  it('stop as soon as asked: a cancelled run rejects and says how far it got', async () => {
    const found = withDb(pilotStudy, (db) => readPlanAssumptions(db, { assumed: DEFAULT_ASSUMED }));
    const cancel = new AbortController();
    const seen: number[] = [];
    const run = runPlan(found, {
      grid: { perBin: [10, 20], raters: [2], overlap: [2] },
      studiesPerDesign: 200,
      seed: 1,
      signal: cancel.signal,
      onProgress: (done) => {
        seen.push(done);
        if (done >= 40) cancel.abort();
      },
    });
    await expect(run).rejects.toThrow('The plan was cancelled after 40 of 400 simulated studies; nothing was written.');
    expect(seen).toEqual([0, 20, 40]);
  });
});

describe('blindrate plan', () => {
  it('prints the grid with widths and hours, the design a target picks, and writes the same plan as JSON', () => {
    const json = join(dir, 'plan.json');
    const args = [pilotStudy, '--per-bin', '10,40', '--raters', '2,3', '--overlap', '2', '--studies', '40'];
    const run = cli('plan', ...args, '--target', 'spearman-pooled width 0.2', '--json', json);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('40 simulated studies per design, seed 1.');
    expect(run.stdout).toMatch(/factuality: metric–human ρ 0\.\d\d \(pilot, \d+\)/);
    expect(run.stdout).toMatch(/per bin {2}raters {2}per output {2}outputs {2}tasks {2}hours {2}ρ per model/);
    const plan = JSON.parse(readFileSync(json, 'utf8'));
    expect(plan.plan.designs).toHaveLength(4);
    const chosen = plan.chosen;
    expect(run.stdout).toContain(
      `Smallest design reaching spearman-pooled width 0.2 in ≥ 80% of simulated studies: ${chosen.design.perBin} outputs per bin, ${chosen.design.raters} raters, 2 per output — ${chosen.outputs} outputs, ${chosen.tasks} tasks, ${chosen.physicianHours.toFixed(1)} physician-hours.`,
    );
    // Deterministic: the same command prints the same plan.
    expect(cli('plan', ...args, '--target', 'spearman-pooled width 0.2').stdout).toBe(run.stdout);
  });

  it('says so when no design of the grid reaches the target', () => {
    const run = cli(
      'plan',
      pilotStudy,
      '--per-bin',
      '10',
      '--raters',
      '2',
      '--overlap',
      '2',
      '--studies',
      '20',
      '--target',
      'alpha width 0.01',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No design of the grid reaches alpha width 0.01 in ≥ 80% of simulated studies');
  });

  it('refuses a malformed target, an unknown metric or a grid without a design, in one line each', () => {
    const target = cli('plan', pilotStudy, '--target', 'kappa 0.2');
    expect(target.code).not.toBe(0);
    expect(target.stderr).toContain('--target: The target "kappa 0.2" should read "<statistic> width <number>"');
    const metric = cli('plan', pilotStudy, '--metrics', 'bleu');
    expect(metric.stderr).toContain('No scores for metric bleu in the study');
    const grid = cli('plan', pilotStudy, '--raters', '2', '--overlap', '3');
    expect(grid.stderr).toContain('The grid has no design');
  });
});

describe('blindrate plan with a pairwise sample', () => {
  it('omits the Bradley–Terry gap, in one line saying why, while the study has no pairwise sample', () => {
    const run = cli('plan', pilotStudy, '--per-bin', '10', '--raters', '2', '--overlap', '2', '--studies', '20');
    expect(run.stdout).toContain('  Bradley–Terry gap omitted: the study has no pairwise sample.\n');
    expect(run.stdout).not.toContain('BT gap');
  });

  it('prints the assumed gap, its column and the design a bt-gap target picks, and writes it in the JSON', () => {
    const sample = cli(
      'sample',
      freshStudy,
      '--task',
      'pairwise',
      '--bins',
      '5',
      '--per-bin',
      '2',
      '--pairs-per-item',
      '1',
      '--allow-overlap',
    );
    expect(sample.stderr).toBe('');
    const json = join(dir, 'plan-bt.json');
    const args = [freshStudy, '--per-bin', '10,40', '--raters', '2', '--overlap', '2', '--studies', '40'];
    const run = cli('plan', ...args, '--assume-bt-gap', '0.4', '--target', 'bt-gap width 1', '--json', json);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      / {2}pairwise: log-strengths .* \(assumed\); pairs per item 1, .*; BT gap = atlas-7b − borealis-13b, the closest two\n/,
    );
    expect(run.stdout).toMatch(/hours {2}ρ per model .* BT gap\n/);
    const plan = JSON.parse(readFileSync(json, 'utf8'));
    expect(plan.assumptions.pairwise).toEqual({ from: 'assumed' });
    const gaps = plan.plan.designs.map(
      (d: { figures: { label: { statistic: string }; width80: number }[] }) =>
        d.figures.find((f) => f.label.statistic === 'bt-gap')!.width80,
    );
    expect(gaps[1]).toBeLessThan(gaps[0]); // 40 per bin: a narrower gap than 10
    expect(run.stdout).toContain('Smallest design reaching bt-gap width 1 in ≥ 80% of simulated studies');
  });
});
