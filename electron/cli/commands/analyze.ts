/** `blindrate analyze RATINGS.csv [--json OUT.json] [--bootstrap B] [--seed N]`: statistics from a tidy ratings file alone. */
import { addBootstrapOptions, type BootstrapFlags } from '../study-options';
import { addQcThresholdOptions, qcThresholds, type QcFlags } from '../qc-options';
import type { RegisterCommand } from './index';

export const registerAnalyze: RegisterCommand = (program) => {
  const command = program
    .command('analyze')
    .description(
      'Agreement (α, Gwet AC1/AC2, κ, ICC), per-rater diagnostics, metric–human correlations, per-bin means and preference shares, with intervals, from a tidy ratings CSV (no study needed).',
    )
    .argument('<ratings>', 'tidy ratings CSV (as written by `export --what ratings`)')
    .option('--json <file>', 'write the analysis JSON here (default: standard output)')
    .option(
      '--adjudicated',
      "model figures use the adjudicator's final value where a unit was adjudicated (default: the raters' mean); agreement always uses the raters' own values",
    );
  addQcThresholdOptions(addBootstrapOptions(command)).action(
    async (ratings: string, opts: BootstrapFlags & QcFlags & { json?: string; adjudicated?: boolean }) => {
      const { serializeAnalysisResult } = await import('../../../shared/analysis');
      const { analyzeRatingsFile, writeAnalysisJson } = await import('../../services/ratings-analysis');
      const result = await analyzeRatingsFile(ratings, {
        bootstrap: opts.bootstrap,
        seed: opts.seed,
        qc: qcThresholds(opts),
        finalValues: opts.adjudicated ? 'adjudicated' : 'raters_mean',
      });
      if (!opts.json) {
        process.stdout.write(serializeAnalysisResult(result));
        return;
      }
      writeAnalysisJson(opts.json, result);
      const { counts } = result;
      // Each judgement is in one all-bins summary of its dimension.
      const judgements = (result.pairwise ?? []).reduce((n, s) => n + (s.bin === null ? s.judgements : 0), 0);
      const pairwise = judgements > 0 ? `, and ${judgements} pairwise judgements` : '';
      process.stdout.write(
        `Analysed ${counts.ratings} rating values and ${counts.preferences} preference choices from ${counts.raters} raters on ${counts.outputs} outputs${pairwise}; wrote ${opts.json}.\n`,
      );
    },
  );
};
