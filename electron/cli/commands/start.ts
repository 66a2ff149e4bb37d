/**
 * `blindrate start [FILE]` (what `npm start` runs): the desktop app on a master study or a rater
 * package, by default the demo's rater package (with the demo master offered as the coordinator's
 * view). Where the desktop app cannot run (no Electron binary, no Electron build of the database
 * module, a sandbox Electron would abort on) it says why in one line and starts browser mode instead.
 */
import type { Command } from 'commander';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StudyError } from '../../../shared/errors';
import { mainArgumentList } from '../../main/arguments';
import { DEFAULT_RENDERER_DIR, REPO_ROOT } from '../paths';
import { parsePort, rendererOption } from '../study-options';
import { systemClock } from '../../services/system-clock';
import {
  browserModeFallbackLine,
  electronChildEnvironment,
  electronUnavailableReason,
  exitCodeOf,
  findElectronBinary,
} from '../electron-runtime';
import type { RegisterCommand } from './index';

export const DEMO_STUDY_PATH = join(REPO_ROOT, '.demo', 'demo-study.db');
export const DEMO_PACKAGE_PATH = join(REPO_ROOT, '.demo', 'demo-rater.blindrate');

/** The demo master and its rater package, made on first start. */
async function ensureDemo(): Promise<void> {
  const { buildDemoPackage, buildDemoStudy, DEMO_PASSPHRASE } = await import('../../services/demo');
  if (!existsSync(DEMO_STUDY_PATH)) {
    mkdirSync(dirname(DEMO_STUDY_PATH), { recursive: true });
    process.stderr.write('Creating the demo study and its rater package (first start)…\n');
    await buildDemoStudy(DEMO_STUDY_PATH, DEMO_PASSPHRASE, systemClock);
  }
  if (!existsSync(DEMO_PACKAGE_PATH))
    buildDemoPackage(DEMO_STUDY_PATH, DEMO_PASSPHRASE, DEMO_PACKAGE_PATH, DEMO_PASSPHRASE, systemClock);
  process.stdout.write(
    `Demo rater package ${DEMO_PACKAGE_PATH} and demo master (the coordinator's view) ${DEMO_STUDY_PATH}: ` +
      `both open with the passphrase "${DEMO_PASSPHRASE}", allowed only because they hold synthetic data, never anything real.\n`,
  );
}

/**
 * Builds into dist/ in this process, so a clean clone starts with `npm install && npm start`. Never
 * through a spawned `npm`, which on Windows is npm.cmd and fails to spawn (ENOENT/EINVAL).
 */
async function build(what: string, script: string, run: () => Promise<unknown>): Promise<void> {
  process.stderr.write(`Building ${what}…\n`);
  try {
    await run();
  } catch (error) {
    throw new StudyError(
      `Building ${what} failed (${(error as Error).message.split('\n')[0]}): run \`npm run ${script}\` to see why.`,
    );
  }
}

const buildRenderer = () =>
  build('the renderer (first start)', 'build:renderer', async () => {
    const { build: viteBuild } = await import('vite');
    await viteBuild({ configFile: join(REPO_ROOT, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  });

const buildShell = () =>
  build('the Electron main process', 'build:electron', async () => {
    const { bundleElectron } = await import('../../../build/bundle-electron.mjs');
    await bundleElectron();
  });

/** Runs Electron on the project folder (so the app is named from package.json's productName and has its own userData) until it exits. */
async function runDesktopApp(electron: string, args: string[]): Promise<void> {
  const child = spawn(electron, [REPO_ROOT, ...args], { stdio: 'inherit', env: electronChildEnvironment(process.env) });
  await new Promise<void>((done, failed) => {
    child.on('error', (error) =>
      failed(new StudyError(`Electron could not be started (${electron}): ${error.message}`)),
    );
    child.on('exit', (code, signal) => {
      process.exitCode = exitCodeOf(code, signal);
      done();
    });
  });
}

export const registerStart: RegisterCommand = (program: Command) => {
  program
    .command('start')
    .description(
      'Open the app on a master study or a rater package (default: the demo); browser mode where the desktop app cannot run here.',
    )
    .argument('[file]', 'master study (.db) or rater package (.blindrate); default: the demo rater package in .demo/')
    .option('--port <n>', 'browser mode only: port to listen on; 0 picks a free one', parsePort, 0)
    .option(
      '--workspace <dir>',
      'browser mode only: folder new studies and rater packages are written into (default: the current folder)',
    )
    .addOption(rendererOption('browser mode only: built renderer folder'))
    .action(async (file: string | undefined, opts: { port: number; renderer: string; workspace?: string }) => {
      if (!file) await ensureDemo();
      const studyPath = file ? resolve(file) : DEMO_PACKAGE_PATH;
      if (!existsSync(studyPath)) throw new StudyError(`No study or package file at ${file}.`);
      if (opts.renderer === DEFAULT_RENDERER_DIR && !existsSync(join(DEFAULT_RENDERER_DIR, 'index.html')))
        await buildRenderer();
      const unavailable = electronUnavailableReason(REPO_ROOT);
      if (unavailable) {
        process.stdout.write(`${browserModeFallbackLine(unavailable)}\n`);
        const { serveUntilStopped } = await import('../browser-mode');
        await serveUntilStopped(studyPath, {
          port: opts.port,
          rendererDir: opts.renderer,
          workspaceDir: opts.workspace,
          alsoOffer: file ? [] : [DEMO_STUDY_PATH],
        });
        return;
      }
      // esbuild takes under a second, so the shell is always rebuilt and never stale.
      await buildShell();
      await runDesktopApp(
        findElectronBinary()!,
        mainArgumentList({ study: studyPath, userData: null, alsoOffer: file ? [] : [DEMO_STUDY_PATH] }),
      );
    });
};
