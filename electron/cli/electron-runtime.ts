/**
 * Whether `blindrate start` can run the desktop app on this machine, and how it launches it. Every
 * reason it cannot is one line that says what to do; start then falls back to browser mode instead
 * of leaving the user with Electron's bare exit code.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { electronNativeBindingPath, missingNativeBindingMessage, SETUP_ELECTRON_COMMAND } from '../main/native-binding';

/** The Electron executable when the npm package downloaded it, else null (require('electron') throws or names a missing file). */
export function findElectronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** What decides whether Chromium's sandbox can start on Linux; read from the system by `readSandboxFacts`. */
export interface SandboxFacts {
  platform: NodeJS.Platform;
  /** null where there are no POSIX user ids (Windows). */
  uid: number | null;
  /** Owner and mode of the chrome-sandbox helper next to the Electron binary; null when absent. */
  chromeSandbox: { uid: number; mode: number } | null;
  /** Unprivileged user namespaces are switched off (Ubuntu 24.04's AppArmor default, or the Debian sysctl). */
  userNamespacesRestricted: boolean;
}

export function readSandboxFacts(electronBinary: string): SandboxFacts {
  const helper = join(dirname(electronBinary), 'chrome-sandbox');
  const sysctl = (name: string) => {
    try {
      return readFileSync(`/proc/sys/kernel/${name}`, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const stat = existsSync(helper) ? statSync(helper) : null;
  return {
    platform: process.platform,
    uid: process.getuid?.() ?? null,
    chromeSandbox: stat ? { uid: stat.uid, mode: stat.mode } : null,
    userNamespacesRestricted:
      sysctl('apparmor_restrict_unprivileged_userns') === '1' || sysctl('unprivileged_userns_clone') === '0',
  };
}

/**
 * Electron aborts at launch as root ("Running as root without --no-sandbox is not supported") and,
 * where user namespaces are restricted, when chrome-sandbox is not setuid root ("The SUID sandbox
 * helper binary was found, but is not configured correctly"). BlindRate never turns the sandbox off.
 */
export function sandboxProblem(electronBinary: string, facts: SandboxFacts): string | null {
  if (facts.platform !== 'linux') return null;
  if (facts.uid === 0) {
    return 'Electron does not run as root with its sandbox on, and BlindRate never turns the sandbox off: run `npm start` as a normal user.';
  }
  const helper = join(dirname(electronBinary), 'chrome-sandbox');
  const setuidRoot =
    facts.chromeSandbox !== null && facts.chromeSandbox.uid === 0 && (facts.chromeSandbox.mode & 0o4755) === 0o4755;
  if (facts.userNamespacesRestricted && !setuidRoot) {
    return `This system restricts user namespaces (Ubuntu 24.04 and later), so Electron's sandbox helper must be setuid root: run \`sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"\` once.`;
  }
  return null;
}

export function electronBinaryMissingMessage(): string {
  return `The Electron runtime is absent (node_modules/electron has no binary): run \`${SETUP_ELECTRON_COMMAND}\` where it can be downloaded.`;
}

/** Null when the desktop app can start here; otherwise the one line saying why not and what to do. */
export function electronUnavailableReason(
  appRoot: string,
  probe = { findElectronBinary, readSandboxFacts },
): string | null {
  const electron = probe.findElectronBinary();
  if (!electron) return electronBinaryMissingMessage();
  const nativeBinding = electronNativeBindingPath(appRoot);
  if (!existsSync(nativeBinding)) return missingNativeBindingMessage(nativeBinding);
  return sandboxProblem(electron, probe.readSandboxFacts(electron));
}

export function browserModeFallbackLine(reason: string): string {
  return `${reason} Starting browser mode instead.`;
}

/** A parent started with ELECTRON_RUN_AS_NODE (e.g. from an Electron-based editor's terminal) would turn the app into plain Node. */
export function electronChildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...rest } = env;
  return rest;
}

/** A child killed by a signal has no exit code: report the shell's 128 + signal number, never 0. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
