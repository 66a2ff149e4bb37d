/**
 * A package decrypted page by page, as someone holding its passphrase could do without SQLite: every page of
 * the file, free pages and unused space included, so a scan of these bytes sees whatever the file holds.
 */
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { TEST_KDF_ITERATIONS } from '../../fast-key-derivation.mjs';

/** SQLCipher 4 defaults (db/connection.ts sets `legacy = 4`): 4096-byte pages ending in a 16-byte IV and a 64-byte HMAC. */
const PAGE_SIZE = 4096;
const RESERVED = 80;

/**
 * The key is PBKDF2-HMAC-SHA512 of the passphrase and salt over `kdfIterations` rounds: by default the rounds of
 * files written in test processes (test/fast-key-derivation.mjs); the product's own files take 256,000.
 */
export function decryptPages(file: Buffer, passphrase: string, kdfIterations = TEST_KDF_ITERATIONS): Buffer {
  const key = pbkdf2Sync(passphrase, file.subarray(0, 16), kdfIterations, 32, 'sha512');
  const pages: Buffer[] = [];
  for (let offset = 0; offset < file.length; offset += PAGE_SIZE) {
    const page = file.subarray(offset, offset + PAGE_SIZE);
    // The first page's first 16 bytes are the salt, in the clear.
    const encrypted = page.subarray(offset === 0 ? 16 : 0, PAGE_SIZE - RESERVED);
    const iv = page.subarray(PAGE_SIZE - RESERVED, PAGE_SIZE - RESERVED + 16);
    const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
    pages.push(decipher.update(encrypted), decipher.final());
  }
  return Buffer.concat(pages);
}
