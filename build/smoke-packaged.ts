/**
 * `npm run smoke:packaged` (release workflow, after `npm run dist`): starts the packaged app that
 * electron-builder left in dist/release on a fresh demo rater package, checks that its window opens,
 * that the package unlocks with its passphrase and shows the rater's Home, and quits it.
 *
 * Playwright's `_electron.launch` cannot drive a packaged BlindRate: it attaches through `--inspect`,
 * which the `enableNodeCliInspectArguments: false` fuse ignores. Chromium's own remote-debugging
 * switch is not behind a fuse, so the window is reached over CDP instead. Never run on the offline
 * build server (no packaged app can be built there).
 */
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { mainArgumentList } from '../electron/main/arguments';
import { buildDemoPackage, buildDemoStudy, DEMO_RATER } from '../electron/services/demo';

const RELEASE_DIR = resolve(import.meta.dirname, '..', 'dist', 'release');
const STUDY_PASSPHRASE = 'smoke test correct horse battery';
const PACKAGE_PASSPHRASE = 'smoke test velvet harbour quartz';
const TIMEOUT_MS = 60_000;

/** Where electron-builder puts the unpacked app of each platform (productName BlindRate, package name blindrate). */
export function packagedExecutable(platform: NodeJS.Platform, releaseDir: string): string {
  const candidates =
    platform === 'darwin'
      ? ['mac-arm64', 'mac', 'mac-universal'].map((d) =>
          join(releaseDir, d, 'BlindRate.app', 'Contents', 'MacOS', 'BlindRate'),
        )
      : platform === 'win32'
        ? [join(releaseDir, 'win-unpacked', 'BlindRate.exe')]
        : [join(releaseDir, 'linux-unpacked', 'blindrate')];
  const found = candidates.find((path) => existsSync(path));
  if (!found)
    throw new Error(`No packaged app in ${releaseDir} (looked for ${candidates.join(', ')}): run npm run dist first.`);
  return found;
}

async function main(): Promise<void> {
  const executable = packagedExecutable(process.platform, RELEASE_DIR);
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-smoke-'));
  const master = join(dir, 'smoke-study.db');
  const pack = join(dir, 'smoke-rater.blindrate');
  const clock = () => new Date();
  await buildDemoStudy(master, STUDY_PASSPHRASE, clock);
  buildDemoPackage(master, STUDY_PASSPHRASE, pack, PACKAGE_PASSPHRASE, clock);

  const args = ['--remote-debugging-port=0', ...mainArgumentList({ study: pack, userData: join(dir, 'user-data') })];
  const app = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const endpoint = await new Promise<string>((found, failed) => {
      const timer = setTimeout(
        () => failed(new Error(`${executable} opened no debugging endpoint within 60 s.`)),
        TIMEOUT_MS,
      );
      createInterface({ input: app.stderr! }).on('line', (line) => {
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          found(match[1]!);
        }
      });
      app.once('exit', (code) => failed(new Error(`${executable} exited with code ${code} before its window opened.`)));
    });
    const browser = await chromium.connectOverCDP(endpoint);
    const page = await waitForWindow(browser);
    await page.getByLabel('Passphrase', { exact: true }).fill(PACKAGE_PASSPHRASE, { timeout: TIMEOUT_MS });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Welcome, ${DEMO_RATER}` }).waitFor({ timeout: TIMEOUT_MS });
    console.log(`Smoke test passed: ${executable} opened its window and unlocked the demo package.`);
    await browser.close();
  } finally {
    app.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitForWindow(browser: import('playwright-core').Browser) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const page = browser
      .contexts()
      .flatMap((c) => c.pages())
      .find((p) => p.url().startsWith('app://'));
    if (page) return page;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('The packaged app opened no app:// window within 60 s.');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(`Smoke test failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
