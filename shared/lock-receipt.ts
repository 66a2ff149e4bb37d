/**
 * The lock receipt: a short code the rater reads to the coordinator (phone, message) once they lock.
 * It is derived from the package id and the audit chain head at the lock, which covers every answer,
 * duration and the lock time, so a merge given the receipt refuses a package whose history up to the
 * lock was rewritten afterwards, even by someone holding the package key.
 *
 * Format: 11 Crockford base32 characters (55 bits of the digest) and one Luhn mod 32 check character,
 * in groups of four: "VADC-1PN8-RFK7". Crockford's alphabet has no I, L, O or U, and reading I or L
 * as 1 and O as 0 forgives what is misheard; the check character catches any one wrong character and
 * most swapped neighbours, so a mistyped receipt is told apart from a package that differs.
 */
import type { Sha256 } from './audit-chain';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DATA_CHARACTERS = 11;
const GROUP = 4;

/** Luhn mod 32 over character values; `withCheck` says whether the last value is already the check. */
function luhnSum(values: readonly number[], withCheck: boolean): number {
  const n = ALPHABET.length;
  let sum = 0;
  let double = !withCheck;
  for (let i = values.length - 1; i >= 0; i--) {
    const addend = values[i]! * (double ? 2 : 1);
    sum += Math.floor(addend / n) + (addend % n);
    double = !double;
  }
  return sum % n;
}

function grouped(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
}

/** The receipt of a package locked with this chain head. */
export function lockReceipt(packageId: string, lockHead: string, sha256: Sha256): string {
  const digest = sha256(`blindrate lock receipt\n${packageId}\n${lockHead}`);
  // 14 hex digits = 56 bits; the first 55 make the 11 characters.
  let bits = BigInt(`0x${digest.slice(0, 14)}`) >> 1n;
  const values: number[] = [];
  for (let i = 0; i < DATA_CHARACTERS; i++) {
    values.unshift(Number(bits & 31n));
    bits >>= 5n;
  }
  const check = (ALPHABET.length - luhnSum(values, false)) % ALPHABET.length;
  return grouped([...values, check].map((v) => ALPHABET[v]).join(''));
}

export type ParsedReceipt = { ok: true; receipt: string } | { ok: false; problem: string };

/** A receipt as typed (any case, with or without dashes and spaces), in its printed form, or what is wrong. */
export function parseLockReceipt(text: string): ParsedReceipt {
  const compact = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const length = DATA_CHARACTERS + 1;
  if (compact.length !== length || [...compact].some((c) => !ALPHABET.includes(c)))
    return { ok: false, problem: `a receipt has ${length} letters and digits (like VADC-1PN8-RFK7)` };
  if (
    luhnSum(
      [...compact].map((c) => ALPHABET.indexOf(c)),
      true,
    ) !== 0
  )
    return { ok: false, problem: 'it is mistyped (its check character does not match)' };
  return { ok: true, receipt: grouped(compact) };
}
