/**
 * Packaging without downloads: electron-builder with the project's own build/electron-builder.yml,
 * for Linux, on a staging copy of the project (package.json, build/, the real main/preload bundle, a
 * one-file renderer, a stand-in for native/electron/better_sqlite3.node) and an `electronDist`
 * folder the test makes, so no Electron zip is fetched. Fuses are off (the fake binary has no fuse
 * wire). The deb target is asked for because it first packages linux-unpacked (what `--dir` makes)
 * and then checks the deb metadata; the deb itself needs fpm, downloaded from GitHub, so here the
 * build stops there, and the test accepts exactly that stop (or a finished deb where the network allows).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Arch, build, Platform, type AfterPackContext, type FileAssociation } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleElectron } from '../../../build/bundle-electron.mjs';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(file: string, options?: object): string[];
  extractFile(file: string, name: string): Buffer;
};
const NATIVE_STAND_IN = 'stand-in for the Electron build of better_sqlite3.node';

let work: string;
let stage: string;
let electronDist: string;

/** Copy of the project with `package` as its package.json (node_modules linked, not copied). */
function makeStage(name: string, packageJson: Record<string, unknown>): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'dist', 'renderer'), { recursive: true });
  cpSync(join(stage, 'dist', 'electron'), join(dir, 'dist', 'electron'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
  cpSync(join(REPO_ROOT, 'build'), join(dir, 'build'), { recursive: true });
  mkdirSync(join(dir, 'native', 'electron'), { recursive: true });
  writeFileSync(join(dir, 'native', 'electron', 'better_sqlite3.node'), NATIVE_STAND_IN);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson, null, 2));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

async function packageDeb(
  projectDir: string,
): Promise<{ error: Error | null; fileAssociations: FileAssociation[]; out: string }> {
  const out = join(projectDir, 'release');
  let fileAssociations: FileAssociation[] = [];
  const error = await build({
    projectDir,
    targets: Platform.LINUX.createTarget('deb', Arch.x64),
    config: {
      extends: join(projectDir, 'build', 'electron-builder.yml'),
      electronDist,
      electronFuses: null,
      directories: { output: out, buildResources: 'build' },
      afterPack: async (context: AfterPackContext) => {
        fileAssociations = context.packager.fileAssociations;
      },
    },
  }).then(
    () => null,
    (failure: Error) => failure,
  );
  return { error, fileAssociations, out };
}

const projectPackage = () =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'blindrate-packaging-'));
  stage = join(work, 'bundle');
  mkdirSync(join(REPO_ROOT, 'dist'), { recursive: true });
  const bundleDir = mkdtempSync(join(REPO_ROOT, 'dist', 'packaging-test-'));
  try {
    await bundleElectron(join(bundleDir, 'electron'));
    cpSync(join(bundleDir, 'electron'), join(stage, 'dist', 'electron'), { recursive: true });
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
  // What an unpacked Electron for Linux holds, as far as electron-builder looks at it.
  electronDist = join(work, 'electron-dist');
  mkdirSync(join(electronDist, 'resources'), { recursive: true });
  writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho "fake Electron"\n', { mode: 0o755 });
  writeFileSync(join(electronDist, 'chrome-sandbox'), '');
  writeFileSync(join(electronDist, 'LICENSE'), 'MIT');
  writeFileSync(join(electronDist, 'LICENSES.chromium.html'), '');
  writeFileSync(join(electronDist, 'version'), '41.7.1');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder for Linux, offline', () => {
  it('packages only the built files, unpacks the native module, declares .blindrate and passes the deb metadata check', async () => {
    const { error, fileAssociations, out } = await packageDeb(makeStage('project', projectPackage()));
    if (error)
      expect(error.message, 'only the download of fpm may stop the deb here').toMatch(
        /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|download/i,
      );

    const resources = join(out, 'linux-unpacked', 'resources');
    const archive = join(resources, 'app.asar');
    const packaged = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(packaged).toMatchObject({ name: 'blindrate', productName: 'BlindRate', main: 'dist/electron/main.cjs' });

    const files = asar.listPackage(archive, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
    const allowed = [
      /^\/package\.json$/,
      /^\/dist(\/electron(\/(main|preload|analysis-worker|job-worker)\.cjs)?)?$/,
      /^\/dist\/renderer(\/index\.html)?$/,
      /^\/native(\/electron(\/better_sqlite3\.node)?)?$/,
      /^\/node_modules(\/better-sqlite3-multiple-ciphers(\/package\.json|\/lib(\/.*\.js|\/methods)?)?)?$/,
    ];
    expect(files.filter((f) => !allowed.some((pattern) => pattern.test(f)))).toEqual([]);
    expect(files).toContain('/dist/electron/main.cjs');
    expect(files).toContain('/node_modules/better-sqlite3-multiple-ciphers/lib/database.js');

    const unpacked = join(resources, 'app.asar.unpacked', 'native', 'electron', 'better_sqlite3.node');
    expect(readFileSync(unpacked, 'utf8'), 'the native module is outside the archive, where it can be loaded').toBe(
      NATIVE_STAND_IN,
    );
    expect(fileAssociations).toEqual([
      expect.objectContaining({ ext: 'blindrate', mimeType: 'application/x-blindrate-package' }),
    ]);
  }, 90_000);

  it('the deb metadata check is real: without author email and homepage the deb is refused', async () => {
    const { author: _author, homepage: _homepage, ...withoutMetadata } = projectPackage();
    const { error } = await packageDeb(makeStage('no-metadata', withoutMetadata));
    expect(error?.message).toMatch(/Please specify project homepage/);
    expect(error?.message).toMatch(/author/i);
  }, 90_000);
});
