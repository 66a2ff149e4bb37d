import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawSecret, keyedStream, SECRET_BYTES } from '../../../electron/services/secret-stream';
import { prngFromWords } from '../../../shared/prng';

const draws = (secret: Uint8Array, ...label: string[]) => {
  const prng = keyedStream(secret, ...label);
  return Array.from({ length: 40 }, () => prng.nextInt(1000));
};

describe('keyedStream', () => {
  const secret = Buffer.alloc(SECRET_BYTES, 1);

  it('gives the same draws for the same secret and label, and unrelated ones otherwise', () => {
    expect(draws(secret, 'order', 'Dr A')).toEqual(draws(secret, 'order', 'Dr A'));
    expect(draws(secret, 'order', 'Dr A')).not.toEqual(draws(secret, 'order', 'Dr B'));
    expect(draws(secret, 'order', 'Dr A')).not.toEqual(draws(secret, 'quality control', 'Dr A'));
    // Label parts are kept apart: ("order", "Dr A") is not ("order Dr", "A").
    expect(draws(secret, 'order', 'Dr A')).not.toEqual(draws(secret, 'order Dr', 'A'));
    const other = Buffer.from(secret);
    other[31] = 2;
    expect(draws(secret, 'order', 'Dr A')).not.toEqual(draws(other, 'order', 'Dr A'));
  });

  it('is HMAC-SHA256 in counter mode under a key derived from the secret and the label', () => {
    const key = createHmac('sha256', secret)
      .update(JSON.stringify(['order', 'Dr A']))
      .digest();
    const block = (n: number) =>
      createHmac('sha256', key)
        .update(Buffer.from([0, 0, 0, 0, 0, 0, 0, n]))
        .digest();
    const expected = Buffer.concat([block(0), block(1)]);
    // A bound of 2^32 accepts every word, so each draw is the next word of the stream.
    const prng = keyedStream(secret, 'order', 'Dr A');
    for (let i = 0; i < expected.length / 4; i++) expect(prng.nextInt(2 ** 32)).toBe(expected.readUInt32BE(4 * i));
  });

  it('refuses a secret of the wrong size; drawn secrets are 32 fresh bytes', () => {
    expect(() => keyedStream(Buffer.alloc(4), 'order')).toThrow(/32 bytes/);
    const [a, b] = [drawSecret(), drawSecret()];
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(false);
  });
});

describe('prngFromWords', () => {
  it('draws below a bound by rejecting the words of the incomplete last range, and floats from 53 bits', () => {
    // Bound 3: words ≥ 3·⌊2^32/3⌋ = 4294967295 are rejected.
    const words = [4294967295, 7, 2 ** 32 - 1, 2 ** 32 - 1];
    const prng = prngFromWords(() => words.shift()!);
    expect(prng.nextInt(3)).toBe(1);
    expect(prng.nextFloat()).toBe(1 - 2 ** -53);
    expect(() => prng.nextInt(0)).toThrow(RangeError);
    expect(() => prng.nextInt(2 ** 32 + 1)).toThrow(RangeError);
  });
});
