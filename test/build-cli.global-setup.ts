/**
 * Tests that spawn the real `blindrate` bin run the CLI bundle, which the bin rebuilds itself when any
 * source is newer. Building it once here, from the current sources, keeps parallel test files from all
 * rebuilding it at once, and makes each spawned CLI test the code under test.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildCliOnce(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../build/bundle-cli.mjs', import.meta.url))], {
    stdio: 'ignore',
  });
}
