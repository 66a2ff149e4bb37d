/**
 * Remembered passphrases, sealed with Electron safeStorage (the OS key store). On Linux without a
 * secret service safeStorage falls back to a hard-coded key ('basic_text'); that is no protection
 * for a medical study, so we then refuse to remember at all.
 */
import type { SafeStorage } from 'electron';
import { basename } from 'node:path';
import { StudyError } from '../../shared/errors';
import type { PassphraseMemory } from '../services/api-host';
import { readJsonFile, writeJsonFile } from './json-file';

type SealedPassphrases = Record<string, string>;

function isSealedMap(value: unknown): value is SealedPassphrases {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

export function hasSecureStore(
  safeStorage: Pick<SafeStorage, 'isEncryptionAvailable' | 'getSelectedStorageBackend'>,
  platform: NodeJS.Platform,
): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend();
  return backend !== 'basic_text' && backend !== 'unknown';
}

export function createPassphraseMemory(
  safeStorage: Pick<
    SafeStorage,
    'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
  >,
  file: string,
  platform: NodeJS.Platform,
): PassphraseMemory {
  const read = () => readJsonFile(file, isSealedMap, {});
  const canRemember = () => hasSecureStore(safeStorage, platform);
  const forget = (path: string) => {
    const { [path]: _dropped, ...rest } = read();
    writeJsonFile(file, rest);
  };
  return {
    canRemember,
    isRemembered: (path) => canRemember() && read()[path] !== undefined,
    /** A sealed passphrase the key store can no longer open (new OS account, reset keyring) is forgotten, with a message saying so. */
    recall(path) {
      const sealed = read()[path];
      if (!sealed || !canRemember()) return null;
      try {
        return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
      } catch {
        forget(path);
        throw new StudyError(
          `The passphrase remembered for ${basename(path)} can no longer be read from this computer's key store, so it has been forgotten: enter the passphrase.`,
        );
      }
    },
    remember(path, passphrase) {
      if (!canRemember()) return;
      writeJsonFile(file, { ...read(), [path]: safeStorage.encryptString(passphrase).toString('base64') });
    },
    forget,
  };
}
