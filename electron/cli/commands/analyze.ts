/** `blindrate analyze RATINGS.csv [--json OUT.json] [--bootstrap B] [--seed N]`: statistics from a tidy ratings file alone. */
import type { Command } from 'commander';
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED, serializeAnalysisResult } from '../../../shared/analysis';
import { analyzeRatingsFile, writeAnalysisJson } from '../../services/analysis';
import { wholeNumber } from '../study-options';
import type { RegisterCommand } from './index';

export interface BootstrapFlags {
  bootstrap: number;
  seed: number;
}

/** --bootstrap and --seed, shared by `analyze` and `report`. */
export function addBootstrapOptions(command: Command): Command {
  return command
    .option('--bootstrap <B>', 'bootstrap resamples for the Spearman 95% interval (0 = none)', wholeNumber('--bootstrap', 0), DEFAULT_BOOTSTRAP_RESAMPLES)
    .option('--seed <N>', 'seed of the bootstrap resampling', wholeNumber('--seed', 0), DEFAULT_BOOTSTRAP_SEED);
}

export const registerAnalyze: RegisterCommand = (program) => {
  const command = program
    .command('analyze')
    .description('Agreement, metric–human correlations, per-bin means and preference shares from a tidy ratings CSV (no study needed).')
    .argument('<ratings>', 'tidy ratings CSV (as written by `export --what ratings`)')
    .option('--json <file>', 'write the analysis JSON here (default: standard output)');
  addBootstrapOptions(command).action((ratings: string, opts: BootstrapFlags & { json?: string }) => {
    const result = analyzeRatingsFile(ratings, { bootstrap: opts.bootstrap, seed: opts.seed });
    if (!opts.json) {
      process.stdout.write(serializeAnalysisResult(result));
      return;
    }
    writeAnalysisJson(opts.json, result);
    const { counts } = result;
    process.stdout.write(
      `Analysed ${counts.ratings} rating values and ${counts.preferences} preference choices from ${counts.raters} raters on ${counts.outputs} outputs; wrote ${opts.json}.\n`,
    );
  });
};
