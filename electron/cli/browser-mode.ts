/** Browser mode for the commands that offer it (`serve`, and `start` where Electron is absent). */
import { resolve } from 'node:path';
import { startBrowserServer, type BrowserServer } from '../serve/server';
import { systemClock } from '../services/system-clock';

export interface ServeOptions {
  port: number;
  /** Where new studies and packages are written (default: the current folder). */
  workspaceDir?: string;
  rendererDir: string;
  /** Further files the page may open (the demo offers its master beside the rater package). */
  alsoOffer?: string[];
}

/** Starts the server, prints the one line the e2e launcher parses, and closes the study cleanly on Ctrl-C, SIGTERM or a closed terminal. */
export async function serveUntilStopped(studyPath: string | null, options: ServeOptions): Promise<BrowserServer> {
  const server = await startBrowserServer({ studyPath, ...options, clock: systemClock });
  const what = studyPath === null ? `the workspace ${resolve(options.workspaceDir ?? '.')}` : resolve(studyPath);
  process.stdout.write(`BlindRate serving ${what} at ${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  return server;
}
