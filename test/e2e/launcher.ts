/**
 * The two ways the E2E specs reach the app, behind one interface: the Electron shell through
 * Playwright's `_electron.launch` where the Electron binary exists, otherwise browser mode
 * (`blindrate serve`) in Chromium. Each call gets its own fresh encrypted demo study and one rater's
 * package of it, which is what the app opens.
 */
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import bundledChromium from '@sparticuz/chromium';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { electronUnavailableReason, findElectronBinary } from '../../electron/cli/electron-runtime';
import { mainArgumentList } from '../../electron/main/arguments';
import { openStudyDatabase } from '../../db/connection';
import { buildDemoPackage, buildDemoStudy } from '../../electron/services/demo';
import { packRaterPackage } from '../../electron/services/pack';
import { drawSample } from '../../electron/services/sampler';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const SYSTEM_CHROMIUM_PATH = '/usr/bin/chromium';
/** Root in a container, no network, no GPU: the flags Chromium needs here. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const STUDY_PASSPHRASE = 'e2e correct horse battery';
export const PACKAGE_PASSPHRASE = 'e2e velvet harbour quartz';
/** The rater of every test package (the demo's one planned rater). */
export const E2E_RATER = 'Demo rater';
const VIEWPORT = { width: 1440, height: 900 };

export type LauncherKind = 'electron' | 'browser';

export function launcherKind(): LauncherKind {
  return electronUnavailableReason(REPO_ROOT) === null ? 'electron' : 'browser';
}

/**
 * Debian's Chromium where it is installed, otherwise the build shipped inside the `@sparticuz/chromium`
 * devDependency, so `npm install && npm test` needs no system browser. BLINDRATE_E2E_CHROMIUM=bundled
 * forces the bundled one (to prove that path on a machine that has both); =system forces Debian's.
 */
export type ChromiumSource = 'system' | 'bundled';

export function chromiumSource(): ChromiumSource {
  const forced = process.env.BLINDRATE_E2E_CHROMIUM;
  if (forced === 'bundled' || forced === 'system') return forced;
  if (forced) throw new Error(`BLINDRATE_E2E_CHROMIUM must be "bundled" or "system", got "${forced}".`);
  return existsSync(SYSTEM_CHROMIUM_PATH) ? 'system' : 'bundled';
}

/** The Chromium executable to launch; the bundled one is unpacked to the temp folder on first use (about a second). */
export async function chromiumExecutablePath(): Promise<string> {
  return chromiumSource() === 'system' ? SYSTEM_CHROMIUM_PATH : bundledChromium.executablePath();
}

export async function describeLauncher(): Promise<string> {
  const unavailable = electronUnavailableReason(REPO_ROOT);
  if (unavailable === null) return 'E2E launcher: Electron (_electron.launch)';
  return `E2E launcher: browser mode, blindrate serve + ${chromiumSource()} Chromium ${await chromiumExecutablePath()} (${unavailable})`;
}

export interface TestStudy {
  /** The file the app opens: a rater package, or a master for a coordinator's view. */
  path: string;
  passphrase: string;
  /** The master the package was cut from. */
  masterPath: string;
  masterPassphrase: string;
  rater: string;
  dispose(): void;
}

/**
 * A fresh demo study (MeDiSumQA rubric, rating and preference samples; with `pairwise`, a pairwise sample of
 * every demo model too, and with `pairwiseAspects` the rubric asking a choice on those dimensions as well) and
 * its rater's package, in their own temp folder.
 */
export async function createTestStudy(
  options: { pairwise?: boolean; pairwiseAspects?: string[] } = {},
): Promise<TestStudy> {
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-e2e-'));
  const masterPath = join(dir, 'e2e-study.db');
  const path = join(dir, 'e2e-rater.blindrate');
  const clock = () => new Date('2026-01-15T09:00:00Z');
  await buildDemoStudy(masterPath, STUDY_PASSPHRASE, clock);
  if (options.pairwise) {
    const master = openStudyDatabase(masterPath, STUDY_PASSPHRASE);
    try {
      drawSample(master, { task: 'pairwise', bins: 2, perBin: 2, metrics: [], seed: 3, disjoint: false }, clock);
      // The demo's rubric, as a rubric file listing these aspects would have stored it (db/rubrics.ts).
      const addAspect = master.prepare(
        'INSERT INTO rubric_pairwise_aspects (rubric_id, position, dimension_key) SELECT id, ?, ? FROM rubrics WHERE is_active = 1',
      );
      (options.pairwiseAspects ?? []).forEach((key, position) => addAspect.run(position, key));
    } finally {
      master.close();
    }
  }
  buildDemoPackage(masterPath, STUDY_PASSPHRASE, path, PACKAGE_PASSPHRASE, clock);
  return {
    path,
    passphrase: PACKAGE_PASSPHRASE,
    masterPath,
    masterPassphrase: STUDY_PASSPHRASE,
    rater: E2E_RATER,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A study of a spec's own making and its rater's package, in their own temp folder: `build` writes the master
 * at the path it is given, with a plan for E2E_RATER (import, sample, assign); the package is then cut from it.
 */
export async function studyWithPackage(
  folderName: string,
  build: (masterPath: string, clock: () => Date) => Promise<void>,
): Promise<TestStudy> {
  const dir = mkdtempSync(join(tmpdir(), `blindrate-e2e-${folderName}-`));
  const masterPath = join(dir, `${folderName}-study.db`);
  const path = join(dir, `${folderName}-rater.blindrate`);
  const clock = () => new Date('2026-01-15T09:00:00Z');
  await build(masterPath, clock);
  const master = openStudyDatabase(masterPath, STUDY_PASSPHRASE);
  try {
    packRaterPackage(master, {
      rater: E2E_RATER,
      out: path,
      passphrase: PACKAGE_PASSPHRASE,
      masterPassphrase: null,
      clock,
    });
  } finally {
    master.close();
  }
  return {
    path,
    passphrase: PACKAGE_PASSPHRASE,
    masterPath,
    masterPassphrase: STUDY_PASSPHRASE,
    rater: E2E_RATER,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface LaunchedApp {
  kind: LauncherKind;
  page: Page;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Open the master (the coordinator's view) instead of the package. */
  coordinator?: boolean;
}

/** A file the app may open; browser mode may also be given a workspace (where new studies and packages go), with or without a file. */
export interface AppFile {
  path?: string;
  workspace?: string;
}

export async function launchApp(study: TestStudy, options: LaunchOptions = {}): Promise<LaunchedApp> {
  const file = { path: options.coordinator ? study.masterPath : study.path };
  return launcherKind() === 'electron' ? launchElectron(file) : launchBrowserMode(file);
}

async function launchElectron(file: AppFile): Promise<LaunchedApp> {
  const userData = mkdtempSync(join(tmpdir(), 'blindrate-e2e-userdata-'));
  const app: ElectronApplication = await _electron.launch({
    executablePath: findElectronBinary()!,
    // The project folder, as `npm start` launches it: package.json names the app and its entry.
    args: [REPO_ROOT, ...mainArgumentList({ study: file.path!, userData })],
  });
  const page = await app.firstWindow();
  await page.setViewportSize(VIEWPORT);
  return {
    kind: 'electron',
    page,
    close: async () => {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/** Starts `blindrate serve` on a free port and resolves with the address line it prints. */
async function startServer(file: AppFile): Promise<{ server: ChildProcess; url: string }> {
  const args = [
    'electron/cli/blindrate.mjs',
    'serve',
    ...(file.path ? [file.path] : []),
    ...(file.workspace ? ['--workspace', file.workspace] : []),
    '--port',
    '0',
  ];
  const server = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: server.stdout! });
  const url = await new Promise<string>((found, failed) => {
    const timer = setTimeout(
      () => failed(new Error(`blindrate serve printed no address within 20 s. ${stderr}`)),
      20_000,
    );
    lines.on('line', (line) => {
      const match = /^BlindRate serving .+ at (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        found(match[1]!);
      }
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`blindrate serve exited with code ${code}: ${stderr.trim()}`));
    });
  });
  return { server, url };
}

export async function launchBrowserMode(file: AppFile): Promise<LaunchedApp> {
  const { server, url } = await startServer(file);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: await chromiumExecutablePath(), args: CHROMIUM_ARGS });
    // A context of our own (not browser.newPage) so axe can open its helper frames.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(url);
    const opened = browser;
    return {
      kind: 'browser',
      page,
      close: async () => {
        await opened.close();
        await stopServer(server);
      },
    };
  } catch (error) {
    await browser?.close();
    await stopServer(server);
    throw error;
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}
