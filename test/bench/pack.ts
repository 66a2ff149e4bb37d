/**
 * `npm run bench:pack`: how long `pack` takes for one rater's 100 tasks with 15 KB contexts, and how
 * big the package is, from a master of --outputs outputs (default 2,000 over 4 models). The floor in
 * the same run is creating an empty package file (SQLCipher's key derivation dominates it).
 * Options: --outputs N, --tasks T (rating tasks per rater, default 100), --runs R (default 5).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStudyDatabase } from '../../db/connection';
import { importFiles } from '../../electron/services/importer';
import { packRaterPackage } from '../../electron/services/pack';
import { assignRaters } from '../../electron/services/plan';
import { drawSample } from '../../electron/services/sampler';
import { createStudy } from '../../electron/services/study';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';

const { values } = parseArgs({
  options: {
    outputs: { type: 'string', default: '2000' },
    tasks: { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
  },
});
const OUTPUTS = Number(values.outputs);
const TASKS = Number(values.tasks);
const RUNS = Number(values.runs);
const MODELS = 4;
const BINS = 5;
const PASSPHRASE = 'bench copper lantern orbit quietly';
const PACKAGE_PASSPHRASE = 'bench velvet anchor drift softly';
const clock = () => new Date('2026-01-01T00:00:00Z');

function context(item: number): string {
  const line = `Discharge summary of patient ${item}: admitted with pneumonia, treated with ceftriaxone, discharged on day 4.\n`;
  return line.repeat(Math.ceil((15 * 1024) / line.length)).slice(0, 15 * 1024);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'blindrate-bench-pack-'));
  try {
    const source = join(folder, 'outputs.jsonl');
    const items = Math.ceil(OUTPUTS / MODELS);
    const lines: string[] = [];
    for (let i = 0; i < items; i++) {
      for (let m = 0; m < MODELS; m++) {
        lines.push(
          JSON.stringify({
            item_id: `q${i}`,
            model: `model-${m}`,
            question: `Question ${i}?`,
            context: context(i),
            reference: `Reference ${i}.`,
            output: `Answer ${i} of model ${m}.`,
            scores: { rouge1: ((i * 7 + m * 13) % 100) / 100 },
          }),
        );
      }
    }
    writeFileSync(source, `${lines.join('\n')}\n`);
    const masterPath = join(folder, 'master.db');
    const master = createStudy(masterPath, PASSPHRASE, { rubric: MEDISUMQA_RUBRIC, clock });
    await importFiles(master, [source], { clock });
    drawSample(
      master,
      { task: 'rating', bins: BINS, perBin: Math.ceil(TASKS / (BINS * MODELS)), metrics: [], seed: 1, disjoint: true },
      clock,
    );
    assignRaters(master, { raters: ['Dr Bench'], seed: 2, clock });

    const floor: number[] = [];
    const pack: number[] = [];
    let bytes = 0;
    let tasks = 0;
    for (let run = 0; run < RUNS; run++) {
      let start = performance.now();
      openStudyDatabase(join(folder, `empty-${run}.blindrate`), PACKAGE_PASSPHRASE, {
        create: true,
        kind: 'package',
      }).close();
      floor.push(performance.now() - start);
      const out = join(folder, `pack-${run}.blindrate`);
      start = performance.now();
      const summary = packRaterPackage(master, {
        rater: 'Dr Bench',
        out,
        passphrase: PACKAGE_PASSPHRASE,
        masterPassphrase: PASSPHRASE,
        clock,
      });
      pack.push(performance.now() - start);
      bytes = statSync(out).size;
      tasks = summary.tasks;
    }
    master.close();
    floor.sort((a, b) => a - b);
    pack.sort((a, b) => a - b);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `master: ${OUTPUTS} outputs with 15 KB contexts (${(statSync(masterPath).size / 1e6).toFixed(1)} MB + WAL); package: ${tasks} tasks, ${(bytes / 1e6).toFixed(2)} MB`,
    );
    console.log(
      `pack:  median ${ms(percentile(pack, 0.5))}, p90 ${ms(percentile(pack, 0.9))}, min ${ms(pack[0]!)} over ${RUNS} runs`,
    );
    console.log(
      `floor (empty package file): median ${ms(percentile(floor, 0.5))}; pack / floor = ${(percentile(pack, 0.5) / percentile(floor, 0.5)).toFixed(1)}×`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
