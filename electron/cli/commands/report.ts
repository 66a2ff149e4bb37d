/** `blindrate report STUDY.db --out report.html [--json OUT.json] [--adjudicated] [--bootstrap B] [--seed N]` */
import { systemClock } from '../../services/system-clock';
import {
  addBootstrapOptions,
  addDeviationReasonOption,
  explicitAnalysisFlags,
  withStudy,
  type BootstrapFlags,
  type DeviationFlags,
} from '../study-options';
import { addQcThresholdOptions, type QcFlags } from '../qc-options';
import type { RegisterCommand } from './index';

export const registerReport: RegisterCommand = (program) => {
  const command = program
    .command('report')
    .description(
      "Analyse a study and write a self-contained HTML report (inline charts, no scripts, prints to PDF). A sealed study is analysed with its protocol's options; an option given here that differs is a deviation (--deviation-reason).",
    )
    .argument('<study>', 'study file (.db)')
    .requiredOption('--out <file>', 'HTML file to write')
    .option('--json <file>', 'also write the analysis JSON')
    .option(
      '--adjudicated',
      "model figures use the adjudicator's final value where a unit was adjudicated (default: the raters' mean), as `analyze --adjudicated`; agreement and quality control always use the raters' own values, and Methods says which values were used",
    );
  addDeviationReasonOption(addQcThresholdOptions(addBootstrapOptions(command))).action(
    async (
      study: string,
      opts: BootstrapFlags & QcFlags & DeviationFlags & { out: string; json?: string; adjudicated?: boolean },
    ) => {
      const [{ writeStudyReport }, { analysisInForce }] = await Promise.all([
        import('../../services/analysis'),
        import('../../services/protocol'),
      ]);
      const result = await withStudy(study, (db) => {
        // A sealed study reports with its protocol's analysis; an option given here is a change to it.
        const analysis = analysisInForce(db, explicitAnalysisFlags(command, opts), {
          reason: opts.deviationReason,
          clock: systemClock,
        });
        return writeStudyReport(db, {
          ...analysis,
          finalValues: opts.adjudicated ? 'adjudicated' : 'raters_mean',
          out: opts.out,
          json: opts.json,
          clock: systemClock,
        });
      });
      const written = opts.json ? `${opts.out} and ${opts.json}` : opts.out;
      process.stdout.write(
        `Report on ${result.counts.ratings} rating values and ${result.counts.preferences} preference choices from ${result.counts.raters} raters; wrote ${written}.\n`,
      );
    },
  );
};
