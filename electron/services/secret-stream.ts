/**
 * Randomness a rater must not be able to reconstruct. `assign` draws a 256-bit secret from the OS CSPRNG and
 * keeps it in the master alone; every draw that decides what a package shows (task order, A/B positions,
 * quality-control placement) comes from a stream keyed by it. A stream is HMAC-SHA256 in counter mode under
 * a key derived from the secret and the stream's label, so streams of different raters and purposes are
 * independent, the same secret gives the same plan, and without the secret no draw can be predicted.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { prngFromWords, type Prng } from '../../shared/prng';

export const SECRET_BYTES = 32;

export function drawSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** The stream for one purpose, e.g. `keyedStream(secret, 'order', rater)`; the label parts are kept apart. */
export function keyedStream(secret: Uint8Array, ...label: string[]): Prng {
  if (secret.length !== SECRET_BYTES) throw new Error(`A plan secret has ${SECRET_BYTES} bytes, got ${secret.length}.`);
  const key = createHmac('sha256', secret).update(JSON.stringify(label)).digest();
  const counter = Buffer.alloc(8);
  let block = 0;
  let words = Buffer.alloc(0);
  let next = 0;
  return prngFromWords(() => {
    if (next === words.length) {
      counter.writeBigUInt64BE(BigInt(block++));
      words = createHmac('sha256', key).update(counter).digest();
      next = 0;
    }
    const word = words.readUInt32BE(next);
    next += 4;
    return word;
  });
}
