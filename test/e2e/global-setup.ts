import { execFileSync } from 'node:child_process';
import { describeLauncher, launcherKind, REPO_ROOT } from './launcher';

/** Says which launcher runs (the output must show it) and builds the Electron main when it is the one. */
export default function globalSetup(): void {
  console.log(describeLauncher());
  if (launcherKind() === 'electron') execFileSync('npm', ['run', '--silent', 'build:electron'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
