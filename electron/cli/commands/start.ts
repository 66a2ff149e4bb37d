/**
 * `blindrate start [STUDY.db]` (what `npm start` runs): the desktop app on a study, by default the
 * demo. Where the Electron binary is absent (as on build servers) it says so in one line and starts
 * browser mode instead.
 */
import type { Command } from 'commander';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { StudyError } from '../../../db/connection';
import { mainArgumentList } from '../../main/arguments';
import { buildDemoStudy } from '../../services/demo';
import { systemClock } from '../../services/study';
import type { RegisterCommand } from './index';
import { DEFAULT_RENDERER_DIR, parsePort, REPO_ROOT, serveUntilStopped } from './serve';

export const DEMO_STUDY_PATH = join(REPO_ROOT, '.demo', 'demo-study.db');
export const DEMO_PASSPHRASE = 'demo';
const ELECTRON_MAIN = join(REPO_ROOT, 'dist', 'electron', 'main.cjs');
export const ELECTRON_ABSENT_MESSAGE =
  'The Electron runtime is absent (node_modules/electron has no binary): starting browser mode instead.';

/** The Electron executable when the npm package downloaded it, else null (require('electron') throws or names a missing file). */
export function findElectronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

async function ensureDemoStudy(): Promise<string> {
  if (!existsSync(DEMO_STUDY_PATH)) {
    mkdirSync(dirname(DEMO_STUDY_PATH), { recursive: true });
    process.stderr.write('Creating the demo study (first start)…\n');
    await buildDemoStudy(DEMO_STUDY_PATH, DEMO_PASSPHRASE, systemClock);
  }
  process.stdout.write(`Demo study ${DEMO_STUDY_PATH}: its passphrase is "${DEMO_PASSPHRASE}".\n`);
  return DEMO_STUDY_PATH;
}

/** Builds into dist/ so a clean clone starts with `npm install && npm start`. */
function runBuildScript(script: string, what: string): void {
  process.stderr.write(`Building ${what}…\n`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new StudyError(`Building ${what} failed: run \`npm run ${script}\` to see why.`);
}

export const registerStart: RegisterCommand = (program: Command) => {
  program
    .command('start')
    .description('Open the app on a study (default: the demo study); browser mode where Electron is absent.')
    .argument('[study]', 'study file (.db); default: the demo study in .demo/')
    .option('--coordinator', 'coordinator session: reports are visible before raters lock')
    .option('--port <n>', 'browser mode only: port to listen on; 0 picks a free one', parsePort, 0)
    .option('--renderer <dir>', 'browser mode only: built renderer folder', DEFAULT_RENDERER_DIR)
    .action(async (study: string | undefined, opts: { coordinator?: boolean; port: number; renderer: string }) => {
      const studyPath = study ? resolve(study) : await ensureDemoStudy();
      if (!existsSync(studyPath)) throw new StudyError(`No study file at ${study}.`);
      if (opts.renderer === DEFAULT_RENDERER_DIR && !existsSync(join(DEFAULT_RENDERER_DIR, 'index.html'))) {
        runBuildScript('build:renderer', 'the renderer (first start)');
      }
      const electron = findElectronBinary();
      if (!electron) {
        process.stdout.write(`${ELECTRON_ABSENT_MESSAGE}\n`);
        await serveUntilStopped(studyPath, { port: opts.port, role: opts.coordinator ? 'coordinator' : 'rater', rendererDir: opts.renderer });
        return;
      }
      // esbuild takes under a second, so the shell is always rebuilt and never stale.
      runBuildScript('build:electron', 'the Electron main process');
      const args = mainArgumentList({ study: studyPath, userData: null, coordinator: opts.coordinator ?? false });
      const child = spawn(electron, [ELECTRON_MAIN, ...args], { stdio: 'inherit' });
      await new Promise<void>((done) => child.on('exit', (code) => ((process.exitCode = code ?? 0), done())));
    });
};
