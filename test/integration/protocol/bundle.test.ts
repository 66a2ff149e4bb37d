/**
 * Seal, bundle and verify end to end on the demo study (one rater, as `npm start` makes it) and on a
 * three-rater study, through the `blindrate` command; then a bundle tampered with (one rating in the
 * CSV, one option in the protocol), each caught in one line.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoPackage, buildDemoStudy, DEMO_RATER } from '../../../electron/services/demo';
import { writeBundle } from '../../../electron/services/bundle';
import { assignRaters } from '../../../electron/services/plan';
import { openStudy } from '../../../electron/services/study';
import type { BundleManifest } from '../../../shared/bundle';
import { fixedClock, freshFolder, PASSPHRASE } from '../engine/helpers';
import { MODELS, samplePairwise, sevenModelStudy } from '../packages/pairwise-fixture';
import { sampledStudy } from '../packages/sampled-study';
import { answerEveryAssignment } from './answer-plan';

const CLI = new URL('../../../electron/cli/blindrate.mjs', import.meta.url).pathname;
const RATERS = ['Dr Ada', 'Dr Bob', 'Dr Cyd'];
const BUNDLED = [
  'analysis.json',
  'audit-heads.json',
  'data-dictionary.csv',
  'manifest.json',
  'protocol.json',
  'ratings.csv',
  'report.html',
];

function blindrate(cwd: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The three-rater study, planned (overlap 2) but not sealed; its file closed. */
async function threeRaterStudy(): Promise<{ folder: string; study: string }> {
  const { db, folder } = await sampledStudy();
  assignRaters(db, { raters: RATERS, overlap: 2, seed: 3, clock: fixedClock });
  db.close();
  return { folder, study: join(folder, 'study.db') };
}

/** Answers every task; each rater flags their first task and comments on it, so the report lists them. */
function answer(study: string): void {
  const db = openStudy(study, PASSPHRASE);
  answerEveryAssignment(db);
  const firstTasks = `SELECT id FROM assignments a WHERE position = (SELECT MIN(position) FROM assignments b WHERE b.rater_id = a.rater_id)`;
  db.prepare(`UPDATE assignments SET flagged = 1 WHERE id IN (${firstTasks})`).run();
  db.prepare(`UPDATE responses SET comment = 'Dose missing' WHERE assignment_id IN (${firstTasks})`).run();
  db.close();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('seal, bundle and verify-bundle', () => {
  it('run end to end on the demo study', async () => {
    const folder = freshFolder();
    const study = join(folder, 'demo.db');
    await buildDemoStudy(study, PASSPHRASE, fixedClock);
    buildDemoPackage(study, PASSPHRASE, join(folder, 'demo.blindrate'), 'demo package passphrase', fixedClock);

    const seal = blindrate(folder, 'seal', study);
    expect(seal.stderr).toBe('');
    expect(seal.stdout).toMatch(/^Sealed the protocol at .*: SHA-256 [0-9a-f]{64}\n/);
    const hash = /SHA-256 ([0-9a-f]{64})/.exec(seal.stdout)![1]!;
    answer(study);

    const bundle = blindrate(folder, 'bundle', study, '--out', 'bundle');
    expect(bundle.stderr).toBe('');
    expect(bundle.stdout).toMatch(
      new RegExp(
        `^Wrote 7 files to bundle: \\d+ rating rows from 1 raters \\(coded\\); protocol SHA-256 ${hash} \\(no deviation\\)\\.\\n$`,
      ),
    );
    expect(readdirSync(join(folder, 'bundle')).sort()).toEqual(BUNDLED);
    const ratings = readFileSync(join(folder, 'bundle', 'ratings.csv'), 'utf8');
    expect(ratings).not.toContain(DEMO_RATER);
    expect(ratings.split('\n')[1]).toMatch(/^R01,/);

    const verify = blindrate(folder, 'verify-bundle', 'bundle');
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toBe(
      `bundle verifies: 6 files match the manifest, the protocol hashes to ${hash}, and the analysis re-run from ratings.csv is the bundled analysis.json byte for byte.\n`,
    );
  }, 120_000);

  it('run end to end on a three-rater study, codes in place of names unless asked', async () => {
    const { folder, study } = await threeRaterStudy();
    expect(blindrate(folder, 'seal', study, '--bootstrap', '200', '--seed', '4').code).toBe(0);
    answer(study);
    const bundle = blindrate(folder, 'bundle', study, '--out', 'coded');
    expect(bundle.stderr).toBe('');
    expect(bundle.stdout).toContain('rating rows from 3 raters (coded)');

    const dir = join(folder, 'coded');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BundleManifest;
    expect(manifest.files.map((f) => f.file)).toEqual(BUNDLED.filter((f) => f !== 'manifest.json'));
    for (const entry of manifest.files) {
      const text = readFileSync(join(dir, entry.file), 'utf8');
      expect(entry.sha256).toBe(sha256(text));
      expect(entry.bytes).toBe(Buffer.byteLength(text));
      for (const name of RATERS) expect(text, `${entry.file} names ${name}`).not.toContain(name);
    }
    // The report's rater comments name each rater by code, as every other file does.
    const report = readFileSync(join(dir, 'report.html'), 'utf8');
    const comments = report.slice(report.indexOf('<h2>Rater comments</h2>'));
    for (const code of ['R01', 'R02', 'R03']) expect(comments).toMatch(new RegExp(`<td>${code}</td>`));
    const analysis = JSON.parse(readFileSync(join(dir, 'analysis.json'), 'utf8')) as {
      parameters: { bootstrap: number; seed: number };
      per_rater: { rater: string }[];
    };
    expect(analysis.parameters).toMatchObject({ bootstrap: 200, seed: 4 });
    expect(analysis.per_rater.map((r) => r.rater)).toEqual(['R01', 'R02', 'R03']);
    const heads = JSON.parse(readFileSync(join(dir, 'audit-heads.json'), 'utf8')) as { master: { head: string } };
    expect(heads.master.head).toMatch(/^[0-9a-f]{64}$/);
    expect(blindrate(folder, 'verify-bundle', 'coded').code).toBe(0);

    const named = blindrate(folder, 'bundle', study, '--out', 'named', '--rater-names');
    expect(named.stdout).toContain('rating rows from 3 raters;');
    const namedRatings = readFileSync(join(folder, 'named', 'ratings.csv'), 'utf8');
    for (const name of RATERS) expect(namedRatings).toContain(`${name},`);
    expect(blindrate(folder, 'verify-bundle', 'named').code).toBe(0);
  }, 120_000);

  it("reports a sealed study with its protocol's analysis and refuses another without a reason", async () => {
    const { folder, study } = await threeRaterStudy();
    expect(blindrate(folder, 'seal', study, '--bootstrap', '200', '--seed', '4').code).toBe(0);
    answer(study);
    // The report runs the protocol's analysis; asking for another without a reason is refused in the CLI's words.
    expect(blindrate(folder, 'report', study, '--out', 'r.html', '--json', 'r.json').stderr).toBe('');
    expect(JSON.parse(readFileSync(join(folder, 'r.json'), 'utf8'))).toMatchObject({
      parameters: { bootstrap: 200, seed: 4 },
    });
    const other = blindrate(folder, 'report', study, '--out', 'r.html', '--bootstrap', '50');
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(
      /^blindrate: The protocol was sealed on .* \(SHA-256 [0-9a-f]{12}\) and analysing with these options changes its analysis options: add --deviation-reason "…" to record it as a deviation, or leave the protocol as sealed\.\n$/,
    );
  }, 120_000);

  it('catches one rating changed in the CSV and one option changed in the protocol, one line each', async () => {
    const { folder, study } = await threeRaterStudy();
    blindrate(folder, 'seal', study, '--bootstrap', '100');
    answer(study);
    const db = openStudy(study, PASSPHRASE);
    writeBundle(db, { out: join(folder, 'ratings-changed'), raterNames: false, clock: fixedClock });
    writeBundle(db, { out: join(folder, 'protocol-changed'), raterNames: false, clock: fixedClock });
    db.close();

    const csvPath = join(folder, 'ratings-changed', 'ratings.csv');
    const lines = readFileSync(csvPath, 'utf8').split('\n');
    const header = lines[0]!.split(',');
    const value = header.indexOf('value');
    const row = lines.findIndex((line, i) => i > 0 && line.split(',')[header.indexOf('dimension')] === 'factuality');
    const cells = lines[row]!.split(',');
    cells[value] = cells[value] === '1' ? '2' : '1';
    lines[row] = cells.join(',');
    writeFileSync(csvPath, lines.join('\n'));
    const ratings = blindrate(folder, 'verify-bundle', 'ratings-changed');
    expect(ratings.code).toBe(1);
    expect(ratings.stdout).toBe('');
    expect(ratings.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(ratings.stderr).toMatch(
      /^ratings\.csv has SHA-256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}; re-analysed with the protocol's options, ratings\.csv gives another analysis\.json \(.+ is .+, not .+\)\.\n$/,
    );

    const protocolPath = join(folder, 'protocol-changed', 'protocol.json');
    const protocol = readFileSync(protocolPath, 'utf8');
    expect(protocol).toContain('"bootstrap": 100,');
    writeFileSync(protocolPath, protocol.replace('"bootstrap": 100,', '"bootstrap": 101,'));
    const changed = blindrate(folder, 'verify-bundle', 'protocol-changed');
    expect(changed.code).toBe(1);
    expect(changed.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(changed.stderr).toMatch(
      /^protocol\.json has SHA-256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}; its protocol hashes to [0-9a-f]{64}, not the sealed hash [0-9a-f]{64}; re-analysed with the protocol's options, ratings\.csv gives another analysis\.json \(agreement\..+ is .+, not .+\)\.\n$/,
    );
  }, 120_000);

  it("bundles a pairwise study's judgements and re-runs their Bradley–Terry analysis; one changed choice is caught", () => {
    const seven = sevenModelStudy();
    try {
      samplePairwise(seven.db, { pairsPerItem: 3 });
      assignRaters(seven.db, { raters: RATERS.slice(0, 2), overlap: 2, seed: 8, clock: fixedClock });
      seven.db.close();
      const folder = join(seven.path, '..');
      expect(blindrate(folder, 'seal', seven.path, '--bootstrap', '50', '--seed', '2').code).toBe(0);
      const db = openStudy(seven.path, PASSPHRASE);
      expect(answerEveryAssignment(db)).toEqual({ ratings: 0, preferences: 0, pairwise: 2 * 60 });
      db.close();

      const bundle = blindrate(folder, 'bundle', seven.path, '--out', 'pairwise');
      expect(bundle.stderr).toBe('');
      expect(bundle.stdout).toContain(': 0 rating rows and 120 pairwise judgements from 2 raters (coded);');
      const csvPath = join(folder, 'pairwise', 'ratings.csv');
      const lines = readFileSync(csvPath, 'utf8').trimEnd().split('\n');
      const header = lines[0]!.split(',');
      const cell = (line: string, column: string) => line.split(',')[header.indexOf(column)];
      expect(lines.slice(1).map((line) => cell(line, 'task'))).toEqual(Array(120).fill('pairwise'));
      const analysis = JSON.parse(readFileSync(join(folder, 'pairwise', 'analysis.json'), 'utf8')) as {
        pairwise: { dimension: string; bin: number | null; judgements: number; bradleyTerry: { model: string }[] }[];
      };
      const overall = analysis.pairwise.find((s) => s.dimension === 'pairwise' && s.bin === null)!;
      expect(overall.judgements).toBe(120);
      expect(overall.bradleyTerry.map((s) => s.model).sort()).toEqual(MODELS);
      expect(blindrate(folder, 'verify-bundle', 'pairwise').code).toBe(0);

      // One decisive choice turned round: the preferred model becomes the other one shown.
      const row = lines.findIndex((line, i) => i > 0 && cell(line, 'value') === cell(line, 'model_a'));
      const cells = lines[row]!.split(',');
      cells[header.indexOf('value')] = cells[header.indexOf('model_b')]!;
      lines[row] = cells.join(',');
      writeFileSync(csvPath, `${lines.join('\n')}\n`);
      const changed = blindrate(folder, 'verify-bundle', 'pairwise');
      expect(changed.code).toBe(1);
      expect(changed.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(changed.stderr).toMatch(
        /^ratings\.csv has SHA-256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}; re-analysed with the protocol's options, ratings\.csv gives another analysis\.json \(pairwise\[\d+\]\..+ is .+, not .+\)\.\n$/,
      );
    } finally {
      seven.cleanup();
    }
  }, 120_000);

  it('refuses to bundle an unsealed study, or into a folder that holds files, writing nothing', async () => {
    const { folder, study } = await threeRaterStudy();
    answer(study);
    const unsealed = blindrate(folder, 'bundle', study, '--out', 'b');
    expect(unsealed.stderr).toBe(
      'blindrate: The protocol is not sealed: seal it first, so the bundle shows the design and analysis were fixed before rating.\n',
    );
    expect(existsSync(join(folder, 'b'))).toBe(false);

    const { folder: other, study: sealedStudy } = await threeRaterStudy();
    blindrate(other, 'seal', sealedStudy);
    answer(sealedStudy);
    mkdirSync(join(other, 'full'));
    writeFileSync(join(other, 'full', 'notes.txt'), 'mine');
    const full = blindrate(other, 'bundle', sealedStudy, '--out', 'full');
    expect(full.stderr).toBe('blindrate: full already holds files: give a new or empty folder.\n');
    expect(readdirSync(join(other, 'full'))).toEqual(['notes.txt']);
  }, 120_000);
});
