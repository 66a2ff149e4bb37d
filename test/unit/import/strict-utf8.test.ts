/**
 * The import's UTF-8 check (electron/services/strict-utf8.ts) must agree with the WHATWG decoder in
 * fatal streaming mode, the reference it replaces for speed, however the bytes are cut into chunks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidUtf8, StrictUtf8Decoder } from '../../../electron/services/strict-utf8';

const byTextDecoder = (chunks: Buffer[]): string | null => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
  } catch {
    return null;
  }
};
const byStrictDecoder = (chunks: Buffer[]): string | null => {
  const decoder = new StrictUtf8Decoder();
  try {
    const text = chunks.map((chunk) => decoder.write(chunk)).join('');
    decoder.end();
    return text;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidUtf8);
    return null;
  }
};

/** Bytes near the edges of UTF-8: leads, continuations, surrogate and overlong starts, a BOM's bytes. */
const edgeByte = fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(0x41, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xef, 0xbb, 0xf0, 0xf4, 0xf5, 0x90, 0xa0),
);
const text = fc.string({ unit: 'binary', maxLength: 12 });
const bytes = fc.oneof(
  fc.array(edgeByte, { maxLength: 24 }).map((b) => Buffer.from(b)),
  text.map((t) => Buffer.from(t)),
  text.map((t) => Buffer.from('\uFEFF' + t)),
  fc.tuple(text, edgeByte, text).map(([a, b, c]) => Buffer.concat([Buffer.from(a), Buffer.from([b]), Buffer.from(c)])),
);

describe('StrictUtf8Decoder', () => {
  it('accepts and decodes exactly what a fatal streaming TextDecoder does, for any cut into chunks', () => {
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(30), { maxLength: 5 }), (input, cuts) => {
        const ends = [...new Set(cuts.filter((c) => c < input.length)), input.length].sort((a, b) => a - b);
        const chunks = ends.map((end, i) => input.subarray(i === 0 ? 0 : ends[i - 1], end));
        expect(byStrictDecoder(chunks)).toBe(byTextDecoder(chunks));
      }),
      { numRuns: 20_000, seed: 12 },
    );
  });

  it('places invalid bytes after the text before them', () => {
    const decoder = new StrictUtf8Decoder();
    expect(() => decoder.write(Buffer.from([0x61, 0x0a, 0x62, 0xff, 0x63]))).toThrow(
      expect.objectContaining({ textBefore: 'a\nb' }),
    );
  });
});
