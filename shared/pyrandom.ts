/**
 * CPython's `random` module, exactly as far as benchmark pipelines use it: `random.seed(int)`
 * followed by `random.shuffle(list)`. Benchmark code such as CLUE's `eval_MeDiSumQA.py` writes its
 * predictions in the order of a shuffled dataset without saying which entry each line belongs to;
 * replaying the same shuffle is the only way to join them back.
 *
 * No npm Mersenne Twister seeds the way CPython does (an integer's 32-bit words fed to
 * `init_by_array`, even for small seeds), so the generator is written out here from the reference
 * MT19937 (Matsumoto & Nishimura, mt19937ar.c) and CPython's `Modules/_randommodule.c` and
 * `Lib/random.py`. test/fixtures/pyrandom/ holds python3's own shuffles to compare against. The
 * algorithm has been the same since Python 3.2 (Python 2's shuffle, which multiplied random(), differs).
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** One MT19937 stream in CPython's `_random.Random` state, seeded as `random.seed(seed)` does. */
export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(seed: number | bigint) {
    this.initByArray(seedKey(seed));
  }

  private initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: Uint32Array): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const previous = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(previous, 1664525)) + key[j]! + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const previous = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000; // MSB is 1, assuring a non-zero initial array
  }

  /** The next raw 32-bit output (`genrand_uint32`). */
  nextUint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk++) {
        const y = (mt[kk]! & UPPER_MASK) | (mt[(kk + 1) % N]! & LOWER_MASK);
        mt[kk] = mt[(kk + M) % N]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random.getrandbits(k)` for 0 ≤ k ≤ 32 (all a JavaScript array index ever needs). */
  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k > 32) throw new RangeError(`getrandbits supports 0..32 bits, got ${k}`);
    if (k === 0) return 0;
    return this.nextUint32() >>> (32 - k);
  }

  /** `Random._randbelow_with_getrandbits(n)`: uniform in [0, n) by rejection, n ≥ 1. */
  randbelow(n: number): number {
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** `random.shuffle(x)`, on a copy: Fisher–Yates from the last position down to 1. */
  shuffled<T>(items: ReadonlyArray<T>): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** What `random.seed(1); random.shuffle(data)` leaves in `data`, without touching `items`. */
export function pythonShuffled<T>(items: ReadonlyArray<T>, seed: number | bigint): T[] {
  return new PythonRandom(seed).shuffled(items);
}

/**
 * The key CPython's `random_seed` builds from an int: the 32-bit words of |seed|, least significant
 * first, and a single zero word for 0 (so seed(0) and seed(-0) match, and seed(-5) equals seed(5)).
 */
export function seedKey(seed: number | bigint): Uint32Array {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new RangeError(`A Python seed must be an integer (use a bigint beyond 2^53), got ${seed}`);
  }
  let rest = BigInt(seed);
  if (rest < 0n) rest = -rest;
  const words: number[] = [];
  do {
    words.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  } while (rest > 0n);
  return Uint32Array.from(words);
}

function bitLength(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 0xffffffff)
    throw new RangeError(`randbelow needs an integer in 1..2^32-1, got ${n}`);
  return 32 - Math.clz32(n);
}
