import { describe, expect, it } from 'vitest';
import { intraclassCorrelations } from '../../../shared/stats';
import { iccReference } from './agreementFixtures';

const FORMS = [
  ['ICC_A_1', 'absolute_single'],
  ['ICC_C_1', 'consistency_single'],
  ['ICC_A_k', 'absolute_average'],
] as const;

describe('intraclassCorrelations', () => {
  for (const testCase of iccReference.icc) {
    for (const [psychName, form] of FORMS) {
      it(`matches R psych::ICC ${psychName} and its 95% bounds on ${testCase.name}`, () => {
        const result = intraclassCorrelations(testCase.data)!;
        const expected = testCase.expected[psychName];
        expect(result.n).toBe(testCase.data.length);
        expect(result.k).toBe(testCase.data[0]!.length);
        expect(result[form].value).toBeCloseTo(expected.value, 12);
        // jstat's F quantiles agree with R's qf to about 1e-8 relative.
        expect(result[form].ci95![0]).toBeCloseTo(expected.lower, 6);
        expect(result[form].ci95![1]).toBeCloseTo(expected.upper, 6);
      });
    }
  }

  it("reproduces Shrout & Fleiss's published values (ICC(2,1) .29, ICC(3,1) .71, ICC(2,4) .62)", () => {
    const sf = iccReference.icc.find((c) => c.name === 'shrout-fleiss-1979')!;
    const result = intraclassCorrelations(sf.data)!;
    expect(result.absolute_single.value!.toFixed(2)).toBe('0.29');
    expect(result.consistency_single.value!.toFixed(2)).toBe('0.71');
    expect(result.absolute_average.value!.toFixed(2)).toBe('0.62');
  });

  it('is null below 2 targets or 2 raters and rejects a ragged table', () => {
    expect(intraclassCorrelations([[1, 2, 3]])).toBeNull();
    expect(intraclassCorrelations([[1], [2], [3]])).toBeNull();
    expect(() => intraclassCorrelations([[1, 2], [3]])).toThrow('row 1 has 1 ratings');
  });

  it('gives no interval where the ICC is undefined (no variance at all)', () => {
    const result = intraclassCorrelations([
      [3, 3],
      [3, 3],
      [3, 3],
    ])!;
    const undefinedHere = { value: null, ci95: null, undefined_because: 'every rating in the table is the same' };
    expect(result.consistency_single).toEqual(undefinedHere);
    expect(result.absolute_single).toEqual(undefinedHere);
    expect(result.absolute_average).toEqual(undefinedHere);
  });

  it('is undefined, not a number, for every constant table, whatever its size (rounding in the grand mean gave 1)', () => {
    const withANumber: string[] = [];
    for (let n = 2; n <= 60; n++)
      for (let k = 2; k <= 6; k++)
        for (let v = 1; v <= 5; v++) {
          const result = intraclassCorrelations(Array.from({ length: n }, () => new Array<number>(k).fill(v)))!;
          const forms = [result.absolute_single, result.consistency_single, result.absolute_average];
          if (forms.some((form) => form.value !== null)) withANumber.push(`${n}×${k} of ${v}`);
        }
    expect(withANumber).toEqual([]);
  });

  it('gives ICC(C,1) no value when one rater always says 3 and the other always 4, and absolute agreement 0', () => {
    // Consistency is (MSR − MSE) / (MSR + MSE) = 0/0; absolute agreement's denominator keeps the raters' 1-point bias.
    const result = intraclassCorrelations(Array.from({ length: 13 }, () => [3, 4]))!;
    expect(result.consistency_single).toEqual({
      value: null,
      ci95: null,
      undefined_because: 'the outputs do not differ and each rater gave every output the same rating',
    });
    expect(result.absolute_single.value).toBe(0);
    expect(result.absolute_average.value).toBe(0);
  });
});
