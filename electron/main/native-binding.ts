/**
 * better-sqlite3's native module built for Electron's ABI. node_modules holds the build for Node
 * (CLI, tests); the Electron build lives in its own folder, made by `npm run setup:electron`, and is
 * handed to the driver as `nativeBinding`. Packaged, the folder sits in app.asar.unpacked, because
 * a .node file cannot be loaded from inside the archive.
 */
import { join } from 'node:path';

export const ELECTRON_NATIVE_DIR = join('native', 'electron');
export const ELECTRON_NATIVE_FILE = 'better_sqlite3.node';
export const SETUP_ELECTRON_COMMAND = 'npm run setup:electron';

export function electronNativeBindingPath(appPath: string): string {
  return join(appPath, ELECTRON_NATIVE_DIR, ELECTRON_NATIVE_FILE).replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

export function missingNativeBindingMessage(path: string): string {
  return `The database module built for Electron is missing (${path}): run \`${SETUP_ELECTRON_COMMAND}\` where Electron's headers can be downloaded.`;
}
