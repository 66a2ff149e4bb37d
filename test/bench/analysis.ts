/**
 * The analysis benchmark (part of `npm run bench`): 3 raters × 1,000 outputs × 5 dimensions (15,000 tidy
 * rows) with 1,000 bootstrap resamples, as `blindrate analyze` runs it: read and parse the tidy CSV,
 * analyse, serialise. Floors measured in the same run: the same analysis without resamples, and reading +
 * parsing the CSV alone. Repeated; reports percentiles of wall and CPU time.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { analyzeTidyRatings, metricsOf, serializeAnalysisResult, tidyColumns, tidyRecord } from '../../shared/analysis';
import { linearQuantileSorted } from '../../shared/stats/bootstrap';
import { analyzeRatingsFile } from '../../electron/services/analysis';
import { parseTidyRatingsCsv } from '../../electron/services/tidy-ratings';
import { benchTidyRows } from './analysis-data';

const REPEATS = 7;
const RESAMPLES = 1000;

interface Timing {
  wall: number;
  cpu: number;
}

function measure(work: () => unknown): Timing {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  work();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 };
}

function percentiles(timings: Timing[], key: keyof Timing): string {
  const sorted = timings.map((t) => t[key]).sort((a, b) => a - b);
  const at = (p: number) => linearQuantileSorted(sorted, p).toFixed(3);
  return `p50 ${at(0.5)} s, p90 ${at(0.9)} s, min ${sorted[0]!.toFixed(3)} s`;
}

/** Writes the benchmark's tidy CSV into `folder` and prints the analysis timings; returns the CSV path. */
export function benchAnalysis(folder: string): string {
  const rows = benchTidyRows();
  const metrics = metricsOf(rows);
  const csv = join(folder, 'ratings.csv');
  const columns = tidyColumns(metrics);
  writeFileSync(
    csv,
    stringify([columns, ...rows.map((row) => columns.map((c) => tidyRecord(row, metrics, new Map())[c]))]),
  );

  const parse: Timing[] = [];
  const withoutBootstrap: Timing[] = [];
  const full: Timing[] = [];
  for (let i = 0; i < REPEATS; i++) {
    parse.push(measure(() => parseTidyRatingsCsv(readFileSync(csv, 'utf8'), 'ratings.csv')));
    withoutBootstrap.push(measure(() => serializeAnalysisResult(analyzeRatingsFile(csv, { bootstrap: 0, seed: 1 }))));
    full.push(measure(() => serializeAnalysisResult(analyzeRatingsFile(csv, { bootstrap: RESAMPLES, seed: 1 }))));
  }
  const median = (timings: Timing[]) =>
    linearQuantileSorted(
      timings.map((t) => t.wall).sort((a, b) => a - b),
      0.5,
    );
  console.log(
    `analysis: ${rows.length.toLocaleString('en')} tidy rows (3 raters × 1,000 outputs × 5 dimensions), ${REPEATS} repeats`,
  );
  console.log(
    `  read + parse CSV (floor):          wall ${percentiles(parse, 'wall')}; CPU ${percentiles(parse, 'cpu')}`,
  );
  console.log(
    `  analyze, 0 resamples (floor):      wall ${percentiles(withoutBootstrap, 'wall')}; CPU ${percentiles(withoutBootstrap, 'cpu')}`,
  );
  console.log(
    `  analyze, ${RESAMPLES} resamples:           wall ${percentiles(full, 'wall')}; CPU ${percentiles(full, 'cpu')}`,
  );
  console.log(
    `  ratio to the 0-resample floor: ${(median(full) / median(withoutBootstrap)).toFixed(2)}×; bootstrap share ${(median(full) - median(withoutBootstrap)).toFixed(3)} s`,
  );
  // Keep the in-process analysis honest: the same rows analysed directly give the same JSON.
  const direct = serializeAnalysisResult(analyzeTidyRatings(rows, { bootstrap: 0, seed: 1, metrics }));
  if (direct !== serializeAnalysisResult(analyzeRatingsFile(csv, { bootstrap: 0, seed: 1 })))
    throw new Error('CSV and in-memory analysis differ');
  return csv;
}

/**
 * The whole command as a user runs it, `blindrate analyze ratings.csv --json out.json` (CLI start
 * included), against its floor in the same run: `blindrate --help` (CLI start alone).
 */
export function benchAnalyzeCommand(csv: string): void {
  const cli = fileURLToPath(new URL('../../electron/cli/blindrate.mjs', import.meta.url));
  const run = (args: string[]): Timing => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`blindrate ${args.join(' ')} failed: ${result.stderr}`);
    return { wall: (performance.now() - started) / 1000, cpu: Number.NaN };
  };
  const start: Timing[] = [];
  const analyze: Timing[] = [];
  for (let i = 0; i < 5; i++) {
    start.push(run(['--help']));
    analyze.push(
      run(['analyze', csv, '--json', join(dirname(csv), 'analysis.json'), '--bootstrap', String(RESAMPLES)]),
    );
  }
  console.log(`  CLI start, blindrate --help (floor): wall ${percentiles(start, 'wall')}`);
  console.log(`  blindrate analyze --bootstrap ${RESAMPLES} (goal ≤ 1.5 s): wall ${percentiles(analyze, 'wall')}`);
}
