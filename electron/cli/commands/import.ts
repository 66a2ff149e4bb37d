/** `blindrate import STUDY.db FILE… [--map field=column …] [--model NAME]` */
import { StudyError } from '../../../shared/errors';
import { parseMapOption, RecordError } from '../../../shared/import/record';
import { importFiles, type ImportProgress } from '../../services/importer';
import { scoreMissingRouge } from '../../services/scoring';
import { systemClock } from '../../services/system-clock';
import { describeRougeScoring } from '../rouge-summary';
import { displaySafeName } from '../../../shared/text/names';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';
import { addJoinOptions, joinFromOptions, type JoinOptions } from '../import-join-options';

function collectMap(spec: string, previous: Record<string, string> = {}): Record<string, string> {
  let field: string;
  let column: string;
  try {
    [field, column] = parseMapOption(spec);
  } catch (error) {
    if (error instanceof RecordError) throw new StudyError(error.message);
    throw error;
  }
  if (field in previous) throw new StudyError(`--map ${field} is given twice.`);
  return { ...previous, [field]: column };
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
      'read a field from a differently named column (repeatable), e.g. output="Model Answer"; an unnamed CSV column is #N, its position from 0 (pandas\' index column is #0: item_id=#0)',
      collectMap,
    )
    .option('--model <name>', "model name for a file holding one model's outputs without a model column")
    .option(
      '--ignore-unknown',
      'import records that have fields BlindRate does not know, dropping those fields (by default such a field stops the import, as it is usually a misspelt name)',
    )
    .option('--rouge', 'then compute ROUGE-1/2/L/Lsum F1 for outputs that lack them (as `score --rouge`)')
    .option('--stem', 'with --rouge: Porter-stem tokens longer than 3 characters', false);
  addJoinOptions(command).action(
    async (
      study: string,
      files: string[],
      opts: JoinOptions & {
        map?: Record<string, string>;
        model?: string;
        ignoreUnknown?: boolean;
        rouge?: boolean;
        stem: boolean;
      },
    ) => {
      const { join, map } = await joinFromOptions(opts, files, opts.map, opts.model);
      const progress = terminalProgress();
      const { summary, rouge } = await withStudy(study, async (db) => {
        const imported = await importFiles(db, files, {
          map,
          join,
          model: opts.model,
          ignoreUnknown: opts.ignoreUnknown,
          clock: systemClock,
          onProgress: progress.update,
        }).finally(progress.done);
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
      }
      process.stdout.write(
        `Imported ${summary.outputs} outputs, ${summary.newItems} new items; models: ${summary.models.map(displaySafeName).join(', ') || 'none'}.\n`,
      );
      if (rouge) process.stdout.write(describeRougeScoring(rouge, opts.stem));
      else if (opts.from === 'chq-summ') {
        process.stdout.write(
          `CHQ-Summ runs carry no scores: compute ROUGE as the paper did with \`blindrate score ${study} --rouge --stem\`.\n`,
        );
      }
    },
  );
};
