import { describe, expect, it } from 'vitest';
import {
  analyzeTidyRatings,
  tidyRow,
  type AgreementWarning,
  type KnownDimension,
  type TidyRatingRow,
} from '../../../shared/analysis';

const rubric: KnownDimension[] = [
  { key: 'factuality', kind: 'likert', scale: [1, 2, 3, 4, 5] },
  { key: 'safety', kind: 'binary', scale: [0, 1] },
];

/** Rows of `outputs` outputs rated by each rater with value(rater, output) on one dimension. */
function rated(
  dimension: string,
  raters: string[],
  outputs: number,
  value: (rater: number, output: number) => number,
): TidyRatingRow[] {
  return raters.flatMap((rater, r) =>
    Array.from({ length: outputs }, (_, o) =>
      tidyRow(
        { rater, itemId: `q${o}`, model: 'm', bin: null, durationMs: null, ratedAt: '', scores: {}, qc: null },
        { task: 'rating', dimension, value: value(r, o) },
      ),
    ),
  );
}

const warningsOf = (rows: TidyRatingRow[], dimension: string) =>
  analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, rubric }).agreement[dimension]!.warnings;
const codes = (warnings: AgreementWarning[]) => warnings.map((w) => w.code);

/** A Likert value that varies with the output and differs a little between raters, spanning 1–5. */
const spread = (r: number, o: number) => 1 + ((o + (o % 3 === 0 ? r : 0)) % 5);

describe('agreement warnings', () => {
  it('warns below 30 shared outputs for α, Gwet, each κ pair and the ICC, and not from 30 on', () => {
    const small = warningsOf(rated('factuality', ['dr.a', 'dr.b'], 29, spread), 'factuality');
    expect(small.filter((w) => w.code === 'few_units').map((w) => [w.figures, w.n])).toEqual([
      [['krippendorff_alpha', 'percent_agreement'], 29],
      [['gwet'], 29],
      [['weighted_kappa'], 29],
      [['icc'], 29],
    ]);
    expect(small.find((w) => w.figures.includes('weighted_kappa'))!.raters).toEqual(['dr.a', 'dr.b']);
    expect(small[0]!.message).toBe(
      'α and percent agreement rests on 29 shared outputs (fewer than 30): the figure is fragile and its interval wide',
    );
    expect(codes(warningsOf(rated('factuality', ['dr.a', 'dr.b'], 30, spread), 'factuality'))).toEqual([]);
  });

  it('points to AC1 when one category holds more than 85% of the ratings (the κ paradox)', () => {
    // 60 outputs, two raters: both say "safe" except on 4 outputs where exactly one of them says "unsafe".
    const rows = rated('safety', ['dr.a', 'dr.b'], 60, (r, o) => (o < 4 && o % 2 === r ? 0 : 1));
    const result = analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, rubric }).agreement.safety!;
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'high_prevalence', category: 1, prevalence: 116 / 120 }),
    ]);
    expect(result.warnings[0]!.message).toContain('96.7% of the ratings are 1 (more than 85%)');
    expect(result.warnings[0]!.message).toContain("read Gwet's AC1/AC2");
    // The paradox itself: raters agree on 56 of 60 outputs, α is below zero, AC1 is high.
    expect(result.krippendorff_alpha!).toBeLessThan(0);
    expect(result.gwet.value!).toBeGreaterThan(0.9);
    expect(
      codes(
        warningsOf(
          rated('safety', ['dr.a', 'dr.b'], 60, (r, o) => (o % 3 === 0 ? 0 : 1)),
          'safety',
        ),
      ),
    ).toEqual([]);
  });

  it('names a rater who never uses part of the scale the others use', () => {
    // dr.c squeezes every rating into 2–4; dr.a and dr.b use 1–5.
    const rows = rated('factuality', ['dr.a', 'dr.b', 'dr.c'], 40, (r, o) =>
      r === 2 ? Math.min(4, Math.max(2, spread(0, o))) : spread(r, o),
    );
    const unused = warningsOf(rows, 'factuality').filter((w) => w.code === 'unused_categories');
    expect(unused).toEqual([expect.objectContaining({ rater: 'dr.c', categories: [1, 5] })]);
    expect(unused[0]!.message).toBe(
      'dr.c never used 1, 5, which other raters used: a compressed scale lowers α, κ and the ICC without disagreement on order',
    );
  });

  it('warns when a Likert dimension has almost no variance, and names the preference category that dominates', () => {
    // 80 ratings, every one 4 but two 5s: SD √(1.95/79) = 0.157 on a 1–5 scale.
    const flat = warningsOf(
      rated('factuality', ['dr.a', 'dr.b'], 40, (r, o) => (o === r ? 5 : 4)),
      'factuality',
    );
    expect(codes(flat)).toEqual(['high_prevalence', 'low_variance']);
    expect(flat[1]!.sd).toBeCloseTo(Math.sqrt(1.95 / 79), 12);

    const preference = [0, 1].flatMap((r) =>
      Array.from({ length: 40 }, (_, o) =>
        tidyRow(
          {
            rater: `dr.${r}`,
            itemId: `q${o}`,
            model: 'm',
            bin: null,
            durationMs: null,
            ratedAt: '',
            scores: {},
            qc: null,
          },
          { task: 'preference', dimension: 'preference', value: o < 38 ? 'model' : 'tie', presentedPosition: 'A' },
        ),
      ),
    );
    expect(warningsOf(preference, 'preference')).toEqual([
      expect.objectContaining({ code: 'high_prevalence', category: 'model', prevalence: 0.95 }),
    ]);
  });
});
