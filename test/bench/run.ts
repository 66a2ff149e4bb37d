/**
 * `npm run bench`: every figure is printed as a ratio to a floor measured in the same run (the plain
 * library, or plain Node, doing the same work), with percentiles over repeats and each run's peak
 * memory, because absolute seconds mean little on a shared machine. Floor and BlindRate runs alternate,
 * so a load spike from a neighbour lands on both. Each run is a process of its own (case.ts).
 *
 * Size (environment): BLINDRATE_BENCH_OUTPUTS (20000), BLINDRATE_BENCH_MODELS (5),
 * BLINDRATE_BENCH_CONTEXT_KB (12), BLINDRATE_BENCH_REPEATS (5; the CLI start runs 4× as often).
 * First the analysis benchmark (test/bench/analysis.ts), the Bradley–Terry one (test/bench/bradley-terry.ts)
 * and a 2,000-study design plan (test/bench/plan.ts); `npm run bench -- --analysis-only` stops after them.
 * Last, browser mode's event-loop delay during a served import (test/bench/serve-import.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAnalysis, benchAnalyzeCommand, loadAverage } from './analysis';
import { benchBradleyTerry } from './bradley-terry';
import { benchPlan } from './plan';
import { INPUT_FILE, PASSPHRASE, STUDY_FILE, writeBenchInput } from './input';
import { benchServedImport, describeServedImport } from './serve-import';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number.`);
  return value;
};
const OUTPUTS = env('BLINDRATE_BENCH_OUTPUTS', 20_000);
const MODELS = env('BLINDRATE_BENCH_MODELS', 5);
const CONTEXT_KB = env('BLINDRATE_BENCH_CONTEXT_KB', 12);
const REPEATS = env('BLINDRATE_BENCH_REPEATS', 5);

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO_ROOT, 'electron/cli/blindrate.mjs');
/** A measured run in TypeScript, loaded through tsx (its start is outside the timed work). */
const CASE = ['--import', 'tsx', fileURLToPath(new URL('./case.ts', import.meta.url))];
const RSS_AT_EXIT = fileURLToPath(new URL('./rss-at-exit.mjs', import.meta.url));

interface Run {
  seconds: number;
  /** CPU seconds of the timed work, for runs that time themselves. */
  cpuSeconds?: number;
  peakRssMb: number;
}

/** Runs one process; `inner` takes the time the process printed (work only), otherwise the whole process is timed. */
function measure(args: string[], options: { inner?: boolean; env?: NodeJS.ProcessEnv } = {}): Run {
  const rssFile = join(folder, 'rss');
  writeFileSync(rssFile, '');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', RSS_AT_EXIT, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...options.env, BENCH_RSS_FILE: rssFile },
  });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  const timing = options.inner
    ? (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Omit<Run, 'peakRssMb'>)
    : { seconds: wall };
  return { ...timing, peakRssMb: Number(readFileSync(rssFile, 'utf8').trim()) / 1024 };
}

/** Nearest-rank percentile: with few repeats p95 is the slowest run, which is the honest reading. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function compare(
  label: string,
  runs: number,
  floor: () => Run,
  real: () => Run,
  floorLabel: string,
): { real: number[]; floor: number[] } {
  const loadBefore = loadAverage();
  const floors: Run[] = [];
  const reals: Run[] = [];
  for (let i = 0; i < runs; i++) {
    floors.push(floor());
    reals.push(real());
  }
  const loadAfter = loadAverage();
  const seconds = (rs: Run[]) => rs.map((r) => r.seconds);
  const s = (x: number) => `${x.toFixed(3)} s`;
  const ratio = (p: number) => (percentile(seconds(reals), p) / percentile(seconds(floors), p)).toFixed(2);
  console.log(`\n${label}  (${runs} runs each; load average before ${loadBefore}, after ${loadAfter})`);
  console.log(
    `  BlindRate  p50 ${s(percentile(seconds(reals), 50))}  p95 ${s(percentile(seconds(reals), 95))}  peak RSS p50 ${percentile(
      reals.map((r) => r.peakRssMb),
      50,
    ).toFixed(0)} MB`,
  );
  console.log(
    `  floor      p50 ${s(percentile(seconds(floors), 50))}  p95 ${s(percentile(seconds(floors), 95))}  peak RSS p50 ${percentile(
      floors.map((r) => r.peakRssMb),
      50,
    ).toFixed(0)} MB  (${floorLabel})`,
  );
  const cpu = (rs: Run[]) =>
    percentile(
      rs.map((r) => r.cpuSeconds ?? NaN),
      50,
    );
  const cpuRatio =
    reals[0]?.cpuSeconds === undefined ? '' : `  (CPU time p50: ${(cpu(reals) / cpu(floors)).toFixed(2)}×)`;
  console.log(`  ratio to floor: p50 ${ratio(50)}×  p95 ${ratio(95)}×${cpuRatio}`);
  return { real: seconds(reals), floor: seconds(floors) };
}

const analysisFolder = mkdtempSync(join(tmpdir(), 'blindrate-bench-analysis-'));
try {
  benchAnalyzeCommand(await benchAnalysis(analysisFolder));
  benchBradleyTerry();
  benchPlan();
} finally {
  rmSync(analysisFolder, { recursive: true, force: true });
}
if (process.argv.includes('--analysis-only')) process.exit(0);

const folder = mkdtempSync(join(tmpdir(), 'blindrate-bench-'));
try {
  const input = join(folder, INPUT_FILE);
  await writeBenchInput(input, { outputs: OUTPUTS, models: MODELS, contextBytes: CONTEXT_KB * 1024 });
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `BlindRate bench: ${OUTPUTS.toLocaleString('en')} outputs (${MODELS} models, ${CONTEXT_KB} KB shared contexts, ` +
      `${(statSync(input).size / 1024 / 1024).toFixed(0)} MB JSONL), ${REPEATS} repeats; Node ${process.version}, ${availableParallelism()} CPUs (${cpu})`,
  );

  // The CLI bundle is rebuilt by the bin when stale: do that before timing starts.
  measure([CLI, '--help']);
  compare(
    'CLI start: blindrate --help (goal: ratio ≤ 2×)',
    REPEATS * 4,
    () => measure(['-e', '0']),
    () => measure([CLI, '--help']),
    'node -e 0',
  );

  compare(
    `Import of ${OUTPUTS.toLocaleString('en')} outputs (validation, duplicate checks, file hash, audit; one transaction)`,
    REPEATS,
    () => measure([...CASE, 'import-floor', folder], { inner: true }),
    () => measure([...CASE, 'import', folder], { inner: true }),
    'stream + JSON.parse + insert items once, outputs and scores; same native module, encrypted, one transaction, WAL, synchronous=FULL',
  );

  compare(
    `Sampling ${OUTPUTS.toLocaleString('en')} outputs (open, quintile bins per model, draw, store; in-process)`,
    REPEATS,
    () => measure([...CASE, 'sample-floor', folder], { inner: true }),
    () => measure([...CASE, 'sample', folder], { inner: true }),
    'open the encrypted study and read every output score once',
  );

  const sampleArgs = [
    CLI,
    'sample',
    join(folder, STUDY_FILE),
    '--task',
    'rating',
    '--bins',
    '5',
    '--per-bin',
    '10',
    '--seed',
    '1',
    '--replace',
  ];
  const cliSample = compare(
    'blindrate sample, whole process (what a coordinator waits for)',
    REPEATS,
    () => measure([CLI, '--help']),
    () => measure(sampleArgs, { env: { BLINDRATE_PASSPHRASE: PASSPHRASE } }),
    'blindrate --help: the CLI start alone',
  );
  console.log(
    `  beyond the CLI start: p50 ${(percentile(cliSample.real, 50) - percentile(cliSample.floor, 50)).toFixed(3)} s`,
  );

  console.log(describeServedImport(await benchServedImport(folder, input)));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
