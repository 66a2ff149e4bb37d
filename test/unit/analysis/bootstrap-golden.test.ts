/**
 * The whole analysis JSON of realistic studies, every bootstrap interval, BCa acceleration, permutation p
 * and resample-based figure included, byte for byte as the code before the bootstrap was rewritten for
 * speed computed it (the fixtures, made by test/fixtures/analysis/bootstrap-golden/make-golden.ts at
 * commit 21e56b0). Faster statistics must give the same numbers to the last bit: any change of any value
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTidyRatings, metricsOf, serializeAnalysisResult } from '../../../shared/analysis';
import { goldenStudies } from '../../fixtures/analysis/bootstrap-golden/studies';

describe.each(goldenStudies())('the analysis of $file', ({ file, rows, options }) => {
  it('is byte for byte the pinned JSON', () => {
    const expected = readFileSync(new URL(`../../fixtures/analysis/bootstrap-golden/${file}`, import.meta.url), 'utf8');
    const json = serializeAnalysisResult(analyzeTidyRatings(rows, { metrics: metricsOf(rows), ...options }));
    expect(json).toBe(expected);
  });
});
