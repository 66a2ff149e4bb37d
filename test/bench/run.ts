/**
 * `npm run bench`: imports a large synthetic file into an encrypted study and draws samples from it.
 * Default: 100,000 outputs (20,000 items × 5 models) with 15 KB contexts, as JSONL (about 1.6 GB).
 * Options: --outputs N, --models M, --context-kb K, --format jsonl|csv, --keep (keep the temp folder).
 * Reports throughput, the process's peak resident memory, and sampling time.
 * First, the analysis benchmark (test/bench/analysis.ts); --analysis-only stops after it.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { importFiles } from '../../electron/services/importer';
import { drawSample } from '../../electron/services/sampler';
import { createStudy } from '../../electron/services/study';
import { createPrng } from '../../shared/prng';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';
import { benchAnalysis, benchAnalyzeCommand } from './analysis';

const { values } = parseArgs({
  options: {
    outputs: { type: 'string', default: '100000' },
    models: { type: 'string', default: '5' },
    'context-kb': { type: 'string', default: '15' },
    format: { type: 'string', default: 'jsonl' },
    keep: { type: 'boolean', default: false },
    'analysis-only': { type: 'boolean', default: false },
  },
});
const OUTPUTS = Number(values.outputs);
const MODELS = Number(values.models);
const CONTEXT_BYTES = Number(values['context-kb']) * 1024;
const FORMAT = values.format === 'csv' ? 'csv' : 'jsonl';
const METRICS = ['rouge1', 'rouge2', 'rougeL', 'bertscore', 'umls_f1'];

const SECTION = `Brief Hospital Course:
The patient was admitted with community-acquired pneumonia and treated with IV ceftriaxone and azithromycin,
transitioned to oral cefpodoxime. Oxygen was weaned to room air by hospital day 3. Blood cultures remained negative.
Discharge Medications: 1. Cefpodoxime 200 mg PO BID 2. Lisinopril 10 mg PO daily 3. Metformin 500 mg PO BID
`;

function contextFor(item: number): string {
  const header = `Name: ___  Unit No: ${item}\nChief Complaint: fever and cough (case ${item})\n`;
  return (header + SECTION.repeat(Math.ceil(CONTEXT_BYTES / SECTION.length))).slice(0, CONTEXT_BYTES);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Wall and CPU seconds of `work`: on a shared machine the CPU time is the steadier number. */
async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; wall: number; cpu: number }> {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuStart);
  return { result, wall: (performance.now() - wallStart) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

async function writeInput(path: string): Promise<void> {
  const out = createWriteStream(path);
  const prng = createPrng(1);
  const items = Math.ceil(OUTPUTS / MODELS);
  const columns = ['item_id', 'model', 'question', 'context', 'reference', 'category', 'output', ...METRICS.map((m) => `score_${m}`)];
  if (FORMAT === 'csv') out.write(stringify([columns]));
  let written = 0;
  for (let item = 0; item < items && written < OUTPUTS; item++) {
    const context = contextFor(item);
    for (let m = 0; m < MODELS && written < OUTPUTS; m++, written++) {
      const scores = Object.fromEntries(METRICS.map((metric) => [metric, Math.round(prng.nextFloat() * 1e4) / 1e4]));
      const record = {
        item_id: `item-${item}`,
        model: `model-${m}`,
        question: `What medication should I take after discharge? (${item})`,
        context,
        reference: 'You should take cefpodoxime 200 mg twice daily for five more days.',
        category: 'Medications',
        output: `Answer of model ${m} for item ${item}: take the antibiotic twice a day.`,
      };
      const line =
        FORMAT === 'csv'
          ? stringify([[...Object.values(record), ...METRICS.map((metric) => scores[metric])]])
          : `${JSON.stringify({ ...record, scores })}\n`;
      if (!out.write(line)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

const analysisFolder = mkdtempSync(join(tmpdir(), 'blindrate-bench-analysis-'));
try {
  benchAnalyzeCommand(benchAnalysis(analysisFolder));
} finally {
  rmSync(analysisFolder, { recursive: true, force: true });
}
if (values['analysis-only']) process.exit(0);

const folder = mkdtempSync(join(tmpdir(), 'blindrate-bench-'));
try {
  const input = join(folder, `outputs.${FORMAT}`);
  const started = performance.now();
  await writeInput(input);
  const inputBytes = statSync(input).size;
  console.log(`input: ${OUTPUTS.toLocaleString('en')} outputs, ${MODELS} models, ${values['context-kb']} KB contexts, ${FORMAT}, ${mb(inputBytes)} MB (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const clock = () => new Date('2025-01-01T00:00:00Z');
  const studyPath = join(folder, 'bench.db');
  const db = createStudy(studyPath, 'bench passphrase', { rubric: MEDISUMQA_RUBRIC, clock });
  let peakRssDuringImport = process.memoryUsage().rss;
  const rssBefore = peakRssDuringImport;
  let lastPercent = -1;
  const imported = await timed(() => importFiles(db, [input], {
    clock,
    onProgress: (p) => {
      peakRssDuringImport = Math.max(peakRssDuringImport, process.memoryUsage().rss);
      const percent = Math.floor((100 * p.bytesRead) / p.totalBytes);
      if (percent % 10 === 0 && percent !== lastPercent && process.stderr.isTTY) process.stderr.write(`\r${percent}% ${p.records} records`);
      lastPercent = percent;
    },
  }));
  const summary = imported.result;
  const importSeconds = imported.wall;
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(
    `import: ${summary.outputs.toLocaleString('en')} outputs, ${summary.newItems.toLocaleString('en')} items in ${importSeconds.toFixed(1)} s` +
      ` (CPU ${imported.cpu.toFixed(1)} s; includes the sha256 pass) = ${Math.round(summary.outputs / importSeconds).toLocaleString('en')} outputs/s, ${(inputBytes / 1024 / 1024 / importSeconds).toFixed(1)} MB/s`,
  );
  console.log(`memory: RSS before import ${mb(rssBefore)} MB, peak during import ${mb(peakRssDuringImport)} MB, process peak (maxRSS) ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
  console.log(`study file: ${mb(statSync(studyPath).size)} MB (+ WAL ${mb(statSync(`${studyPath}-wal`).size)} MB before checkpoint)`);

  const rating = await timed(() => drawSample(db, { task: 'rating', bins: 5, perBin: 10, metrics: [], seed: 1, disjoint: true }, clock));
  const preference = await timed(() => drawSample(db, { task: 'preference', bins: 5, perBin: 10, metrics: [], seed: 2, disjoint: true }, clock));
  console.log(
    `sampling: rating ${rating.result.tasks} tasks in ${rating.wall.toFixed(2)} s (CPU ${rating.cpu.toFixed(2)} s); ` +
      `disjoint preference ${preference.result.tasks} tasks in ${preference.wall.toFixed(2)} s (CPU ${preference.cpu.toFixed(2)} s)`,
  );
  console.log(`process peak RSS after sampling (maxRSS): ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
  db.close();
} finally {
  if (values.keep) console.log(`kept ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
