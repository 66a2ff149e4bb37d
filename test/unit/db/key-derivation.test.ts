/**
 * The key of every study and package is SQLCipher 4's: PBKDF2-HMAC-SHA512 of the passphrase over 256,000 rounds.
 * Test processes derive keys with TEST_KDF_ITERATIONS rounds instead (test/fast-key-derivation.mjs, loaded by
 * vitest.config.ts), so these tests start the real `blindrate` without that module and decrypt what it writes
 * by hand, as any SQLCipher 4 tool would: the product's files need the full 256,000 rounds.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openStudy } from '../../../electron/services/study';
import { TEST_KDF_ITERATIONS } from '../../fast-key-derivation.mjs';
import { decryptPages } from '../../integration/packages/decrypt-pages';
import { freshFolder, freshStudy, PASSPHRASE } from '../../integration/engine/helpers';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const SQLCIPHER4_KDF_ITERATIONS = 256_000;
const NEW_PASSPHRASE = 'a new and different passphrase';

/** The product as users start it: this process's environment without the test-only key derivation. */
const productEnv = {
  ...process.env,
  NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '')
    .split(' ')
    .filter((option) => !option.includes('fast-key-derivation'))
    .join(' '),
  BLINDRATE_PASSPHRASE: PASSPHRASE,
  BLINDRATE_NEW_PASSPHRASE: NEW_PASSPHRASE,
};
const blindrate = (args: string[]) => promisify(execFile)(process.execPath, [CLI, ...args], { env: productEnv });

/**
 * Whether the file's first page, decrypted with this key, holds SQLite's header after the 16-byte salt: the page
 * size (4096), SQLCipher's 80 reserved bytes per page and the fixed payload fractions 64, 32, 32.
 */
function headerReadable(path: string, passphrase: string, kdfIterations: number): boolean {
  const header = decryptPages(readFileSync(path).subarray(0, 4096), passphrase, kdfIterations);
  return header.readUInt16BE(0) === 4096 && header.subarray(4, 8).equals(Buffer.from([80, 64, 32, 32]));
}

describe('key derivation', () => {
  it('the product derives keys over 256,000 rounds, at init and after a rekey', async () => {
    const study = join(freshFolder(), 'product.db');
    await blindrate(['init', study]);
    expect(headerReadable(study, PASSPHRASE, SQLCIPHER4_KDF_ITERATIONS)).toBe(true);
    expect(headerReadable(study, PASSPHRASE, TEST_KDF_ITERATIONS)).toBe(false);
    // The test processes' derivation is another key: this process cannot open the product's file.
    expect(() => openStudy(study, PASSPHRASE)).toThrow(/Wrong passphrase/);

    await blindrate(['rekey', study]);
    expect(headerReadable(study, NEW_PASSPHRASE, SQLCIPHER4_KDF_ITERATIONS)).toBe(true);
    expect(headerReadable(study, PASSPHRASE, SQLCIPHER4_KDF_ITERATIONS)).toBe(false);
  });

  it('test processes derive keys over TEST_KDF_ITERATIONS rounds, far fewer than the product', () => {
    const { db, path: study } = freshStudy();
    db.close();
    expect(TEST_KDF_ITERATIONS).toBeLessThan(SQLCIPHER4_KDF_ITERATIONS / 1000);
    expect(headerReadable(study, PASSPHRASE, TEST_KDF_ITERATIONS)).toBe(true);
    expect(headerReadable(study, PASSPHRASE, SQLCIPHER4_KDF_ITERATIONS)).toBe(false);
  });
});
