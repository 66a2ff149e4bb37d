/**
 * The ordinal and nominal dimension kinds get the agreement their kind declares (shared/kinds): ordinal α,
 * AC2 and quadratic-weighted κ for ordinal; nominal α and AC1 (no κ) for nominal; each checked against
 * independent references (test/fixtures/stats/make_kind_agreement_fixtures.py: numpy formulas asserted
 * against published examples, scikit-learn's κ) on 3- and 4-point ordinal scales and 4 and 5 categories,
 * one never chosen — which must still count in AC1's chance agreement.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis/analyze';
import { tidyRow, type TidyRatingRow } from '../../../shared/analysis/tidy';
import { kindAgreementReference } from '../stats/agreementFixtures';

const raterName = (r: number) => `Rater ${r + 1}`;

function rowsOf(data: ReadonlyArray<ReadonlyArray<number | null>>): TidyRatingRow[] {
  return data.flatMap((values, r) =>
    values.flatMap((value, unit) =>
      value === null
        ? []
        : [
            tidyRow(
              {
                rater: raterName(r),
                itemId: `item-${String(unit).padStart(3, '0')}`,
                model: 'model-a',
                bin: unit % 4,
                durationMs: 5000,
                ratedAt: '',
                scores: {},
                qc: null,
              },
              { task: 'rating', dimension: 'graded', value },
            ),
          ],
    ),
  );
}

describe.each(kindAgreementReference.cases)('$name', ({ kind, scale, data, expected }) => {
  const result = analyzeTidyRatings(rowsOf(data), {
    bootstrap: 0,
    seed: 1,
    rubric: [{ key: 'graded', kind, scale }],
  });
  const agreement = result.agreement.graded!;

  it(`is analysed at the ${kind} level`, () => {
    expect(result.dimensions).toEqual([{ key: 'graded', kind, categories: scale }]);
    expect(agreement.level).toBe(kind);
  });

  it("matches the reference Krippendorff's alpha and Gwet's coefficient with its standard error", () => {
    expect(agreement.krippendorff_alpha).toBeCloseTo(expected.alpha, 12);
    expect(agreement.gwet.coefficient).toBe(kind === 'ordinal' ? 'AC2' : 'AC1');
    expect(agreement.gwet.n).toBe(expected.gwet.n);
    expect(agreement.gwet.value).toBeCloseTo(expected.gwet.coefficient, 12);
    expect(agreement.gwet.standard_error).toBeCloseTo(expected.gwet.se, 12);
  });

  if (kind === 'ordinal') {
    it('matches scikit-learn’s quadratic-weighted kappa for every pair of raters', () => {
      expect(
        agreement.weighted_kappa!.map((k) => ({ raters: k.raters, n: k.n, kappa: Number(k.kappa!.toFixed(12)) })),
      ).toEqual(
        expected.weighted_kappa!.map((k) => ({
          raters: k.raters.map(raterName),
          n: k.n,
          kappa: Number(k.kappa.toFixed(12)),
        })),
      );
    });
  } else {
    it('has no weighted kappa, no means per bin, and counts every rating per category and bin instead', () => {
      expect(agreement.weighted_kappa).toBeUndefined();
      expect(result.bins).toEqual([]);
      const cells = result.bin_distributions;
      expect(cells.map((c) => c.bin)).toEqual([0, 1, 2, 3]);
      for (const cell of cells) {
        const inBin = data.flatMap((values) => values.filter((v, unit) => v !== null && unit % 4 === cell.bin));
        expect(cell.categories).toEqual(scale);
        expect(cell.counts).toEqual(scale.map((c) => inBin.filter((v) => v === c).length));
        expect(cell.n).toBe(inBin.length);
      }
    });
  }
});
