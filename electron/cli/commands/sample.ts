/** `blindrate sample STUDY.db --task rating|preference|pairwise --bins 5 --per-bin 10 [--metrics a,b] [--models a,b] [--pairs-per-item K] [--seed N] [--allow-overlap] [--replace]` */
import { randomInt } from 'node:crypto';
import { StudyError } from '../../../shared/errors';
import { TASK_KINDS, type TaskKind } from '../../../shared/domain';
import { MAX_SEED } from '../../../shared/sampling';
import { systemClock } from '../../services/system-clock';
import { addDeviationReasonOption, parseList, wholeNumber, withStudy, type DeviationFlags } from '../study-options';
import type { RegisterCommand } from './index';

interface SampleOptions extends DeviationFlags {
  task: string;
  bins: number;
  perBin: number;
  metrics?: string;
  models?: string;
  seed?: number;
  pairsPerItem?: number;
  allowOverlap?: boolean;
  replace?: boolean;
}

export const registerSample: RegisterCommand = (program) => {
  const command = program
    .command('sample')
    .description('Draw a stratified sample (MeDiSumQA protocol): per model, bins by average metric score, N per bin.')
    .argument('<study>', 'study file (.db)')
    .requiredOption(
      '--task <kind>',
      'rating, preference (ground truth vs model) or pairwise (model vs model; items binned by difficulty)',
    )
    .option('--bins <k>', 'number of equal-sized bins per model', wholeNumber('--bins', 1), 5)
    .requiredOption('--per-bin <n>', 'outputs drawn per bin and model', wholeNumber('--per-bin', 1))
    .option('--metrics <a,b,c>', 'metrics averaged for binning (default: every metric present)')
    .option('--models <a,b>', 'models to sample (default: all)')
    .option(
      '--pairs-per-item <k>',
      'pairwise only: pairs of models per item, each pair equally often (default: every pair)',
      wholeNumber('--pairs-per-item', 1),
    )
    .option(
      '--seed <n>',
      `PRNG seed, 0–${MAX_SEED} (default: a random one, printed and stored)`,
      wholeNumber('--seed', 0),
    )
    .option(
      '--allow-overlap',
      "let a sample reuse outputs of the other kinds' samples (pairwise: items), which are left out by default",
    )
    .option('--replace', "draw again over this task's sample; refused once a rater has been dealt its tasks");
  addDeviationReasonOption(command).action(async (study: string, opts: SampleOptions) => {
    if (!(TASK_KINDS as string[]).includes(opts.task))
      throw new StudyError(`--task must be ${TASK_KINDS.join(' or ')}, got "${opts.task}".`);
    const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
    const { drawSample } = await import('../../services/sampler');
    const summary = await withStudy(study, (db) =>
      drawSample(
        db,
        {
          task: opts.task as TaskKind,
          bins: opts.bins,
          perBin: opts.perBin,
          metrics: parseList(opts.metrics ?? ''),
          models: parseList(opts.models ?? ''),
          seed,
          ...(opts.pairsPerItem !== undefined && { pairsPerItem: opts.pairsPerItem }),
          disjoint: !opts.allowOverlap,
          replace: opts.replace ?? false,
          deviationReason: opts.deviationReason,
        },
        systemClock,
      ),
    );
    const pairwise = summary.task === 'pairwise';
    const design = pairwise
      ? `${summary.bins} bins × ${summary.perBin} items, ${summary.pairsPerItem === undefined ? 'every pair' : `${summary.pairsPerItem} pair${summary.pairsPerItem === 1 ? '' : 's'}`} of models per item`
      : `${summary.bins} bins × ${summary.perBin} per model`;
    process.stdout.write(
      `${summary.replaced ? 'Replaced' : 'Drew'} ${summary.task} sample #${summary.sampleId}: ${summary.tasks} ${pairwise ? 'pairs' : 'outputs'} (seed ${summary.seed}; ${design}; metrics ${summary.metrics.join(', ')}${summary.disjoint ? '' : '; overlap allowed'}).\n`,
    );
    for (const m of summary.perModel) {
      const ineligible = m.ineligible > 0 ? `, ${m.ineligible} without the metrics (not eligible)` : '';
      const noReference = m.withoutReference > 0 ? `, ${m.withoutReference} without a reference (not eligible)` : '';
      process.stdout.write(
        pairwise
          ? `  ${m.model}: ${m.eligible} items answered by every model${ineligible}; bin sizes ${m.binSizes.join('/')}; in ${m.drawn} pairs.\n`
          : `  ${m.model}: ${m.eligible} eligible${ineligible}${noReference}; bin sizes ${m.binSizes.join('/')}; drew ${m.drawn}.\n`,
      );
    }
  });
};
