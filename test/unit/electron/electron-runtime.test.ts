import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  electronChildEnvironment,
  electronUnavailableReason,
  exitCodeOf,
  sandboxProblem,
  type SandboxFacts,
} from '../../../electron/cli/electron-runtime';
import { electronNativeBindingPath } from '../../../electron/main/native-binding';

const ELECTRON = '/repo/node_modules/electron/dist/electron';
const SETUID_ROOT = { uid: 0, mode: 0o104755 };
const USER_OWNED = { uid: 1000, mode: 0o100755 };
const linux = (facts: Partial<SandboxFacts>): SandboxFacts => ({
  platform: 'linux',
  uid: 1000,
  chromeSandbox: USER_OWNED,
  userNamespacesRestricted: false,
  ...facts,
});

describe('sandbox checks before launching Electron', () => {
  it('refuses root with what to do, on Linux only', () => {
    expect(sandboxProblem(ELECTRON, linux({ uid: 0, chromeSandbox: SETUID_ROOT }))).toBe(
      'Electron does not run as root with its sandbox on, and BlindRate never turns the sandbox off: run `npm start` as a normal user.',
    );
    expect(sandboxProblem(ELECTRON, { ...linux({ uid: 0 }), platform: 'darwin' })).toBeNull();
  });

  it('on Ubuntu 24.04 (user namespaces restricted) asks for a setuid-root chrome-sandbox, with the exact commands', () => {
    expect(sandboxProblem(ELECTRON, linux({ userNamespacesRestricted: true }))).toBe(
      'This system restricts user namespaces (Ubuntu 24.04 and later), so Electron\'s sandbox helper must be setuid root: run `sudo chown root:root "/repo/node_modules/electron/dist/chrome-sandbox" && sudo chmod 4755 "/repo/node_modules/electron/dist/chrome-sandbox"` once.',
    );
    expect(sandboxProblem(ELECTRON, linux({ userNamespacesRestricted: true, chromeSandbox: null }))).toMatch(
      /must be setuid root/,
    );
    expect(sandboxProblem(ELECTRON, linux({ userNamespacesRestricted: true, chromeSandbox: SETUID_ROOT }))).toBeNull();
  });

  it('lets a user-owned helper be where user namespaces work (Chromium then uses them instead)', () => {
    expect(sandboxProblem(ELECTRON, linux({}))).toBeNull();
  });
});

describe('whether the desktop app can run', () => {
  let appRoot: string;
  beforeEach(() => {
    appRoot = mkdtempSync(join(tmpdir(), 'blindrate-runtime-'));
  });
  afterEach(() => rmSync(appRoot, { recursive: true, force: true }));
  const fine = { findElectronBinary: () => ELECTRON, readSandboxFacts: () => linux({}) };

  it('names the first missing piece and the command that makes it', () => {
    expect(electronUnavailableReason(appRoot, { ...fine, findElectronBinary: () => null })).toBe(
      'The Electron runtime is absent (node_modules/electron has no binary): run `npm run setup:electron` where it can be downloaded.',
    );
    expect(electronUnavailableReason(appRoot, fine)).toBe(
      `The database module built for Electron is missing (${electronNativeBindingPath(appRoot)}): run \`npm run setup:electron\` where Electron's headers can be downloaded.`,
    );
    mkdirSync(join(appRoot, 'native', 'electron'), { recursive: true });
    writeFileSync(electronNativeBindingPath(appRoot), '');
    expect(electronUnavailableReason(appRoot, fine)).toBeNull();
    expect(electronUnavailableReason(appRoot, { ...fine, readSandboxFacts: () => linux({ uid: 0 }) })).toMatch(
      /as root/,
    );
  });

  it('looks for the native module outside app.asar once packaged', () => {
    expect(electronNativeBindingPath('/opt/BlindRate/resources/app.asar')).toBe(
      '/opt/BlindRate/resources/app.asar.unpacked/native/electron/better_sqlite3.node',
    );
  });
});

describe('the Electron child process', () => {
  it('never inherits ELECTRON_RUN_AS_NODE, which would make it plain Node', () => {
    expect(electronChildEnvironment({ PATH: '/bin', ELECTRON_RUN_AS_NODE: '1' })).toEqual({ PATH: '/bin' });
  });

  it('maps a signal to a non-zero exit code', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
    expect(exitCodeOf(null, null)).toBe(1);
  });
});
