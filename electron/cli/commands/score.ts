/** `blindrate score STUDY.db --rouge [--stem]`: compute missing ROUGE scores from the references. */
import { StudyError } from '../../../shared/errors';
import { describeRougeScoring } from '../rouge-summary';
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerScore: RegisterCommand = (program) => {
  program
    .command('score')
    .description(
      'Compute automatic metrics for outputs that lack them: ROUGE-1/2/L/Lsum F1 against the reference (rouge-score rules).',
    )
    .argument('<study>', 'study file (.db)')
    .option('--rouge', 'compute rouge1, rouge2, rougeL and rougeLsum where missing')
    .option('--stem', 'Porter-stem tokens longer than 3 characters (CHQ-Summ used stemming, MeDiSumQA did not)', false)
    .action(async (study: string, opts: { rouge?: boolean; stem: boolean }) => {
      if (!opts.rouge)
        throw new StudyError('Say what to compute: --rouge (the only metric BlindRate computes itself).');
      const { scoreMissingRouge } = await import('../../services/scoring');
      const summary = await withStudy(study, (db) => scoreMissingRouge(db, { stem: opts.stem, clock: systemClock }));
      process.stdout.write(describeRougeScoring(summary, opts.stem));
    });
};
