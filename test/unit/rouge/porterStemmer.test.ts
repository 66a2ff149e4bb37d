import { stemmer as originalPorter } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { porterStem } from '../../../shared/rouge';
import { nltkStems } from './fixtures';

describe('porterStem (nltk PorterStemmer, NLTK_EXTENSIONS mode)', () => {
  const words = Object.keys(nltkStems);

  it('stems every fixture word exactly as nltk does', () => {
    expect(words.length).toBeGreaterThan(2000);
    const mismatches = words.filter((word) => porterStem(word) !== nltkStems[word]);
    expect(mismatches.map((word) => `${word}: ${porterStem(word)} (nltk ${nltkStems[word]})`)).toEqual([]);
  });

  it('differs from the original algorithm (npm stemmer) where nltk extends it', () => {
    for (const [word, nltk, original] of [
      ['days', 'day', 'dai'],
      ['dying', 'die', 'dy'],
      ['exceed', 'exceed', 'exce'],
      ['carefully', 'care', 'carefulli'],
      ['enjoy', 'enjoy', 'enjoi'],
    ] as const) {
      expect(porterStem(word)).toBe(nltk);
      expect(originalPorter(word)).toBe(original);
    }
  });

  it('leaves words of one or two letters alone', () => {
    expect(porterStem('is')).toBe('is');
    expect(porterStem('a')).toBe('a');
  });

  it('handles a long run of y (nltk resolves y iteratively for the same reason)', () => {
    expect(porterStem('y'.repeat(5000)).length).toBeGreaterThan(0);
  });
});
