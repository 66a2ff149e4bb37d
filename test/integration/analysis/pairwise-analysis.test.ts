/**
 * `analyze` on a pairwise study's tidy export (test/fixtures/analysis/pairwise_small.csv): the `pairwise`
 * section against the independent numpy/scipy reference of make_pairwise_fixtures.py, and its bootstrap
 * intervals against bradleyTerryIntervalsOfResamples (itself checked against numpy refits of the same
 * resamples) on the resamples the analysis draws for the same items.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PairwiseSummary } from '../../../shared/analysis';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { bradleyTerryIntervalsOfResamples, resamplesOf, type PairwiseJudgement } from '../../../shared/stats';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/analysis/${name}`, import.meta.url));
const CSV = fixture('pairwise_small.csv');
/** The section without its intervals (they depend on BlindRate's seeded PRNG). */
type ReferenceSummary = Omit<PairwiseSummary, 'bradleyTerry' | 'pairs'> & {
  bradleyTerry: Array<Omit<PairwiseSummary['bradleyTerry'][number], 'low' | 'high'>>;
  pairs: Array<Omit<PairwiseSummary['pairs'][number], 'beatsCi95'>>;
};
const reference = (
  JSON.parse(readFileSync(fixture('pairwise_reference.json'), 'utf8')) as { pairwise: ReferenceSummary[] }
).pairwise;
const OPTIONS = { bootstrap: 200, seed: 11, threads: 1 };

/** Numbers compared to 1e-9 (the two fits' rounding), everything else exactly. */
function expectClose(actual: unknown, expected: unknown, path: string): void {
  if (typeof expected === 'number') {
    expect(actual, path).toBeTypeOf('number');
    expect(Math.abs((actual as number) - expected), path).toBeLessThan(1e-9);
  } else if (Array.isArray(expected)) {
    expect(actual, path).toHaveLength(expected.length);
    expected.forEach((value, i) => expectClose((actual as unknown[])[i], value, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    for (const [key, value] of Object.entries(expected)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else expect(actual, path).toBe(expected);
}

describe('analyze on pairwise rows', async () => {
  const result = await analyzeRatingsFile(CSV, OPTIONS);
  const summaries = result.pairwise!;

  it('reports every dimension overall and per bin as the numpy/scipy reference computes it', () => {
    expect(summaries.map(({ dimension, bin }) => [dimension, bin])).toEqual(
      reference.map(({ dimension, bin }) => [dimension, bin]),
    );
    summaries.forEach((summary, s) => expectClose(summary, reference[s], `${summary.dimension} bin ${summary.bin}`));
  });

  it('says "not estimable" where one model won every judgement: no strength, no interval, no P(beats)', () => {
    const clarityBin3 = summaries.find((summary) => summary.dimension === 'clarity' && summary.bin === 3)!;
    expect(clarityBin3.components).toEqual([{ models: clarityBin3.models, estimable: false }]);
    expect(clarityBin3.bradleyTerry.every((s) => s.logStrength === null && s.low === null && s.high === null)).toBe(
      true,
    );
    expect(clarityBin3.pairs.every((pair) => pair.beats === null && pair.beatsCi95 === null)).toBe(true);
    // The win counts are still there: claude won all of its clarity judgements in bin 3.
    expect(
      clarityBin3.pairs.filter((pair) => pair.model === 'claude').every((pair) => pair.losses + pair.ties === 0),
    ).toBe(true);
  });

  it('draws its intervals from the resamples of the items, as bradleyTerryIntervalsOfResamples refits them', () => {
    const { pairwise } = parseTidyRatingsCsv(readFileSync(CSV, 'utf8'), 'pairwise_small.csv');
    const estimable = summaries.filter((summary) => summary.components.every((component) => component.estimable));
    expect(estimable).toHaveLength(7);
    for (const summary of estimable) {
      const rows = pairwise.filter(
        (row) => row.dimension === summary.dimension && (summary.bin === null || row.bin === summary.bin),
      );
      const items = [...new Set(rows.map((row) => row.itemId))].sort();
      const models = summary.models;
      const judgements: PairwiseJudgement[] = rows.map((row) => ({
        unit: items.indexOf(row.itemId),
        a: models.indexOf(row.modelA),
        b: models.indexOf(row.modelB),
        scoreA: row.value === 'tie' ? 0.5 : row.value === row.modelA ? 1 : 0,
      }));
      const counts = resamplesOf(
        items.length,
        OPTIONS.bootstrap,
        createPrng(deriveSeed(OPTIONS.seed, items.join('\u001e'))),
      );
      const expected = bradleyTerryIntervalsOfResamples(models.length, items.length, judgements, counts);
      const label = `${summary.dimension} bin ${summary.bin}`;
      expect(
        summary.bradleyTerry.map((s) => [s.low, s.high]),
        label,
      ).toEqual(expected.logStrength);
      for (const pair of summary.pairs) {
        const [i, j] = [models.indexOf(pair.model), models.indexOf(pair.opponent)];
        expect(pair.beatsCi95, `${label} ${pair.model}–${pair.opponent}`).toEqual(
          expected.beats[i * models.length + j],
        );
      }
      summary.bradleyTerry.forEach((s) => expect(s.low!).toBeLessThan(s.high!));
    }
  });

  it("states the intervals' method beside the others", () => {
    expect(result.parameters.intervals.bradley_terry).toMatch(
      /^95% percentile bootstrap over items \(every judgement of a drawn item kept\): 200 resamples seeded with 11 /,
    );
  });

  it('leaves the rating sections empty when the file has only pairwise rows', () => {
    expect(result.counts).toEqual({ raters: 0, outputs: 0, ratings: 0, preferences: 0 });
    expect(result.models).toEqual([]);
  });
});
