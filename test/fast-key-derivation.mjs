/**
 * Test processes only: SQLCipher's passphrase key derivation at TEST_KDF_ITERATIONS instead of SQLCipher 4's
 * 256,000 PBKDF2-HMAC-SHA512 rounds. That derivation is slow on purpose (about 0.1–0.3 s per open here) and the
 * suite opens several thousand throw-away files; it cost most of the unit and integration run's time.
 *
 * vitest.config.ts loads this module into every test process through NODE_OPTIONS (`--import`), so the test
 * workers, the worker threads they start and every `blindrate` process a test spawns derive keys alike, and a
 * file one of them writes opens in the others. It wraps the driver's `key()`, which db/connection.ts calls after
 * choosing the cipher, with a `kdf_iter` pragma: nothing in db/, electron/ or shared/ knows of it, and no product
 * entry point (Electron, the CLI bin, `npm start`, the E2E run) loads it. test/unit/db/key-derivation.test.ts
 * proves the product itself, started without this module, writes files whose key takes 256,000 rounds.
 */
import { createRequire } from 'node:module';

/** Iterations per key derivation in test processes. */
export const TEST_KDF_ITERATIONS = 2;

const Database = createRequire(import.meta.url)('better-sqlite3-multiple-ciphers');
const WRAPPED = Symbol.for('blindrate.testKeyDerivation');
// Tests that import TEST_KDF_ITERATIONS evaluate this module a second time (vitest's own loader): wrap once.
if (!Database.prototype.key[WRAPPED]) {
  const applyKey = Database.prototype.key;
  const keyWithTestDerivation = function (key) {
    this.pragma(`kdf_iter = ${TEST_KDF_ITERATIONS}`);
    return applyKey.call(this, key);
  };
  keyWithTestDerivation[WRAPPED] = true;
  Database.prototype.key = keyWithTestDerivation;
}
