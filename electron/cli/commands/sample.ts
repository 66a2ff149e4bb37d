/** `blindrate sample STUDY.db --task rating|preference --bins 5 --per-bin 10 [--metrics a,b] [--models a,b] [--seed N] [--allow-overlap] [--replace]` */
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
  allowOverlap?: boolean;
  replace?: boolean;
}

export const registerSample: RegisterCommand = (program) => {
  const command = program
    .command('sample')
    .description('Draw a stratified sample (MeDiSumQA protocol): per model, bins by average metric score, N per bin.')
    .argument('<study>', 'study file (.db)')
    .requiredOption('--task <kind>', 'rating or preference (ground truth vs model)')
    .option('--bins <k>', 'number of equal-sized bins per model', wholeNumber('--bins', 1), 5)
    .requiredOption('--per-bin <n>', 'outputs drawn per bin and model', wholeNumber('--per-bin', 1))
    .option('--metrics <a,b,c>', 'metrics averaged for binning (default: every metric present)')
    .option('--models <a,b>', 'models to sample (default: all)')
    .option(
      '--seed <n>',
      `PRNG seed, 0–${MAX_SEED} (default: a random one, printed and stored)`,
      wholeNumber('--seed', 0),
    )
    .option('--allow-overlap', 'let a preference sample reuse outputs of the rating sample (and vice versa)')
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
          disjoint: !opts.allowOverlap,
          replace: opts.replace ?? false,
          deviationReason: opts.deviationReason,
        },
        systemClock,
      ),
    );
    process.stdout.write(
      `${summary.replaced ? 'Replaced' : 'Drew'} ${summary.task} sample #${summary.sampleId}: ${summary.tasks} outputs (seed ${summary.seed}; ${summary.bins} bins × ${summary.perBin} per model; metrics ${summary.metrics.join(', ')}${summary.disjoint ? '' : '; overlap allowed'}).\n`,
    );
    for (const m of summary.perModel) {
      const ineligible = m.ineligible > 0 ? `, ${m.ineligible} without the metrics (not eligible)` : '';
      const noReference = m.withoutReference > 0 ? `, ${m.withoutReference} without a reference (not eligible)` : '';
      process.stdout.write(
        `  ${m.model}: ${m.eligible} eligible${ineligible}${noReference}; bin sizes ${m.binSizes.join('/')}; drew ${m.drawn}.\n`,
      );
    }
  });
};
