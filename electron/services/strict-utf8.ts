/**
 * Strict UTF-8 decoding of a file read in chunks. Node's TextDecoder with `fatal` and `stream` is ICU's
 * converter, about ten times slower here than validating with buffer.isUtf8 (simdutf) and decoding with
 * toString, so this does that, carrying a character split between two chunks over to the next one.
 */
import { isUtf8 } from 'node:buffer';

export class InvalidUtf8 extends Error {
  /** The text before the first invalid bytes of the chunk, decoded leniently (to place them). */
  constructor(readonly textBefore: string) {
    super('not valid UTF-8');
  }
}

export class StrictUtf8Decoder {
  private carried = Buffer.alloc(0);
  private first = true;

  /** The text of the next chunk; throws InvalidUtf8. A leading byte order mark is dropped, as TextDecoder does. */
  write(chunk: Buffer): string {
    const bytes = this.carried.length === 0 ? chunk : Buffer.concat([this.carried, chunk]);
    const complete = bytes.subarray(0, bytes.length - incompleteTail(bytes));
    if (!isUtf8(complete)) {
      const lenient = bytes.toString('utf8');
      throw new InvalidUtf8(lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))));
    }
    this.carried = Buffer.from(bytes.subarray(complete.length));
    const text = complete.toString('utf8');
    if (!this.first || text === '') return text;
    this.first = false;
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  }

  /** At the end of the file; throws InvalidUtf8 when it ends inside a character. */
  end(): void {
    if (this.carried.length > 0) throw new InvalidUtf8('');
  }
}

/** How many bytes at the end begin a character that continues past them (0–3); invalid bytes are left to isUtf8. */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}
