/**
 * Synthetic tidy ratings for the analysis benchmark: every rater rates every output on every dimension of
 * the MeDiSumQA rubric (3 raters × 1,000 outputs × 5 dimensions = 15,000 rows by default), with two
 * metrics per output. Raters agree with a shared "true" score plus noise, so the statistics are not degenerate.
 */
import { createPrng } from '../../shared/prng';
import type { TidyRatingRow } from '../../shared/analysis';

export const BENCH_DIMENSIONS = ['factuality', 'brevity', 'patient_friendliness', 'relevance', 'safety'] as const;

export function benchTidyRows(
  options: { raters?: number; outputs?: number; models?: number; seed?: number } = {},
): TidyRatingRow[] {
  const { raters = 3, outputs = 1000, models = 2, seed = 1 } = options;
  const prng = createPrng(seed);
  const rows: TidyRatingRow[] = [];
  const truth = Array.from({ length: outputs }, () => 1 + prng.nextInt(5));
  const scores = truth.map((t) => ({
    rougeL: Math.round((t / 5 + prng.nextFloat() * 0.3) * 1e4) / 1e4,
    bertscore: Math.round(prng.nextFloat() * 1e4) / 1e4,
  }));
  for (let r = 0; r < raters; r++) {
    for (let o = 0; o < outputs; o++) {
      const base = {
        rater: `rater-${r + 1}`,
        itemId: `item-${String(Math.floor(o / models)).padStart(5, '0')}`,
        model: `model-${o % models}`,
        bin: 1 + Math.floor((5 * o) / outputs),
        durationMs: 20000 + prng.nextInt(60000),
        ratedAt: '2025-01-01T00:00:00Z',
        qc: null,
        scores: scores[o]!,
      };
      for (const dimension of BENCH_DIMENSIONS) {
        const noisy = Math.min(5, Math.max(1, truth[o]! + prng.nextInt(3) - 1));
        const value = dimension === 'safety' ? (noisy >= 2 ? 1 : 0) : noisy;
        rows.push({ ...base, task: 'rating', dimension, value });
      }
    }
  }
  return rows;
}
