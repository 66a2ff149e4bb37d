/** `blindrate serve STUDY.db`: browser mode on 127.0.0.1, for development, end-to-end tests and machines without Electron. */
import type { Command } from 'commander';
import { parsePort, rendererOption } from '../study-options';
import type { RegisterCommand } from './index';

export const registerServe: RegisterCommand = (program: Command) => {
  program
    .command('serve')
    .description(
      "Serve the app in a local browser (127.0.0.1 only), unlocked in the page: a master study opens the coordinator's workspace (import, sample, assign, packages, returns, exports, reports), a rater package (.blindrate) its rater's rating session.",
    )
    .argument('[file]', 'master study (.db) or rater package (.blindrate); none: only the workspace, to create a study')
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 0)
    .option('--workspace <dir>', 'folder new studies and rater packages are written into (default: the current folder)')
    .addOption(rendererOption('built renderer folder'))
    .action(async (file: string | undefined, opts: { port: number; renderer: string; workspace?: string }) => {
      const { serveUntilStopped } = await import('../browser-mode');
      await serveUntilStopped(file ?? null, {
        port: opts.port,
        rendererDir: opts.renderer,
        workspaceDir: opts.workspace,
      });
    });
};
