/** `blindrate report STUDY.db --out report.html [--json OUT.json] [--bootstrap B] [--seed N]` */
import { systemClock } from '../../services/system-clock';
import { addBootstrapOptions, withStudy, type BootstrapFlags } from '../study-options';
import { addQcThresholdOptions, qcThresholds, type QcFlags } from '../qc-options';
import type { RegisterCommand } from './index';

export const registerReport: RegisterCommand = (program) => {
  const command = program
    .command('report')
    .description('Analyse a study and write a self-contained HTML report (inline charts, no scripts, prints to PDF).')
    .argument('<study>', 'study file (.db)')
    .requiredOption('--out <file>', 'HTML file to write')
    .option('--json <file>', 'also write the analysis JSON');
  addQcThresholdOptions(addBootstrapOptions(command)).action(
    async (study: string, opts: BootstrapFlags & QcFlags & { out: string; json?: string }) => {
      const { writeStudyReport } = await import('../../services/analysis');
      const result = await withStudy(study, (db) =>
        writeStudyReport(db, {
          out: opts.out,
          json: opts.json,
          bootstrap: opts.bootstrap,
          seed: opts.seed,
          qc: qcThresholds(opts),
          clock: systemClock,
        }),
      );
      const written = opts.json ? `${opts.out} and ${opts.json}` : opts.out;
      process.stdout.write(
        `Report on ${result.counts.ratings} rating values and ${result.counts.preferences} preference choices from ${result.counts.raters} raters; wrote ${written}.\n`,
      );
    },
  );
};
