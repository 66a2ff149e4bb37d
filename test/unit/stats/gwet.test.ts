import { describe, expect, it } from 'vitest';
import { gwetAgreement } from '../../../shared/stats';
import { agreementReference } from './agreementFixtures';

/** The fixtures list units × raters; gwetAgreement takes raters × units like the other agreement statistics. */
function ratersByUnits(units: Array<Array<number | null>>): Array<Array<number | null>> {
  return units[0]!.map((_, rater) => units.map((unit) => unit[rater]!));
}

describe('gwetAgreement', () => {
  for (const testCase of agreementReference.gwet) {
    const weights = testCase.weights === 'quadratic' ? 'quadratic' : 'identity';
    it(`matches the numpy transcription of Gwet's formulas on ${testCase.name} (${weights})`, () => {
      const result = gwetAgreement(ratersByUnits(testCase.units), testCase.categories, weights)!;
      const expected = testCase.expected;
      expect(result.n).toBe(expected.n);
      expect(result.percent_agreement).toBeCloseTo(expected.pa, 12);
      expect(result.chance_agreement).toBeCloseTo(expected.pe, 12);
      expect(result.coefficient).toBeCloseTo(expected.coefficient, 12);
      expect(result.standard_error!).toBeCloseTo(expected.se, 12);
      expect(result.ci95![0]).toBeCloseTo(expected.ci95[0], 7);
      expect(result.ci95![1]).toBeCloseTo(expected.ci95[1], 7);
    });
  }

  it("reproduces irrCAC's documented example: AC1 0.77544, SE 0.14295, 95% CI (0.461, 1)", () => {
    const example = agreementReference.gwet.find((c) => c.name === 'irrcac-cac-raw4raters')!;
    const result = gwetAgreement(ratersByUnits(example.units), [1, 2, 3, 4, 5], 'identity')!;
    expect(result.coefficient.toFixed(5)).toBe('0.77544');
    expect(result.standard_error!.toFixed(5)).toBe('0.14295');
    expect(result.ci95![0].toFixed(3)).toBe('0.461');
    expect(result.ci95![1]).toBe(1);
  });

  it('counts unused categories in the chance agreement (q is the scale, not the values seen)', () => {
    const data = [
      [2, 3, 4, 4],
      [2, 3, 4, 3],
    ];
    const onScale = gwetAgreement(data, [1, 2, 3, 4, 5], 'quadratic')!;
    const onSeen = gwetAgreement(data, [2, 3, 4], 'quadratic')!;
    expect(onScale.chance_agreement).not.toBeCloseTo(onSeen.chance_agreement, 6);
  });

  it('is null when no unit has two ratings, and rejects values off the scale', () => {
    expect(
      gwetAgreement(
        [
          [1, null],
          [null, 2],
        ],
        [1, 2],
        'identity',
      ),
    ).toBeNull();
    expect(() =>
      gwetAgreement(
        [
          [1, 7],
          [1, 2],
        ],
        [1, 2],
        'identity',
      ),
    ).toThrow('Rating 7 is not one of the categories');
  });
});
