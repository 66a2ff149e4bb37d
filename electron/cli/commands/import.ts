/** `blindrate import STUDY.db FILE… [--map field=column …] [--model NAME]` */
import { StudyError } from '../../../shared/errors';
import { basename } from 'node:path';
import type { ImportedFile, ImportProgress } from '../../services/importer';
import { systemClock } from '../../services/system-clock';
import { describeRougeScoring } from '../rouge-summary';
import { displaySafeName } from '../../../shared/text/names';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';
import { addJoinOptions, joinFromOptions, type JoinOptions } from '../import-join-options';

/** One `--map`: for every file (`field=column`) or for one (`FILE:field=column`). */
interface MapOption {
  file: string | null;
  field: string;
  column: string;
}

/** The repeated `--map` options, kept as given until the command runs (their parser loads with the importer). */
function collectMapSpecs(spec: string, previous: string[] = []): string[] {
  return [...previous, spec];
}

/**
 * The `--map` specs read, refusing a malformed one or a field given twice for the same files. Field names
 * hold no ":", so a ":" before the first "=" ends a file name (the last such one, so
 * `C:\\runs\\a.csv:output=answer` names the file `C:\\runs\\a.csv`).
 */
async function parseMapSpecs(specs: string[] | undefined): Promise<MapOption[] | undefined> {
  if (specs === undefined) return undefined;
  const { parseMapOption, RecordError } = await import('../../../shared/import/record');
  const options: MapOption[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const colon = eq === -1 ? -1 : spec.lastIndexOf(':', eq);
    const file = colon > 0 ? spec.slice(0, colon) : null;
    let field: string;
    let column: string;
    try {
      [field, column] = parseMapOption(colon > 0 ? spec.slice(colon + 1) : spec);
    } catch (error) {
      if (error instanceof RecordError) throw new StudyError(error.message);
      throw error;
    }
    if (options.some((m) => m.file === file && m.field === field))
      throw new StudyError(`--map ${file === null ? '' : `${file}:`}${field} is given twice.`);
    options.push({ file, field, column });
  }
  return options;
}

/** The maps for every file, and each file's own, its FILE matched to a file argument by path or by name. */
function resolveMaps(
  options: MapOption[] | undefined,
  files: string[],
): { common: Record<string, string> | undefined; perFile: Record<string, string>[] } {
  const perFile = files.map(() => ({}) as Record<string, string>);
  if (options === undefined) return { common: undefined, perFile };
  const common: Record<string, string> = {};
  for (const { file, field, column } of options) {
    if (file === null) {
      common[field] = column;
      continue;
    }
    const exact = files.flatMap((f, i) => (f === file ? [i] : []));
    const named = files.flatMap((f, i) => (basename(f) === basename(file) ? [i] : []));
    const matches = exact.length > 0 ? exact : named;
    if (matches.length === 0) throw new StudyError(`--map ${file}:${field}: ${file} is none of the files to import.`);
    if (matches.length > 1)
      throw new StudyError(
        `--map ${file}:${field}: ${matches.length} files to import are named ${basename(file)}; give its path as on the command line.`,
      );
    perFile[matches[0]!]![field] = column;
  }
  return { common, perFile };
}

/** Percent and record count on one rewritten stderr line, at most ten times a second; silent when not a terminal. */
function terminalProgress(): { update: (p: ImportProgress) => void; done: () => void } {
  if (!process.stderr.isTTY) return { update: () => {}, done: () => {} };
  let lastAt = 0;
  let shown = false;
  return {
    update(p) {
      const now = performance.now();
      if (now - lastAt < 100 && p.bytesRead < p.totalBytes) return;
      lastAt = now;
      shown = true;
      const percent = p.totalBytes === 0 ? 100 : Math.floor((100 * p.bytesRead) / p.totalBytes);
      process.stderr.write(
        `\r${displaySafeName(p.file)}: ${percent}% (${p.records.toLocaleString('en')} records)\x1b[K`,
      );
    },
    done() {
      if (shown) process.stderr.write('\n');
    },
  };
}

/** `a.csv: 2 empty outputs imported as empty (row 3, row 5).` */
function describeEmptyOutputs(file: ImportedFile): string {
  const n = file.emptyOutputs.length;
  const shown = file.emptyOutputs.slice(0, 20).join(', ') + (n > 20 ? `, … ${n - 20} more` : '');
  const what = file.emptyOutputsSkipped ? 'left out (--skip-empty-outputs)' : 'imported as empty';
  return `${displaySafeName(file.file)}: ${n} empty output${n === 1 ? '' : 's'} ${what} (${shown}).\n`;
}

export const registerImport: RegisterCommand = (program) => {
  const command = program
    .command('import')
    .description(
      'Import model outputs (JSONL, JSON array or CSV); all files in one transaction, all or nothing. Benchmark runs whose questions are in another file: --from clue|chq-summ, or --join ITEMS --on KEY.',
    )
    .argument('<study>', 'study file (.db)')
    .argument('<files...>', 'files to import')
    .option(
      '--map <field=column>',
      'read a field from a differently named column (repeatable), e.g. output="Model Answer"; FILE:field=column for one file only (a.csv:output=answer), over the maps for every file; an unnamed CSV column is #N, its position from 0 (pandas\' index column is #0: item_id=#0)',
      collectMapSpecs,
    )
    .option('--model <name>', "model name for a file holding one model's outputs without a model column")
    .option(
      '--ignore-unknown',
      'import records that have fields BlindRate does not know, dropping those fields (by default such a field stops the import, as it is usually a misspelt name)',
    )
    .option(
      '--skip-empty-outputs',
      'leave out outputs whose text is empty (a model that produced nothing); by default they are imported, and either way listed',
    )
    .option('--rouge', 'then compute ROUGE-1/2/L/Lsum F1 for outputs that lack them (as `score --rouge`)')
    .option('--stem', 'with --rouge: Porter-stem tokens longer than 3 characters', false);
  addJoinOptions(command).action(
    async (
      study: string,
      files: string[],
      opts: JoinOptions & {
        map?: string[];
        model?: string;
        ignoreUnknown?: boolean;
        skipEmptyOutputs?: boolean;
        rouge?: boolean;
        stem: boolean;
      },
    ) => {
      const mapOptions = await parseMapSpecs(opts.map);
      const maps = resolveMaps(mapOptions, files);
      const { join, map } = await joinFromOptions(opts, files, mapOptions && { ...maps.common }, opts.model);
      const { importFiles } = await import('../../services/importer');
      const { scoreMissingRouge } = await import('../../services/scoring');
      const progress = terminalProgress();
      const { summary, rouge } = await withStudy(study, async (db) => {
        const imported = await importFiles(
          db,
          files.map((path, i) => ({ path, map: maps.perFile[i] })),
          {
            map,
            join,
            model: opts.model,
            ignoreUnknown: opts.ignoreUnknown,
            skipEmptyOutputs: opts.skipEmptyOutputs,
            clock: systemClock,
            onProgress: progress.update,
          },
        ).finally(progress.done);
        return {
          summary: imported,
          rouge: opts.rouge ? scoreMissingRouge(db, { stem: opts.stem, clock: systemClock }) : null,
        };
      });
      for (const file of summary.files) {
        if (file.status === 'already-imported') {
          process.stdout.write(
            `${displaySafeName(file.file)}: already imported (import #${file.importId}, ${file.importedAt}); skipped, nothing duplicated.\n`,
          );
        } else {
          process.stdout.write(
            `${displaySafeName(file.file)}: ${file.records} outputs imported (${file.format}), ${file.newItems} new items.\n`,
          );
        }
        if (file.emptyOutputs.length > 0) process.stdout.write(describeEmptyOutputs(file));
      }
      process.stdout.write(
        `Imported ${summary.outputs} outputs, ${summary.newItems} new items; models: ${summary.models.map(displaySafeName).join(', ') || 'none'}.\n`,
      );
      if (rouge) process.stdout.write(describeRougeScoring(rouge, opts.stem));
      else if (opts.from === 'chq-summ') {
        process.stdout.write(
          `CHQ-Summ runs carry no scores: \`blindrate score ${study} --rouge --stem\` computes ROUGE with Porter stemming as Google's rouge-score does; the paper used py-rouge 1.1, another implementation, so the values need not be the paper's.\n`,
        );
      }
    },
  );
};
