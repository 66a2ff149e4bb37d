/**
 * The files a join needs besides the outputs (a benchmark's dataset, its source and target lines, any
 * items file), read whole and turned into the joiners of shared/import. Everything is read and
 * checked before the import starts, so a bad dataset stops it before anything is written.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { StudyError } from '../../shared/errors';
import { createChqSummJoin, pythonStrippedLines, type LinesFile } from '../../shared/import/chq-summ';
import { createClueJoin, type ClueJoinOptions } from '../../shared/import/clue';
import { describeRecordLocation, detectImportFormat } from '../../shared/import/format';
import { createItemJoin, parseJoinKey, type ItemEntry, type RecordJoiner } from '../../shared/import/join';
import { RecordError } from '../../shared/import/record';
import { pathSource } from './byte-source';
import { readRecords, SyntaxProblem } from './import-readers';

/** Extensions read as records; any other file (test.source, items.txt) is plain lines. */
const RECORD_EXTENSIONS = /\.(json|jsonl|ndjson|csv)$/i;

/**
 * An items file as entries: JSON array, JSON lines or CSV records, or, for any other extension, one
 * entry per line `{ index: "0", text: "…" }` (index from 0, as a pandas index counts; text stripped).
 */
export async function readItemsFile(path: string): Promise<{ name: string; entries: ItemEntry[] }> {
  const name = basename(path);
  const text = readText(path);
  if (!RECORD_EXTENSIONS.test(name)) {
    const entries = pythonStrippedLines(text).map((line, i) => ({
      value: { index: String(i), text: line },
      where: `line ${i + 1} of ${name}`,
    }));
    return { name, entries };
  }
  const format = detectImportFormat(name, text.slice(0, 256));
  const entries: ItemEntry[] = [];
  try {
    for await (const { value, position } of readRecords(pathSource(path), format, {
      onChunk: () => {},
      checkHeader: () => {},
    })) {
      const where = describeRecordLocation(name, format, position);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new StudyError(`${where}: is not an object with fields.`);
      entries.push({ value: value as Record<string, unknown>, where: where.charAt(0).toLowerCase() + where.slice(1) });
    }
  } catch (error) {
    if (error instanceof SyntaxProblem) {
      throw new StudyError(
        `${error.position === null ? name : describeRecordLocation(name, format, error.position)}: ${error.message}.`,
      );
    }
    throw error;
  }
  if (entries.length === 0) throw new StudyError(`${name} contains no records.`);
  return { name, entries };
}

/** A plain-text file as Python's readlines() and strip() see it. */
export function readLinesFile(path: string): LinesFile {
  return { name: basename(path), lines: pythonStrippedLines(readText(path)) };
}

/** `--join ITEMS --on KEY`. */
export async function itemsJoin(itemsPath: string, on: string): Promise<() => RecordJoiner> {
  const { name, entries } = await readItemsFile(itemsPath);
  return checkedFactory(() => createItemJoin(entries, parseJoinKey(on), name));
}

/** `--from clue --dataset MeDiSumQA.json` for one predictions.json. */
export async function clueJoin(
  datasetPath: string,
  predictionsPath: string,
  options: Omit<ClueJoinOptions, 'datasetName' | 'groundTruths'>,
): Promise<() => RecordJoiner> {
  const { name, entries } = await readItemsFile(datasetPath);
  const groundTruths = await readGroundTruths(predictionsPath);
  return checkedFactory(() => createClueJoin(entries, { ...options, datasetName: name, groundTruths }));
}

/** The "Ground Truth Answer" of every readable line, for the join's hints; the import itself reports bad lines. */
async function readGroundTruths(path: string): Promise<string[]> {
  const answers: string[] = [];
  try {
    for await (const { value } of readRecords(
      pathSource(path),
      detectImportFormat(basename(path), readText(path).slice(0, 256)),
      {
        onChunk: () => {},
        checkHeader: () => {},
      },
    )) {
      const answer = (value as Record<string, unknown> | null)?.['Ground Truth Answer'];
      answers.push(typeof answer === 'string' ? answer : '');
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
  }
  return answers;
}

/** `--from chq-summ --source test.source [--target test.target]`. */
export function chqSummJoin(sourcePath: string, targetPath: string | undefined): () => RecordJoiner {
  const source = readLinesFile(sourcePath);
  if (source.lines.length === 0) throw new StudyError(`${source.name} has no lines.`);
  const target = targetPath === undefined ? null : readLinesFile(targetPath);
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

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new StudyError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}
