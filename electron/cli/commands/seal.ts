/** `blindrate seal STUDY.db [--bootstrap B] [--seed N] [--fast-ms MS] [--straight-run N]`: pre-register the protocol. */
import { systemClock } from '../../services/system-clock';
import { addBootstrapOptions, withStudy, type BootstrapFlags } from '../study-options';
import { addQcThresholdOptions, type QcFlags } from '../qc-options';
import type { RegisterCommand } from './index';

export const registerSeal: RegisterCommand = (program) => {
  const command = program
    .command('seal')
    .description(
      'Seal the protocol before anyone rates: rubric, samples, assignment plan and quality-control design (not the plan secret), the planned analysis and the BlindRate version, hashed (SHA-256) into the audit chain. Later changes are refused unless recorded as deviations (--deviation-reason).',
    )
    .argument('<study>', 'master study file (.db)');
  addQcThresholdOptions(addBootstrapOptions(command)).action(async (study: string, opts: BootstrapFlags & QcFlags) => {
    const { sealProtocol } = await import('../../services/protocol');
    const seal = await withStudy(study, (db) =>
      sealProtocol(
        db,
        { bootstrap: opts.bootstrap, seed: opts.seed, fastMs: opts.fastMs, straightRun: opts.straightRun },
        systemClock,
      ),
    );
    const { protocol } = seal;
    const outputs = protocol.samples.reduce((sum, s) => sum + s.outputs.length, 0);
    process.stdout.write(
      `Sealed the protocol at ${seal.at}: SHA-256 ${seal.hash}\n` +
        `  rubric ${protocol.rubric.name}; ${protocol.samples.length} samples of ${outputs} outputs; ${protocol.plan.raters.length} raters (overlap ${protocol.plan.overlap}, seed ${protocol.plan.seed}); ` +
        `analysis: ${protocol.analysis.bootstrap} bootstrap resamples, seed ${protocol.analysis.seed}.\n` +
        'From now on a change to the protocol is refused unless it is recorded as a deviation with its reason.\n',
    );
  });
};
