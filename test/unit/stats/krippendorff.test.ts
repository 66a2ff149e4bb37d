import { describe, expect, it } from 'vitest';
import { krippendorffAlpha, type MeasurementLevel } from '../../../shared/stats';
import { closeOrNull, reference } from './fixtures';

const levels: MeasurementLevel[] = ['nominal', 'ordinal', 'interval'];

describe('krippendorffAlpha', () => {
  const [k2011, packageDocstring] = reference.krippendorff;

  it('reproduces Krippendorff (2011) worked example: nominal .743, ordinal .815, interval .849', () => {
    expect(k2011!.name).toBe('krippendorff-2011');
    expect(krippendorffAlpha(k2011!.data, 'nominal')!.toFixed(3)).toBe('0.743');
    expect(krippendorffAlpha(k2011!.data, 'ordinal')!.toFixed(3)).toBe('0.815');
    expect(krippendorffAlpha(k2011!.data, 'interval')!.toFixed(3)).toBe('0.849');
  });

  it('reproduces the krippendorff package docstring: nominal 0.691358, interval 0.810845', () => {
    expect(packageDocstring!.name).toBe('krippendorff-package-docstring');
    expect(krippendorffAlpha(packageDocstring!.data, 'nominal')!.toFixed(6)).toBe('0.691358');
    expect(krippendorffAlpha(packageDocstring!.data, 'interval')!.toFixed(6)).toBe('0.810845');
  });

  for (const testCase of reference.krippendorff) {
    for (const level of levels) {
      it(`matches the numpy reference formula on ${testCase.name} (${level})`, () => {
        closeOrNull(krippendorffAlpha(testCase.data, level), testCase.expected[level], 1e-12);
      });
    }
  }

  it('gives the unrounded 2011 nominal value 0.743421… = 113/152, not just its rounding', () => {
    expect(krippendorffAlpha(k2011!.data, 'nominal')).toBeCloseTo(113 / 152, 14);
  });

  it('is 1 for perfect agreement and ignores units rated once', () => {
    const data = [
      [1, 2, 3, null],
      [1, 2, 3, 5],
    ];
    for (const level of levels) expect(krippendorffAlpha(data, level)).toBe(1);
  });

  it('is null for a single rater: no unit is pairable', () => {
    expect(krippendorffAlpha([[1, 2, 3, 4]], 'ordinal')).toBeNull();
  });

  it('is null when every pairable unit has the same value (no expected disagreement)', () => {
    const constant = [
      [4, 4, null],
      [4, 4, null],
      [null, null, 2],
    ];
    // Unit 3 has one value only, so value 2 never enters the coincidence matrix.
    expect(krippendorffAlpha(constant, 'interval')).toBeNull();
  });

  it('is null with no raters or no units', () => {
    expect(krippendorffAlpha([], 'nominal')).toBeNull();
    expect(krippendorffAlpha([[], []], 'nominal')).toBeNull();
  });

  it('depends only on the order of values for ordinal, not on their spacing', () => {
    const data = k2011!.data;
    const stretched = data.map((row) => row.map((v) => (v === null ? null : v ** 3)));
    expect(krippendorffAlpha(stretched, 'ordinal')).toBeCloseTo(krippendorffAlpha(data, 'ordinal')!, 12);
    expect(krippendorffAlpha(stretched, 'interval')).not.toBeCloseTo(krippendorffAlpha(data, 'interval')!, 3);
  });

  it('does not depend on the order of raters or units', () => {
    const data = k2011!.data;
    const reversed = [...data].reverse().map((row) => [...row].reverse());
    for (const level of levels) {
      expect(krippendorffAlpha(reversed, level)).toBeCloseTo(krippendorffAlpha(data, level)!, 12);
    }
  });

  it('rejects a ragged matrix and non-finite values', () => {
    expect(() => krippendorffAlpha([[1, 2], [1]], 'nominal')).toThrow('row 1 has 1 units, row 0 has 2');
    expect(() =>
      krippendorffAlpha(
        [
          [1, NaN],
          [1, 2],
        ],
        'nominal',
      ),
    ).toThrow('row 0, unit 1: NaN');
  });

  it('refuses more distinct values than its coincidences can be counted over (2^16), and says so', () => {
    // 2^16 + 1 distinct values over units of two raters: refused before any coincidence is counted.
    const distinct = 2 ** 16 + 1;
    const units = Math.ceil(distinct / 2);
    const matrix = [0, 1].map((rater) =>
      Array.from({ length: units }, (_, u) => Math.min(2 * u + rater, distinct - 1)),
    );
    expect(() => krippendorffAlpha(matrix, 'interval')).toThrow('Alpha over 65537 distinct values: at most 65536');
  });
});
