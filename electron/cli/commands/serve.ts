/** `blindrate serve STUDY.db`: browser mode on 127.0.0.1, for development, end-to-end tests and machines without Electron. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StudyError } from '../../../shared/errors';
import { startBrowserServer, type BrowserServer } from '../../serve/server';
import type { SessionRole } from '../../services/api-host';
import { systemClock } from '../../services/study';
import type { RegisterCommand } from './index';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../../dist/renderer/', import.meta.url));

export interface ServeOptions {
  port: number;
  role: SessionRole;
  rendererDir: string;
}

/** Starts the server, prints the one line the e2e launcher parses, and closes the study cleanly on Ctrl-C, SIGTERM or a closed terminal. */
export async function serveUntilStopped(studyPath: string, options: ServeOptions): Promise<BrowserServer> {
  const server = await startBrowserServer({ studyPath, ...options, clock: systemClock });
  process.stdout.write(`BlindRate serving ${resolve(studyPath)} at ${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  return server;
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new StudyError(`--port ${text}: give a number from 0 to 65535 (0 picks a free port).`);
  return port;
}

export const registerServe: RegisterCommand = (program: Command) => {
  program
    .command('serve')
    .description('Serve the app in a local browser (127.0.0.1 only); the study is unlocked in the page.')
    .argument('<study>', 'study file (.db)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 0)
    .option('--coordinator', 'coordinator session: reports are visible before raters lock')
    .option('--renderer <dir>', 'built renderer folder', DEFAULT_RENDERER_DIR)
    .action(async (study: string, opts: { port: number; coordinator?: boolean; renderer: string }) => {
      await serveUntilStopped(study, {
        port: opts.port,
        role: opts.coordinator ? 'coordinator' : 'rater',
        rendererDir: opts.renderer,
      });
    });
};
