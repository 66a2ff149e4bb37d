/** `blindrate serve STUDY.db`: browser mode on 127.0.0.1, for development, end-to-end tests and machines without Electron. */
import type { Command } from 'commander';
import { serveUntilStopped } from '../browser-mode';
import { parsePort, rendererOption } from '../study-options';
import type { RegisterCommand } from './index';

export const registerServe: RegisterCommand = (program: Command) => {
  program
    .command('serve')
    .description(
      "Serve the app in a local browser (127.0.0.1 only), unlocked in the page: a master study opens the coordinator's view (progress, reports), a rater package (.blindrate) its rater's rating session.",
    )
    .argument('<file>', 'master study (.db) or rater package (.blindrate)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 0)
    .addOption(rendererOption('built renderer folder'))
    .action(async (file: string, opts: { port: number; renderer: string }) => {
      await serveUntilStopped(file, { port: opts.port, rendererDir: opts.renderer });
    });
};
