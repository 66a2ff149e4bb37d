/**
 * The duplicate-key scanner is fed the import's read chunks as they come, so its answer (key and line)
 * must not depend on where the chunks are cut: through a string, an escape or a key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDuplicateKeyScanner } from '../../../shared/import/duplicate-keys';

function scan(chunks: string[]) {
  const scanner = createDuplicateKeyScanner();
  return chunks.map((chunk) => scanner.push(chunk)).at(-1) ?? null;
}

describe('createDuplicateKeyScanner', () => {
  it('finds the second key of an object with its line, escapes decoded, nested objects apart', () => {
    expect(scan(['{"a": 1,\n "b": {"a": 2}, "c": "x\\"a\\":",\n "\\u0061": 3}'])).toEqual({ key: 'a', line: 3 });
    expect(scan(['[{"a": 1}, {"a": 2}]'])).toBeNull();
  });

  it('gives the same answer for any cut into chunks', () => {
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"',
      '\\',
      '\n',
      ' ',
      'a',
      'b',
      '"a"',
      '"b":',
      'u0061',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), fc.array(fc.nat(80), { maxLength: 6 }), (parts, cuts) => {
        const text = parts.join('');
        const ends = [...new Set(cuts.filter((c) => c < text.length)), text.length].sort((a, b) => a - b);
        expect(scan(ends.map((end, i) => text.slice(i === 0 ? 0 : ends[i - 1], end)))).toEqual(scan([text]));
      }),
      { numRuns: 20_000, seed: 12 },
    );
  });
});
