/**
 * `npm run setup:electron` (also run, best effort, after `npm install`): what the desktop app needs
 * beyond node_modules, both downloaded, both optional for the CLI, the tests and browser mode.
 *   1. The Electron binary. npm's allowScripts keeps Electron's own install script from running,
 *      because it fails `npm install` where the download is impossible; this step runs it instead,
 *      honouring ELECTRON_SKIP_BINARY_DOWNLOAD, and gives up with one line when the host is unreachable.
 *   2. better-sqlite3-multiple-ciphers built for Electron's ABI, in native/electron/ (node_modules keeps
 *      the Node build): a prebuilt binary for Electron, or else a compile against Electron's headers.
 * Each step checks in seconds whether its download host answers. By default a failure is one line and
 * exit code 0, so `npm install` never fails; `--strict` (used by `npm run dist`) exits 1 instead.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { electronNativeBindingPath } from '../electron/main/native-binding';
import { findElectronBinary } from '../electron/cli/electron-runtime';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);
const PROBE_TIMEOUT_MS = 8_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const PREBUILT_TIMEOUT_MS = 2 * 60_000;
const COMPILE_TIMEOUT_MS = 20 * 60_000;

class SetupSkipped extends Error {}

/** Null where the electron package is not installed (e.g. `npm ci --omit=dev`). */
function electronVersion(): string | null {
  try {
    return (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/** Whether the host answers at all; a DNS failure or a firewall returns in well under the timeout. */
async function assertReachable(url: string, what: string): Promise<void> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new SetupSkipped(`${what}: ${new URL(url).host} is unreachable (${cause})`);
  }
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeout: number,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const result = spawnSync(command, args, { cwd, env, timeout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error || result.status !== 0) {
    const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').filter(Boolean).at(-1) ?? '';
    const why = result.error ? result.error.message : output || `exit code ${result.status}`;
    throw new SetupSkipped(`${what} failed: ${why}`);
  }
}

async function downloadElectron(version: string): Promise<string> {
  const existing = findElectronBinary();
  if (existing) return `Electron ${version} is installed.`;
  const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';
  await assertReachable(mirror, `Electron ${version} was not downloaded`);
  run(
    process.execPath,
    [require.resolve('electron/install.js')],
    REPO_ROOT,
    DOWNLOAD_TIMEOUT_MS,
    `Downloading Electron ${version}`,
  );
  if (!findElectronBinary())
    throw new SetupSkipped(`Downloading Electron ${version} left no binary in node_modules/electron/dist`);
  return `Electron ${version} downloaded.`;
}

/** The native module for Electron, made in a scratch copy of the package so node_modules keeps its Node build. */
async function buildNativeModuleForElectron(version: string): Promise<string> {
  const target = electronNativeBindingPath(REPO_ROOT);
  const stamp = join(dirname(target), 'build-info.json');
  const wanted = { electron: version, platform: process.platform, arch: process.arch };
  if (existsSync(target) && existsSync(stamp) && readFileSync(stamp, 'utf8') === `${JSON.stringify(wanted)}\n`) {
    return `The database module for Electron ${version} is built.`;
  }
  const packageDir = dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json'));
  const scratch = mkdtempSync(join(tmpdir(), 'blindrate-electron-native-'));
  try {
    cpSync(packageDir, scratch, { recursive: true, filter: (path) => !path.startsWith(join(packageDir, 'build')) });
    const electronArgs = ['--runtime=electron', `--target=${version}`, `--arch=${process.arch}`];
    try {
      await assertReachable('https://github.com/', 'No prebuilt database module for Electron');
      run(
        process.execPath,
        [require.resolve('prebuild-install/bin.js'), ...electronArgs, `--platform=${process.platform}`],
        scratch,
        PREBUILT_TIMEOUT_MS,
        'Fetching the prebuilt database module for Electron',
      );
    } catch (prebuiltFailed) {
      const headers = process.env.npm_config_disturl ?? 'https://electronjs.org/headers';
      await assertReachable(
        `${headers}/v${version}/SHASUMS256.txt`,
        `${(prebuiltFailed as Error).message}; and Electron's headers could not be fetched to compile one`,
      );
      run(
        process.execPath,
        [require.resolve('node-gyp/bin/node-gyp.js'), 'rebuild', '--release', ...electronArgs, `--dist-url=${headers}`],
        scratch,
        COMPILE_TIMEOUT_MS,
        'Compiling the database module for Electron',
      );
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(scratch, 'build', 'Release', 'better_sqlite3.node'), target);
    writeFileSync(stamp, `${JSON.stringify(wanted)}\n`);
    return `The database module for Electron ${version} is built in ${dirname(target)}.`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(strict: boolean, say: (line: string) => void): Promise<void> {
  const version = electronVersion();
  if (!version) {
    say('the electron package is not installed (development dependencies omitted?): nothing to set up.');
    if (strict) process.exitCode = 1;
    return;
  }
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    say('ELECTRON_SKIP_BINARY_DOWNLOAD is set, so nothing is downloaded; `npm start` uses browser mode.');
    if (strict) process.exitCode = 1;
    return;
  }
  // Independent steps: the native module needs Electron's headers, not its binary.
  for (const step of [() => downloadElectron(version), () => buildNativeModuleForElectron(version)]) {
    try {
      say(await step());
    } catch (error) {
      if (!(error instanceof SetupSkipped) && strict) throw error;
      say(
        `${(error as Error).message}. The CLI, the tests and browser mode work without it; run \`npm run setup:electron\` where the download is possible.`,
      );
      if (strict) process.exitCode = 1;
    }
  }
}

const strict = process.argv.includes('--strict');
const say = (line: string) => process.stdout.write(`setup:electron: ${line}\n`);
try {
  await main(strict, say);
} catch (error) {
  // Without --strict this runs as postinstall, which must never fail the install.
  say(`failed unexpectedly: ${(error as Error).message.split('\n')[0]}`);
  process.exitCode = strict ? 1 : 0;
}
