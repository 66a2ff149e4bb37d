/**
 * `blindrate export STUDY.db --what outputs|sample|ratings|ratings-wide|dictionary|audit [--format csv|jsonl] --out FILE`,
 * or `--what redcap --out DIR` (a REDCap data dictionary, records and model key).
 */
import { extname } from 'node:path';
import { StudyError } from '../../../shared/errors';
import { EXPORT_FORMATS, EXPORT_WHAT, type ExportFormat, type ExportWhat } from '../../services/export-kinds';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

const REDCAP = 'redcap';

function resolveFormat(format: string | undefined, out: string): ExportFormat {
  const chosen = format ?? extname(out).slice(1).toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(chosen)) return chosen as ExportFormat;
  throw new StudyError(
    format === undefined
      ? `Give --format csv or jsonl (cannot tell from "${out}").`
      : `--format must be csv or jsonl, got "${format}".`,
  );
}

export const registerExport: RegisterCommand = (program) => {
  program
    .command('export')
    .description('Export study data as CSV or JSON Lines (written to a temporary file, then renamed into place).')
    .argument('<study>', 'study file (.db)')
    .requiredOption(
      '--what <table>',
      `${EXPORT_WHAT.join(', ')}, or redcap (a folder: REDCap data dictionary, records to import, model key)`,
    )
    .option('--format <format>', 'csv or jsonl (default: from the --out extension)')
    .requiredOption('--out <file>', 'file to write (a folder for redcap)')
    .action(async (study: string, opts: { what: string; format?: string; out: string }) => {
      if (opts.what === REDCAP) {
        const { exportRedcap } = await import('../../services/redcap-export');
        const summary = await withStudy(study, (db) => exportRedcap(db, opts.out));
        process.stdout.write(
          `Wrote a REDCap data dictionary of ${summary.fields} fields, ${summary.records} records to import and the key of ${summary.models} model codes to ${opts.out} (${summary.files.join(', ')}).\n`,
        );
        return;
      }
      if (!(EXPORT_WHAT as readonly string[]).includes(opts.what)) {
        throw new StudyError(`--what must be one of ${[...EXPORT_WHAT, REDCAP].join(', ')}, got "${opts.what}".`);
      }
      const format = resolveFormat(opts.format, opts.out);
      const { exportTable } = await import('../../services/exporter');
      const rows = await withStudy(study, (db) =>
        exportTable(db, { what: opts.what as ExportWhat, format, out: opts.out }),
      );
      process.stdout.write(`Wrote ${rows} rows of ${opts.what} to ${opts.out}.\n`);
    });
};
