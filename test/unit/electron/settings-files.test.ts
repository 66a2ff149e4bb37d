import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOpenRequest, mainArgumentList, openRequestFor, parseMainArguments } from '../../../electron/main/arguments';
import { createPassphraseMemory, hasSecureStore } from '../../../electron/main/passphrase-memory';
import { createRecentStudies } from '../../../electron/main/recent-studies';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'blindrate-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reversible stand-in for the OS key store; the point is that the file never holds the clear text. */
function fakeSafeStorage(available: boolean, backend: ReturnType<SafeStorage['getSelectedStorageBackend']>) {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (text: string) => Buffer.from(text, 'utf8').reverse(),
    decryptString: (sealed: Buffer) => Buffer.from(sealed).reverse().toString('utf8'),
  };
}

describe('secure store detection', () => {
  it('refuses Linux basic_text and unknown backends and unavailable encryption', () => {
    expect(hasSecureStore(fakeSafeStorage(true, 'gnome_libsecret'), 'linux')).toBe(true);
    expect(hasSecureStore(fakeSafeStorage(true, 'basic_text'), 'linux')).toBe(false);
    expect(hasSecureStore(fakeSafeStorage(true, 'unknown'), 'linux')).toBe(false);
    expect(hasSecureStore(fakeSafeStorage(false, 'gnome_libsecret'), 'darwin')).toBe(false);
    expect(hasSecureStore(fakeSafeStorage(true, 'unknown'), 'win32')).toBe(true);
  });
});

describe('passphrase memory', () => {
  it('stores only sealed passphrases and recalls them', () => {
    const file = join(dir, 'passphrases.json');
    const memory = createPassphraseMemory(fakeSafeStorage(true, 'kwallet'), file, 'linux');
    memory.remember('/s/a.db', 'hunter2-long-passphrase');
    expect(readFileSync(file, 'utf8')).not.toContain('hunter2');
    expect(memory.isRemembered('/s/a.db')).toBe(true);
    expect(memory.recall('/s/a.db')).toBe('hunter2-long-passphrase');
    memory.forget('/s/a.db');
    expect(memory.recall('/s/a.db')).toBeNull();
  });

  it('forgets a sealed passphrase the key store can no longer open, and says so', () => {
    const file = join(dir, 'passphrases.json');
    createPassphraseMemory(fakeSafeStorage(true, 'kwallet'), file, 'linux').remember(
      '/s/a.db',
      'hunter2-long-passphrase',
    );
    const resetKeyStore = {
      ...fakeSafeStorage(true, 'kwallet'),
      decryptString: (): string => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      },
    };
    const memory = createPassphraseMemory(resetKeyStore, file, 'linux');
    expect(() => memory.recall('/s/a.db')).toThrow(
      "The passphrase remembered for a.db can no longer be read from this computer's key store, so it has been forgotten: enter the passphrase.",
    );
    expect(memory.isRemembered('/s/a.db')).toBe(false);
    expect(memory.recall('/s/a.db')).toBeNull();
  });

  it('writes nothing where there is no secure store', () => {
    const file = join(dir, 'passphrases.json');
    const memory = createPassphraseMemory(fakeSafeStorage(true, 'basic_text'), file, 'linux');
    memory.remember('/s/a.db', 'hunter2');
    expect(() => readFileSync(file)).toThrow();
    expect(memory.canRemember()).toBe(false);
  });
});

describe('recent studies', () => {
  it('lists existing files most recent first, without duplicates, and survives a corrupt file', () => {
    const file = join(dir, 'recent.json');
    const a = join(dir, 'a.db');
    const b = join(dir, 'b.db');
    writeFileSync(a, '');
    writeFileSync(b, '');
    const recent = createRecentStudies(file);
    recent.add(a);
    recent.add(b);
    recent.add(a);
    recent.add(join(dir, 'gone.db'));
    expect(recent.list()).toEqual([
      { path: a, label: 'a.db' },
      { path: b, label: 'b.db' },
    ]);
    writeFileSync(file, '{not json');
    expect(recent.list()).toEqual([]);
  });
});

describe('main process arguments', () => {
  it('round-trip through the switches blindrate start writes', () => {
    const args = {
      study: '/data/my study.db',
      userData: '/tmp/profile',
      alsoOffer: ['/data/master one.db', '/data/master two.db'],
    };
    expect(parseMainArguments(['electron', 'main.cjs', ...mainArgumentList(args)])).toEqual(args);
    expect(parseMainArguments(['electron', 'main.cjs'])).toEqual({ study: null, userData: null });
  });

  it('take a bare study or rater package, as the OS passes a double-clicked file, but not the app folder or a switch', () => {
    expect(parseMainArguments(['BlindRate', '/home/ada/Dr Ada.blindrate']).study).toBe('/home/ada/Dr Ada.blindrate');
    expect(parseMainArguments(['BlindRate', '--flag', 'C:\\studies\\master.DB']).study).toBe('C:\\studies\\master.DB');
    expect(parseMainArguments(['electron', '.', '--no-sandbox=x.db', 'notes.txt']).study).toBeNull();
  });

  it("hand a second launch's file to the running instance as an absolute path, and accept only that shape back", () => {
    expect(openRequestFor(parseMainArguments(['BlindRate', 'rel/a.blindrate']), '/home/ada')).toEqual({
      study: '/home/ada/rel/a.blindrate',
    });
    expect(openRequestFor(parseMainArguments(['BlindRate']), '/home/ada')).toBeUndefined();
    expect(isOpenRequest({ study: '/x.db' })).toBe(true);
    for (const junk of [undefined, null, {}, { study: 3 }, { study: '' }, 'x.db'])
      expect(isOpenRequest(junk)).toBe(false);
  });
});
