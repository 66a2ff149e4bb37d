/**
 * The GitHub Actions workflows (.github/workflows) cannot run on the offline build server, so they are
 * checked here as far as that is possible offline: each is valid against the workflow schema
 * (@action-validator/core, SchemaStore's schema), every command a step runs exists in this project,
 * and a release is only ever drafted, never published.
 */
import { validateWorkflow } from '@action-validator/core';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { checksumLines } from '../../../build/checksums';
import { packagedExecutable } from '../../../build/smoke-packaged';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const WORKFLOWS = ['ci.yml', 'release.yml'];
const scripts = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

interface Step {
  run?: string;
  uses?: string;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

function source(name: string): string {
  return readFileSync(join(REPO_ROOT, '.github', 'workflows', name), 'utf8');
}

function runLines(name: string): string[] {
  const workflow = load(source(name)) as Workflow;
  return Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .flatMap((step) => (step.run ?? '').split('\n'))
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The project commands a shell line runs: `npm run X`, `npm test`, `node FILE`, `npx tsx FILE`. */
function projectCommands(line: string): { script?: string; file?: string }[] {
  const found: { script?: string; file?: string }[] = [];
  for (const m of line.matchAll(/\bnpm run ([\w:-]+)/g)) found.push({ script: m[1] });
  for (const m of line.matchAll(/\bnpm (test|start)\b/g)) found.push({ script: m[1] });
  for (const m of line.matchAll(/\b(?:node|tsx) ((?:build|test|electron)\/[\w./-]+)/g)) found.push({ file: m[1] });
  return found;
}

describe.each(WORKFLOWS)('%s', (name) => {
  it('is a valid workflow', () => {
    expect(validateWorkflow(source(name)).errors).toEqual([]);
  });

  it('runs only scripts and files this project has', () => {
    const commands = runLines(name).flatMap(projectCommands);
    expect(commands.length).toBeGreaterThan(0);
    for (const { script, file } of commands) {
      if (script) expect(Object.keys(scripts), `npm script "${script}"`).toContain(script);
      if (file) expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
    }
  });

  it('runs npm test', () => {
    expect(runLines(name).some((line) => /(^|\s)npm test$/.test(line))).toBe(true);
  });
});

describe('the checks can fail', () => {
  it('the validator refuses a workflow with a misspelt key and a job without runs-on', () => {
    const broken = 'name: x\non: push\njobs:\n  a:\n    stepz:\n      - run: echo\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it('a missing npm script is noticed', () => {
    expect(projectCommands('npm run no-such-script && node build/nowhere.mjs')).toEqual([
      { script: 'no-such-script' },
      { file: 'build/nowhere.mjs' },
    ]);
    expect(Object.keys(scripts)).not.toContain('no-such-script');
  });
});

describe('releases', () => {
  it('are drafted, never published', () => {
    const create = runLines('release.yml').filter((line) => line.includes('gh release'));
    expect(create).toHaveLength(1);
    expect(create[0]).toMatch(/gh release create .* --draft/);
    expect(source('release.yml')).not.toMatch(/--publish|publish: always/);
    expect(readFileSync(join(REPO_ROOT, 'build', 'electron-builder.yml'), 'utf8')).toMatch(/^publish: null$/m);
  });

  it('build every installer the issue lists and smoke-launch each', () => {
    const text = source('release.yml');
    for (const target of ['--linux deb AppImage', '--mac dmg', '--win nsis']) expect(text).toContain(target);
    expect(runLines('release.yml').filter((line) => line.includes('npm run smoke:packaged'))).toHaveLength(2);
  });
});

describe('release helpers', () => {
  it('checksums list every installer, sorted, in sha256sum format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blindrate-sums-'));
    try {
      writeFileSync(join(dir, 'BlindRate-0.1.0.AppImage'), 'abc');
      writeFileSync(join(dir, 'blindrate_0.1.0_amd64.deb'), '');
      writeFileSync(join(dir, 'builder-debug.yml'), 'not an installer');
      // sha256("abc") and sha256("") from FIPS 180-2's examples.
      expect(checksumLines(dir)).toEqual([
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  BlindRate-0.1.0.AppImage\n',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  blindrate_0.1.0_amd64.deb\n',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the smoke test finds each platform’s unpacked app, and says where it looked when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blindrate-release-'));
    try {
      expect(() => packagedExecutable('linux', dir)).toThrow(/No packaged app .*linux-unpacked.*npm run dist/);
      const mac = join(dir, 'mac-arm64', 'BlindRate.app', 'Contents', 'MacOS');
      mkdirSync(mac, { recursive: true });
      writeFileSync(join(mac, 'BlindRate'), '');
      expect(packagedExecutable('darwin', dir)).toBe(join(mac, 'BlindRate'));
      mkdirSync(join(dir, 'win-unpacked'));
      writeFileSync(join(dir, 'win-unpacked', 'BlindRate.exe'), '');
      expect(packagedExecutable('win32', dir)).toBe(join(dir, 'win-unpacked', 'BlindRate.exe'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
