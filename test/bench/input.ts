/**
 * The synthetic import file: MeDiSumQA-like JSONL, every item answered by each model, so the item's
 * long context (a discharge summary) repeats on each of its models' lines, as exported files do.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createPrng } from '../../shared/prng';

/** Names inside the bench's temp folder, shared by run.ts and the measured processes (case.ts). */
export const INPUT_FILE = 'outputs.jsonl';
/** The study the last `import` run leaves, which the sampling runs draw from. */
export const STUDY_FILE = 'study.db';
export const PASSPHRASE = 'bench passphrase';

export const METRICS = ['rouge1', 'rouge2', 'rougeL', 'bertscore', 'umls_f1'];

const SECTION = `Brief Hospital Course:
The patient was admitted with community-acquired pneumonia and treated with IV ceftriaxone and azithromycin,
transitioned to oral cefpodoxime. Oxygen was weaned to room air by hospital day 3. Blood cultures remained negative.
Discharge Medications: 1. Cefpodoxime 200 mg PO BID 2. Lisinopril 10 mg PO daily 3. Metformin 500 mg PO BID
`;

function contextFor(item: number, contextBytes: number): string {
  const header = `Name: ___  Unit No: ${item}\nChief Complaint: fever and cough (case ${item})\n`;
  return (header + SECTION.repeat(Math.ceil(contextBytes / SECTION.length))).slice(0, contextBytes);
}

export async function writeBenchInput(
  path: string,
  size: { outputs: number; models: number; contextBytes: number },
): Promise<void> {
  const out = createWriteStream(path);
  const prng = createPrng(1);
  const items = Math.ceil(size.outputs / size.models);
  let written = 0;
  for (let item = 0; item < items && written < size.outputs; item++) {
    const context = contextFor(item, size.contextBytes);
    for (let m = 0; m < size.models && written < size.outputs; m++, written++) {
      const scores = Object.fromEntries(METRICS.map((metric) => [metric, Math.round(prng.nextFloat() * 1e4) / 1e4]));
      const record = {
        item_id: `item-${item}`,
        model: `model-${m}`,
        question: `What medication should I take after discharge? (${item})`,
        context,
        reference: 'You should take cefpodoxime 200 mg twice daily for five more days.',
        category: 'Medications',
        output: `Answer of model ${m} for item ${item}: take the antibiotic twice a day.`,
        scores,
      };
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}
