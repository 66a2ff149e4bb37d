import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lockReceipt, parseLockReceipt } from '../../../shared/lock-receipt';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const head = (n: number) => sha256(`head ${n}`);

describe('lockReceipt', () => {
  it('is 12 Crockford base32 characters in three groups, from the package id and the chain head alone', () => {
    const receipt = lockReceipt('pkg-1', head(1), sha256);
    expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(lockReceipt('pkg-1', head(1), sha256)).toBe(receipt);
    expect(lockReceipt('pkg-2', head(1), sha256)).not.toBe(receipt);
    expect(lockReceipt('pkg-1', head(2), sha256)).not.toBe(receipt);
  });

  it('spreads over its 55 bits: 2,000 heads give 2,000 receipts, every character used at every data position', () => {
    const receipts = Array.from({ length: 2000 }, (_, n) => lockReceipt('pkg', head(n), sha256).replace(/-/g, ''));
    expect(new Set(receipts).size).toBe(2000);
    for (let position = 0; position < 11; position++)
      expect(new Set(receipts.map((r) => r[position])).size, `position ${position}`).toBe(32);
  });
});

describe('parseLockReceipt', () => {
  const receipt = lockReceipt('pkg-1', head(1), sha256);

  it('reads a receipt as a rater may say or type it', () => {
    const compact = receipt.replace(/-/g, '');
    for (const typed of [receipt, compact, compact.toLowerCase(), ` ${receipt.replace(/-/g, ' ')} `])
      expect(parseLockReceipt(typed)).toEqual({ ok: true, receipt });
    const misheard = receipt.replace(/0/g, 'O').replace(/1/g, 'l');
    expect(parseLockReceipt(misheard)).toEqual({ ok: true, receipt });
  });

  it('catches every single wrong character, in every position of 200 receipts', () => {
    const passed: string[] = [];
    let tried = 0;
    for (let n = 0; n < 200; n++) {
      const compact = lockReceipt(`pkg-${n}`, head(n), sha256).replace(/-/g, '');
      for (let position = 0; position < compact.length; position++) {
        for (const wrong of CROCKFORD) {
          if (wrong === compact[position]) continue;
          const typed = compact.slice(0, position) + wrong + compact.slice(position + 1);
          tried++;
          if (parseLockReceipt(typed).ok) passed.push(typed);
        }
      }
    }
    expect(tried).toBe(200 * 12 * 31);
    expect(passed).toEqual([]);
    expect(parseLockReceipt(receipt.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toEqual({
      ok: false,
      problem: 'it is mistyped (its check character does not match)',
    });
  });

  it('refuses what is not 12 letters and digits of the alphabet', () => {
    for (const typed of ['', receipt.slice(0, -1), `${receipt}7`, receipt.replace(/.$/, 'U')])
      expect(parseLockReceipt(typed)).toMatchObject({ ok: false, problem: expect.stringMatching(/^a receipt has 12/) });
  });
});
