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
  rowFigures,
  resampleStatistics,
  serializeAnalysisResult,
  sideStatisticValue,
  tidyColumns,
  tidyRecord,
  type AnalysisResult,
} from '../../../shared/analysis';
import { Worker } from 'node:worker_threads';
import { ResampleWorkers, workerEntry } from '../../../electron/services/analysis-thread';
import type { SharedWorkReply, SharedWorkRequest } from '../../../electron/services/analysis-worker';
import { sharedResamples } from '../../../electron/services/resample-ranges';
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
  // Quality control is among the row figures a worker computes.
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
  const sidesInOneThread = bootstrap.sides.map((side) => sideStatisticValue(side, bootstrap.requests));

  it('has side statistics of both kinds to share', () => {
    expect(new Set(bootstrap.sides.map((side) => side.kind))).toEqual(new Set(['acceleration', 'swap-permutation']));
  });

  // The intervals sort the values, so a share put in the wrong place would not change them: compared here.
  it.each([1, 2])(
    'with %i worker(s) gives every resample value and side statistic of one thread, in order',
    async (workers) => {
      const threads = new ResampleWorkers(workers);
      try {
        const { values, sides } = await threads.resample(bootstrap.settings, bootstrap.requests, bootstrap.sides);
        expect(values).toHaveLength(bootstrap.requests.length);
        values.forEach((ofRequest, r) => expect(ofRequest, `request ${r}`).toEqual(inOneThread[r]));
        expect([...sides]).toEqual(sidesInOneThread);
      } finally {
        await threads.close();
      }
    },
  );
});

describe('analyzeRatingsFile with worker threads', () => {
  it('reports a problem in the file by its name, the workers already started', async () => {
    const broken = join(folder, 'broken.csv');
    writeFileSync(broken, 'rater,item_id\n');
    await expect(analyzeRatingsFile(broken, { bootstrap: 100, seed: 1, threads: 2 })).rejects.toThrow(/broken\.csv/);
  });
});

describe.each([FILES['ratings and preferences (fixture)'], FILES['ratings with QC rows (fixture)']])(
  'a worker asked for the row figures of %s',
  (path) => {
    const options = { bootstrap: 101, seed: 7 };
    const { rows, pairwise, metrics, dimensions } = parseTidyRatingsCsv(readFileSync(path, 'utf8'), 'ratings.csv');
    const drafted = { ...options, metrics, rubric: dimensions, pairwise };

    /** One worker of the kind ResampleWorkers starts, given these requests in turn; its first reply. */
    async function firstReply(requests: SharedWorkRequest[]): Promise<SharedWorkReply> {
      const worker = new Worker(workerEntry(), { workerData: { job: 'share' } });
      try {
        const reply = new Promise<SharedWorkReply>((resolve) => worker.once('message', resolve));
        for (const request of requests) worker.postMessage(request);
        return await reply;
      } finally {
        await worker.terminate();
      }
    }
    const rowFiguresRequest = (claim: SharedArrayBuffer): SharedWorkRequest => ({
      kind: 'row-figures',
      rows,
      options: drafted,
      claim,
    });

    it('computes them as this thread does, and they complete the draft to the same JSON', async () => {
      const claim = new SharedArrayBuffer(4);
      const reply = await firstReply([rowFiguresRequest(claim)]);
      expect(reply.kind === 'row-figures' && reply.ok).toBe(true);
      const figures = (reply as Extract<SharedWorkReply, { figures: unknown }>).figures;
      expect(figures).toEqual(rowFigures(rows, drafted));
      expect(new Int32Array(claim)[0]).toBe(1);
      const draft = draftTidyAnalysis(rows, drafted);
      draft.bootstrap.completeHere();
      expect(serializeAnalysisResult(draft.result(figures))).toBe(
        serializeAnalysisResult(analyzeTidyRatings(rows, drafted)),
      );
    });

    it('leaves them to the thread that claimed them first, and goes on to the resamples', async () => {
      const claimed = new SharedArrayBuffer(4);
      new Int32Array(claimed)[0] = 1;
      const { bootstrap } = draftTidyAnalysis(rows, drafted);
      const shared = sharedResamples(bootstrap.settings, bootstrap.requests, bootstrap.sides, 1);
      const reply = await firstReply([rowFiguresRequest(claimed), { kind: 'resample', shared }]);
      expect(reply).toEqual({ kind: 'resample', ok: true });
    });
  },
);
