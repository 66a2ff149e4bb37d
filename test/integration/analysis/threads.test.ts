/**
 * The bootstrap shared out over threads (electron/services/analysis-thread.ts): the analysis JSON is
 * byte for byte the one computed in this thread alone by analyzeTidyRatings, whatever the number of
 * threads, also when the resamples do not divide evenly between them; and the resample values put
 * together from the threads' shares are those of one thread, in resample order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeTidyRatings,
  draftTidyAnalysis,
  metricsOf,
  resampleStatistics,
  serializeAnalysisResult,
  tidyColumns,
  tidyRecord,
  type AnalysisResult,
  type IntervalRequest,
} from '../../../shared/analysis';
import { ResampleWorkers } from '../../../electron/services/analysis-thread';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { benchTidyRows } from '../../bench/analysis-data';

const folder = mkdtempSync(join(tmpdir(), 'blindrate-threads-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** 3 raters × 300 outputs × 5 dimensions, every 7th rating missing, so the figures resample different sets of outputs. */
function writeRatingsWithGaps(): string {
  const rows = benchTidyRows({ outputs: 300 }).filter((_, i) => i % 7 !== 3);
  const metrics = metricsOf(rows);
  const columns = tidyColumns(metrics);
  const path = join(folder, 'ratings-with-gaps.csv');
  writeFileSync(
    path,
    stringify([columns, ...rows.map((row) => columns.map((c) => tidyRecord(row, metrics, new Map())[c]))]),
  );
  return path;
}

const FILES = {
  'ratings with gaps': writeRatingsWithGaps(),
  'ratings and preferences (fixture)': fileURLToPath(
    new URL('../../fixtures/analysis/ratings_small.csv', import.meta.url),
  ),
  'ratings with QC rows (fixture)': fileURLToPath(new URL('../../fixtures/qc/ratings_qc.csv', import.meta.url)),
  // Bradley–Terry refits of every summary share their resamples between the threads as the other figures do.
  'pairwise judgements (fixture)': fileURLToPath(
    new URL('../../fixtures/analysis/pairwise_small.csv', import.meta.url),
  ),
};

describe.each(Object.entries(FILES))('analyzeRatingsFile on %s', (_, path) => {
  const options = { bootstrap: 101, seed: 7 };
  const { rows, pairwise, metrics, dimensions } = parseTidyRatingsCsv(readFileSync(path, 'utf8'), 'ratings.csv');
  const inThisThread = serializeAnalysisResult(
    analyzeTidyRatings(rows, { ...options, metrics, rubric: dimensions, pairwise }),
  );

  it('has intervals to compare', () => {
    const result = JSON.parse(inThisThread) as AnalysisResult;
    expect(
      result.correlations.some((c) => c.spearman_ci95 !== null) ||
        Object.values(result.agreement).some((a) => a.krippendorff_alpha_ci95 !== null) ||
        result.pairwise!.some((summary) => summary.bradleyTerry.some((strength) => strength.low !== null)),
    ).toBe(true);
  });

  it.each([1, 2, 3])('gives the same JSON with %i thread(s) as analyzeTidyRatings in this thread', async (threads) => {
    expect(serializeAnalysisResult(await analyzeRatingsFile(path, { ...options, threads }))).toBe(inThisThread);
  });
});

describe('ResampleWorkers', () => {
  const path = FILES['ratings with gaps'];
  const { rows, metrics, dimensions } = parseTidyRatingsCsv(readFileSync(path, 'utf8'), 'ratings.csv');
  const { bootstrap } = draftTidyAnalysis(rows, { bootstrap: 101, seed: 7, metrics, rubric: dimensions });
  const inOneThread = resampleStatistics(bootstrap.settings, bootstrap.requests, 0, 101);

  // The intervals sort the values, so a share put in the wrong place would not change them: compared here.
  it.each([1, 2])('with %i worker(s) gives every resample value of one thread, in resample order', async (workers) => {
    const threads = new ResampleWorkers(workers);
    try {
      const values = await threads.resample(bootstrap.settings, bootstrap.requests);
      expect(values).toHaveLength(bootstrap.requests.length);
      values.forEach((ofRequest, r) => expect(ofRequest, `request ${r}`).toEqual(inOneThread[r]));
    } finally {
      await threads.close();
    }
  });
});

describe('ResampleWorkers after complete', () => {
  const path = FILES['ratings with gaps'];
  const { rows, metrics, dimensions } = parseTidyRatingsCsv(readFileSync(path, 'utf8'), 'ratings.csv');

  it('completes the draft as one thread does, and then takes no batch: its workers were told none follows', async () => {
    const threads = new ResampleWorkers(1);
    const options = { bootstrap: 101, seed: 7, metrics, rubric: dimensions };
    try {
      const draft = draftTidyAnalysis(rows, options, (batch) => threads.take(options, batch));
      await threads.complete(draft);
      expect(serializeAnalysisResult(draft.result)).toBe(serializeAnalysisResult(analyzeTidyRatings(rows, options)));
      expect(() => threads.take(options, draft.bootstrap.requests)).toThrow(/no batch follows/);
    } finally {
      await threads.close();
    }
  });
});

describe('draftTidyAnalysis handing its requests over', () => {
  const path = FILES['ratings with gaps'];
  const { rows, metrics, dimensions } = parseTidyRatingsCsv(readFileSync(path, 'utf8'), 'ratings.csv');

  it('hands the agreement over before the correlations are drafted, then the rest, every request once and in order', () => {
    const batches: IntervalRequest[][] = [];
    const { bootstrap } = draftTidyAnalysis(rows, { bootstrap: 101, seed: 7, metrics, rubric: dimensions }, (batch) =>
      batches.push(batch),
    );
    expect(batches.flat()).toEqual(bootstrap.requests);
    expect(batches.map((batch) => [...new Set(batch.map((request) => request.statistic.kind))].sort())).toEqual([
      ['krippendorff-alpha', 'weighted-kappa'],
      ['pearson', 'spearman'],
    ]);
  });
});

describe('analyzeRatingsFile with worker threads', () => {
  it('reports a problem in the file by its name, the workers already started', async () => {
    const broken = join(folder, 'broken.csv');
    writeFileSync(broken, 'rater,item_id\n');
    await expect(analyzeRatingsFile(broken, { bootstrap: 100, seed: 1, threads: 2 })).rejects.toThrow(/broken\.csv/);
  });
});
