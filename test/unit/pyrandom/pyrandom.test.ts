import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PythonRandom, pythonShuffled, seedKey } from '../../../shared/pyrandom';

/** Written by python3 (test/fixtures/pyrandom/make_fixtures.py): CPython's own seed + shuffle results. */
interface Fixture {
  python: string;
  maxLength: number;
  cases: Array<{ seed: string; firstWords: number[]; full: Record<string, number[]>; sha256ByLength: string[] }>;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/pyrandom/shuffles.json', import.meta.url), 'utf8'),
) as Fixture;

const digest = (permutation: number[]) => createHash('sha256').update(permutation.join(',')).digest('hex').slice(0, 16);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe(`CPython ${fixture.python} random.seed + random.shuffle`, () => {
  for (const { seed, firstWords, full, sha256ByLength } of fixture.cases) {
    describe(`seed ${seed}`, () => {
      it('gives the same first 32-bit outputs (init_by_array on the seed words)', () => {
        const random = new PythonRandom(BigInt(seed));
        expect(firstWords.map(() => random.getrandbits(32))).toEqual(firstWords);
      });

      it('shuffles a few lengths to exactly the listed permutations', () => {
        for (const [length, permutation] of Object.entries(full)) {
          expect(pythonShuffled(range(Number(length)), BigInt(seed))).toEqual(permutation);
        }
      });

      it(`shuffles every length 0..${fixture.maxLength} exactly as python3 did`, () => {
        const mismatches = sha256ByLength.flatMap((expected, n) =>
          digest(pythonShuffled(range(n), BigInt(seed))) === expected ? [] : [n],
        );
        expect(mismatches).toEqual([]);
      });
    });
  }
});

describe('seedKey', () => {
  it('uses |seed| split into little-endian 32-bit words, one zero word for 0', () => {
    expect([...seedKey(0)]).toEqual([0]);
    expect([...seedKey(-7)]).toEqual([7]);
    expect([...seedKey(2 ** 32 + 5)]).toEqual([5, 1]);
    expect([...seedKey(2n ** 64n + 12345n)]).toEqual([12345, 0, 1]);
  });

  it('rejects a number that is not a safe integer', () => {
    expect(() => seedKey(1.5)).toThrow(/must be an integer/);
    expect(() => seedKey(2 ** 60)).toThrow(/bigint/);
  });
});

it('shuffles a copy and leaves its input alone', () => {
  const input = ['a', 'b', 'c', 'd'];
  pythonShuffled(input, 1);
  expect(input).toEqual(['a', 'b', 'c', 'd']);
});
