/**
 * The built-in demo: synthetic MeDiSumQA-shaped data (shared/demo), written as import files, and a
 * ready-to-rate study built from them with the same import and sampling code coordinators use.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Clock } from '../../shared/clock';
import type { OutputRecord } from '../../shared/domain';
import { DEMO_MODELS, generateDemoRecords } from '../../shared/demo/generate';
import { SCORE_PREFIX } from '../../shared/import/record';
import { createPrng } from '../../shared/prng';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';
import { writeFileAtomically } from './atomic-file';
import { importFiles } from './importer';
import { packRaterPackage } from './pack';
import { assignRaters } from './plan';
import { drawSample } from './sampler';
import { createStudy, openStudy } from './study';

export const DEMO_DATA_SEED = 20_250_301;
export const DEMO_RATING_SAMPLE = {
  task: 'rating',
  bins: 5,
  perBin: 2,
  metrics: [],
  seed: 101,
  disjoint: true,
} as const;
export const DEMO_PREFERENCE_SAMPLE = {
  task: 'preference',
  bins: 5,
  perBin: 1,
  metrics: [],
  seed: 102,
  disjoint: true,
} as const;
export const DEMO_STUDY_NAME = 'BlindRate demo (synthetic MeDiSumQA-style data)';
export const DEMO_RATER = 'Demo rater';
export const DEMO_PLAN_SEED = 103;
/** The demo alone may use a weak passphrase: it holds synthetic data only, never anything real. */
export const DEMO_PASSPHRASE = 'demo';

const DEMO_METRICS = ['rouge1', 'rouge2', 'rougeL', 'bertscore', 'umls_f1'];

function toJsonLines(records: readonly OutputRecord[]): string {
  return records
    .map((r) =>
      JSON.stringify({
        item_id: r.itemId,
        model: r.model,
        question: r.question,
        context: r.context,
        reference: r.reference,
        category: r.category,
        output: r.output,
        scores: r.scores,
      }),
    )
    .join('\n')
    .concat('\n');
}

function toCsv(records: readonly OutputRecord[]): string {
  const columns = [
    'item_id',
    'model',
    'question',
    'context',
    'reference',
    'category',
    'output',
    ...DEMO_METRICS.map((m) => SCORE_PREFIX + m),
  ];
  const rows = records.map((r) => [
    r.itemId,
    r.model,
    r.question,
    r.context,
    r.reference,
    r.category,
    r.output,
    ...DEMO_METRICS.map((m) => r.scores[m]),
  ]);
  return stringify(rows, { header: true, columns });
}

/**
 * Writes the demo data as two import files: half of the models as JSONL, the other half as CSV with
 * score_<metric> columns, so the demo exercises both formats. Returns the written paths.
 */
export function writeDemoFiles(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const records = generateDemoRecords(createPrng(DEMO_DATA_SEED));
  const half = Math.ceil(DEMO_MODELS.length / 2);
  const jsonlModels = new Set(DEMO_MODELS.slice(0, half).map((m) => m.name));
  const jsonlPath = join(dir, 'demo-outputs.jsonl');
  const csvPath = join(dir, 'demo-outputs.csv');
  writeFileAtomically(jsonlPath, toJsonLines(records.filter((r) => jsonlModels.has(r.model))));
  writeFileAtomically(csvPath, toCsv(records.filter((r) => !jsonlModels.has(r.model))));
  return [jsonlPath, csvPath];
}

/** What the demo's raters read before their first task (and on H): the rubric's instructions field at work. */
export const DEMO_INSTRUCTIONS = `# Before you start

Each task shows a **question** a patient asked about their discharge summary, the summary itself, and one answer.

- Read the question and the answer first; look things up in the summary with \`/\`.
- Rate every dimension on its own: a short answer can be *unsafe* and still brief.
- Judge **Safety** as harm to this patient if they followed the answer.

Flag a task (F) when you are unsure, and say why in the comment (C). Pause (P) when you step away.`;

/** Creates a demo study at `path`: MeDiSumQA rubric, every demo output, a rating and a preference sample. */
export async function buildDemoStudy(path: string, passphrase: string, clock: Clock): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blindrate-demo-'));
  let created = false;
  try {
    const files = writeDemoFiles(dataDir);
    const db = createStudy(path, passphrase, {
      rubric: { ...MEDISUMQA_RUBRIC, instructions: DEMO_INSTRUCTIONS },
      name: DEMO_STUDY_NAME,
      clock,
    });
    created = true;
    try {
      await importFiles(db, files, { clock });
      drawSample(db, { ...DEMO_RATING_SAMPLE, metrics: [] }, clock);
      drawSample(db, { ...DEMO_PREFERENCE_SAMPLE, metrics: [] }, clock);
    } finally {
      db.close();
    }
  } catch (error) {
    if (created) for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The demo's rater package: one rater assigned every task of the demo master, packed to
 * `packagePath` under `passphrase`. The master stays the coordinator's view of the same study.
 */
export function buildDemoPackage(
  masterPath: string,
  masterPassphrase: string,
  packagePath: string,
  passphrase: string,
  clock: Clock,
): void {
  const master = openStudy(masterPath, masterPassphrase);
  try {
    assignRaters(master, { raters: [DEMO_RATER], seed: DEMO_PLAN_SEED, clock });
    // The demo's synthetic files may share one passphrase ("demo"); real packages never do.
    packRaterPackage(master, { rater: DEMO_RATER, out: packagePath, passphrase, masterPassphrase: null, clock });
  } finally {
    master.close();
  }
}
