/**
 * The only source of randomness in shared/: a seeded generator, so a study's sample is reproducible from
 * its stored seed on every platform, and an adapter that turns any stream of 32-bit words into a Prng
 * (what a rater sees is drawn from a keyed cryptographic stream made in electron/services/secret-stream.ts).
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

export interface Prng {
  /** Uniform integer in [0, maxExclusive). */
  nextInt(maxExclusive: number): number;
  /** Uniform float in [0, 1), multiples of 2^-53. */
  nextFloat(): number;
  /**
   * Fills `out` with uniform integers in [0, maxExclusive): the same values as out.length calls of
   * nextInt, without the per-call overhead (a bootstrap draws millions of indices).
   */
  fillInts(out: Int32Array, maxExclusive: number): void;
}

/** How many 32-bit integers a SeededPrng's state takes (writeState, readState). */
export const PRNG_STATE_LENGTH = 4;

/**
 * A seeded Prng whose place in its stream can be written down and taken up again: a thread that resamples
 * after another can start where the other left the stream, instead of drawing everything in between again.
 */
export interface SeededPrng extends Prng {
  /** Writes where the stream stands into out[at … at + PRNG_STATE_LENGTH − 1]. */
  writeState(out: Int32Array, at: number): void;
  /** Moves the stream to where another SeededPrng's writeState found its stream: the same draws follow. */
  readState(from: Int32Array, at: number): void;
}

export function createPrng(seed: number): SeededPrng {
  let generator = xoroshiro128plus(seed | 0);
  return {
    nextInt(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1) {
        throw new RangeError(`nextInt needs a positive integer bound, got ${maxExclusive}`);
      }
      return uniformInt(generator, 0, maxExclusive - 1);
    },
    nextFloat() {
      return uniformFloat64(generator);
    },
    fillInts(out, maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 31) {
        throw new RangeError(`fillInts needs an integer bound in 1..2^31, got ${maxExclusive}`);
      }
      // pure-rand's uniformInt for ranges below 2^32, inlined: rejection keeps every value equally likely.
      const accepted = acceptedWords(maxExclusive);
      for (let i = 0; i < out.length; i++) {
        let draw = generator.next() + 2 ** 31;
        while (draw >= accepted) draw = generator.next() + 2 ** 31;
        out[i] = remainderOf(draw, maxExclusive);
      }
    },
    writeState(out, at) {
      out.set(generator.getState(), at);
    },
    readState(from, at) {
      generator = xoroshiro128plusFromState([...from.subarray(at, at + PRNG_STATE_LENGTH)]);
    },
  };
}

/**
 * word % bound for whole numbers word < 2^32 and bound ≤ 2^31, without the floating-point `%` (a library
 * call in V8, three times slower than this in the bootstrap's draws): the quotient's floor is exact, as a
 * quotient that is not whole lies at least 1/bound below the next whole number, more than its rounding.
 */
export function remainderOf(word: number, bound: number): number {
  return word - Math.floor(word / bound) * bound;
}

/** Words below this bound are accepted for a draw below maxExclusive, so each remainder is equally likely. */
function acceptedWords(maxExclusive: number): number {
  return maxExclusive > 2 ? Math.floor(2 ** 32 / maxExclusive) * maxExclusive : 2 ** 32;
}

/**
 * A Prng over a source of uniform 32-bit words (integers 0 ≤ w < 2^32): integers by rejection, floats from
 * 53 bits of two words. Bounds are limited to 2^32, all a shuffle or a coin needs.
 */
export function prngFromWords(nextWord: () => number): Prng {
  const below = (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
      throw new RangeError(`a draw needs an integer bound in 1..2^32, got ${maxExclusive}`);
    }
    const accepted = acceptedWords(maxExclusive);
    let word = nextWord();
    while (word >= accepted) word = nextWord();
    return word % maxExclusive;
  };
  return {
    nextInt: below,
    nextFloat: () => ((nextWord() >>> 5) * 2 ** 26 + (nextWord() >>> 6)) / 2 ** 53,
    fillInts(out, maxExclusive) {
      for (let i = 0; i < out.length; i++) out[i] = below(maxExclusive);
    },
  };
}

/**
 * Derives a 32-bit seed from a study seed and a label (e.g. a rater name) with FNV-1a, so each rater
 * gets an independent yet reproducible stream without storing extra seeds.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5 ^ (seed | 0);
  // An ASCII label's UTF-8 bytes are its char codes: read them without encoding it (the bootstrap's labels
  // name every unit it resamples, thousands of characters, and are hashed in every thread).
  const bytes = isAscii(label) ? null : new TextEncoder().encode(label);
  const length = bytes === null ? label.length : bytes.length;
  for (let i = 0; i < length; i++) {
    hash = Math.imul(hash ^ (bytes === null ? label.charCodeAt(i) : bytes[i]!), 0x01000193);
  }
  return hash | 0;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Fisher–Yates shuffle into a new array. */
export function shuffled<T>(items: ReadonlyArray<T>, prng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.nextInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
