/** `blindrate serve STUDY.db`: browser mode on 127.0.0.1, for development, end-to-end tests and machines without Electron. */
import type { Command } from 'commander';
import { serveUntilStopped } from '../browser-mode';
import { parsePort, rendererOption } from '../study-options';
import type { RegisterCommand } from './index';

export const registerServe: RegisterCommand = (program: Command) => {
  program
    .command('serve')
    .description('Serve the app in a local browser (127.0.0.1 only); the study is unlocked in the page.')
    .argument('<study>', 'study file (.db)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 0)
    .option('--coordinator', 'coordinator session: reports are visible before raters lock')
    .addOption(rendererOption('built renderer folder'))
    .action(async (study: string, opts: { port: number; coordinator?: boolean; renderer: string }) => {
      await serveUntilStopped(study, {
        port: opts.port,
        role: opts.coordinator ? 'coordinator' : 'rater',
        rendererDir: opts.renderer,
      });
    });
};
