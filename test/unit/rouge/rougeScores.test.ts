import { describe, expect, it } from 'vitest';
import { rougeScores, rougeTokens, type RougeScores } from '../../../shared/rouge';
import { rougeReference } from './fixtures';

const TYPES: Array<keyof RougeScores> = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'];

describe('rougeScores against the rouge-score reference definitions', () => {
  for (const testCase of rougeReference.cases) {
    const label = `${testCase.name}, ${testCase.stem ? 'stemmed' : 'not stemmed'}`;

    it(`tokenizes like rouge-score: ${label}`, () => {
      expect(rougeTokens(testCase.reference, testCase.stem)).toEqual(testCase.tokens.reference);
      expect(rougeTokens(testCase.candidate, testCase.stem)).toEqual(testCase.tokens.candidate);
    });

    it(`scores like rouge-score: ${label}`, () => {
      const scores = rougeScores(testCase.reference, testCase.candidate, { stem: testCase.stem });
      for (const type of TYPES) {
        for (const part of ['precision', 'recall', 'f1'] as const) {
          expect(scores[type][part], `${type}.${part}`).toBeCloseTo(testCase.expected[type][part], 12);
        }
      }
    });
  }
});

describe('rougeScores against ROUGE-1.5.5 values published in rouge-score tests', () => {
  for (const { name, stem, reference, candidate, type, published } of rougeReference.rouge155) {
    it(`${type} on ${name}${stem ? ' (stemmed)' : ''}`, () => {
      const score = rougeScores(reference, candidate, { stem })[type];
      expect(score.precision).toBeCloseTo(published.precision, 5);
      expect(score.recall).toBeCloseTo(published.recall, 5);
      expect(score.f1).toBeCloseTo(published.f1, 5);
    });
  }
});

describe('rougeScores edge cases', () => {
  it('is all zeros, never NaN, when a side has no tokens', () => {
    for (const [reference, candidate] of [
      ['', 'text'],
      ['text', ''],
      ['', ''],
      ['text', '!!!'],
    ]) {
      const scores = rougeScores(reference!, candidate!, { stem: true });
      for (const type of TYPES) expect(scores[type]).toEqual({ precision: 0, recall: 0, f1: 0 });
    }
  });

  it('gives rougeLsum = rougeL on single-line text', () => {
    const scores = rougeScores('the heart rate slows', 'heart rate slows down the', { stem: false });
    expect(scores.rougeLsum).toEqual(scores.rougeL);
  });

  it('matches sentence order-free content with rougeLsum but not with rougeL', () => {
    const scores = rougeScores('stop aspirin\ncall your doctor', 'call your doctor\nstop aspirin', { stem: false });
    expect(scores.rougeLsum.f1).toBe(1);
    expect(scores.rougeL.f1).toBeLessThan(1);
  });
});
