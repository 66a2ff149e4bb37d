/**
 * The files a join needs besides the outputs (a benchmark's dataset, its source and target lines, any
 * items file), read whole and turned into the joiners of shared/import. Everything is read and
 * checked before the import starts, so a bad dataset stops it before anything is written. The CLI
 * hands files on disk, the app files chosen in a dialog or uploaded: both as ByteSources.
 */
import { StudyError } from '../../shared/errors';
import {
  CHQ_SUMM_COLUMN_MAP,
  createChqSummJoin,
  pythonStrippedLines,
  type LinesFile,
} from '../../shared/import/chq-summ';
import { CLUE_COLUMN_MAP, createClueJoin, type ClueJoinOptions } from '../../shared/import/clue';
import { CLUE_DEFAULT_FEW_SHOT, CLUE_DEFAULT_SEED } from '../../shared/import/clue-defaults';
import { describeRecord, detectImportFormat } from '../../shared/import/format';
import { FileProblems, ImportRefused } from '../../shared/import/problems';
import { createItemJoin, parseJoinKey, type ItemEntry, type RecordJoiner } from '../../shared/import/join';
import { RecordError } from '../../shared/import/record';
import type { ImportJoinOf } from '../../shared/coordinator-api';
import type { ByteSource } from './byte-source';
import { readRecords, SyntaxProblem } from './import-readers';

/** How a file of outputs finds its items, the other files given as ByteSources. */
export type JoinSpec = ImportJoinOf<ByteSource>;

/** The same join with its files given another way (tokens → a worker's sources → byte sources). */
export function mapJoinFiles<A, B>(join: ImportJoinOf<A>, file: (a: A) => B): ImportJoinOf<B> {
  switch (join.kind) {
    case 'items':
      return { ...join, items: file(join.items) };
    case 'clue':
      return { ...join, dataset: file(join.dataset) };
    case 'chq-summ':
      return { ...join, source: file(join.source), target: join.target === undefined ? undefined : file(join.target) };
  }
}

/**
 * The joiner factory for one file of outputs, and the column map the benchmark implies (null for an
 * items join, whose columns the coordinator maps). Reads and checks the other files first.
 */
export async function benchmarkJoin(
  spec: JoinSpec,
  outputs: readonly ByteSource[],
): Promise<{ join: () => RecordJoiner; map: Record<string, string> | null }> {
  if (outputs.length !== 1)
    throw new StudyError(`A joined import reads one file of outputs at a time; got ${outputs.length}.`);
  switch (spec.kind) {
    case 'clue': {
      const join = await clueJoin(spec.dataset, outputs[0]!, {
        joinBy: spec.joinBy ?? 'position',
        seed: spec.seed === undefined ? BigInt(CLUE_DEFAULT_SEED) : pythonSeed(spec.seed),
        fewShot: spec.fewShot ?? CLUE_DEFAULT_FEW_SHOT,
        contextField: spec.contextField,
      });
      return { join, map: CLUE_COLUMN_MAP };
    }
    case 'chq-summ':
      return { join: chqSummJoin(spec.source, spec.target), map: CHQ_SUMM_COLUMN_MAP };
    case 'items':
      return { join: await itemsJoin(spec.items, spec.on), map: null };
  }
}

/** A seed as Python's random.seed takes it: any whole number, kept exact (BigInt). */
function pythonSeed(text: string): bigint {
  if (!/^[+-]?\d+$/.test(text.trim()))
    throw new StudyError(`The run's seed must be a whole number, as given to Python's random.seed; got "${text}".`);
  return BigInt(text.trim());
}

/** Extensions read as records; any other file (test.source, items.txt) is plain lines. */
const RECORD_EXTENSIONS = /\.(json|jsonl|ndjson|csv)$/i;

/**
 * An items file as entries: JSON array, JSON lines or CSV records, or, for any other extension, one
 * entry per line `{ index: "0", text: "…" }` (index from 0, as a pandas index counts; text stripped).
 */
export async function readItemsFile(file: ByteSource): Promise<{ name: string; entries: ItemEntry[] }> {
  const { name } = file;
  const text = readText(file);
  if (!RECORD_EXTENSIONS.test(name)) {
    const entries = pythonStrippedLines(text).map((line, i) => ({
      value: { index: String(i), text: line },
      where: `line ${i + 1} of ${name}`,
    }));
    return { name, entries };
  }
  const format = detectImportFormat(name, text.slice(0, 256));
  const entries: ItemEntry[] = [];
  const problems = new FileProblems(name);
  try {
    for await (const entry of readRecords(file, format, { onChunk: () => {}, checkHeader: () => true })) {
      const record = describeRecord(format, entry.position, entry.row);
      if (entry.problem !== undefined) problems.add(record, null, entry.problem);
      else if (typeof entry.value !== 'object' || entry.value === null || Array.isArray(entry.value))
        problems.add(record, null, 'is not an object with fields');
      else entries.push({ value: entry.value as Record<string, unknown>, where: `${record} of ${name}` });
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    problems.add(error.position === null ? null : describeRecord(format, error.position), null, error.message);
  }
  if (problems.total > 0) throw new ImportRefused([problems]);
  if (entries.length === 0) throw new StudyError(`${name} contains no records.`);
  return { name, entries };
}

/** A plain-text file as Python's readlines() and strip() see it. */
export function readLinesFile(file: ByteSource): LinesFile {
  return { name: file.name, lines: pythonStrippedLines(readText(file)) };
}

/** `--join ITEMS --on KEY`. */
export async function itemsJoin(items: ByteSource, on: string): Promise<() => RecordJoiner> {
  const { name, entries } = await readItemsFile(items);
  return checkedFactory(() => createItemJoin(entries, parseJoinKey(on), name));
}

/** `--from clue --dataset MeDiSumQA.json` for one predictions.json. */
export async function clueJoin(
  dataset: ByteSource,
  predictions: ByteSource,
  options: Omit<ClueJoinOptions, 'datasetName' | 'groundTruths'>,
): Promise<() => RecordJoiner> {
  const { name, entries } = await readItemsFile(dataset);
  const groundTruths = await readGroundTruths(predictions);
  return checkedFactory(() => createClueJoin(entries, { ...options, datasetName: name, groundTruths }));
}

/** The "Ground Truth Answer" of every readable line, for the join's hints; the import itself reports bad lines. */
async function readGroundTruths(predictions: ByteSource): Promise<string[]> {
  const answers: string[] = [];
  const format = detectImportFormat(predictions.name, predictions.head(256).toString('utf8'));
  try {
    for await (const entry of readRecords(predictions, format, { onChunk: () => {}, checkHeader: () => true })) {
      const answer =
        entry.problem === undefined
          ? (entry.value as Record<string, unknown> | null)?.['Ground Truth Answer']
          : undefined;
      answers.push(typeof answer === 'string' ? answer : '');
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
  }
  return answers;
}

/** `--from chq-summ --source test.source [--target test.target]`. */
export function chqSummJoin(sourceFile: ByteSource, targetFile: ByteSource | undefined): () => RecordJoiner {
  const source = readLinesFile(sourceFile);
  if (source.lines.length === 0) throw new StudyError(`${source.name} has no lines.`);
  const target = targetFile === undefined ? null : readLinesFile(targetFile);
  return checkedFactory(() => createChqSummJoin(source, target));
}

/** Builds one joiner now, so a problem with the items shows before the import begins. */
function checkedFactory(create: () => RecordJoiner): () => RecordJoiner {
  try {
    create();
  } catch (error) {
    if (error instanceof RecordError) throw new StudyError(`${error.message}.`);
    throw error;
  }
  return create;
}

function readText(file: ByteSource): string {
  try {
    return file.head(file.size).toString('utf8');
  } catch (error) {
    throw new StudyError(
      `Cannot read ${file.name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
}
