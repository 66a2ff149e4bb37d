import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../../shared/prng';

describe('deriveSeed', () => {
  // FNV-1a (32-bit) over the label's UTF-8 bytes, started from 0x811c9dc5 ^ seed, as a signed 32-bit integer:
  // values from an independent Python implementation (int.from_bytes arithmetic on label.encode('utf-8')).
  it.each([
    [0, '', -2128831035],
    [3, 'rater-1', -1913650972],
    [3, 'Zoë Müller', -1334984404],
    [-7, '日本', 1372456220],
    [42, 'item-00001\u001e'.repeat(3), 158227842],
  ])('hashes seed %i with %j to %i, ASCII or not', (seed, label, expected) => {
    expect(deriveSeed(seed, label)).toBe(expected);
  });
});
