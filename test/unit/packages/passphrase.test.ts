import { describe, expect, it } from 'vitest';
import { generatePassphrase, judgePassphrase } from '../../../shared/passphrase';
import { createPrng } from '../../../shared/prng';

describe('judgePassphrase', () => {
  it.each(['a', ' ', 'demo', 'password1', 'blindrate'])(
    'refuses %j with a one-line reason and a suggestion',
    (weak) => {
      const verdict = judgePassphrase(weak, 'The study passphrase');
      expect(verdict.strong).toBe(false);
      if (verdict.strong) return;
      expect(verdict.message).toMatch(
        /^The study passphrase is too weak \(strength [0-2] of 4, at least 3 needed\): .+\. .+\.$/,
      );
      expect(verdict.message).not.toContain('\n');
    },
  );

  it('accepts several uncommon words', () => {
    expect(judgePassphrase('copper lantern orbit quietly', 'The study passphrase')).toEqual({ strong: true });
  });
});

describe('generatePassphrase', () => {
  it('draws six diceware words that pass the strength check', () => {
    const prng = createPrng(42);
    const phrase = generatePassphrase((n) => prng.nextInt(n));
    expect(phrase.split(' ')).toHaveLength(6);
    expect(judgePassphrase(phrase, 'x')).toEqual({ strong: true });
  });
});
