import { bundleElectron } from '../../build/bundle-electron.mjs';
import { describeLauncher, launcherKind } from './launcher';

/** Says which launcher runs (the output must show it) and builds the Electron main when it is the one, in-process (no spawned npm, which fails on Windows). */
export default async function globalSetup(): Promise<void> {
  console.log(await describeLauncher());
  if (launcherKind() === 'electron') await bundleElectron();
}
