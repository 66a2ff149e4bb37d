/** `blindrate export STUDY.db --what outputs|sample|ratings|ratings-wide|dictionary|audit [--format csv|jsonl] --out FILE` */
import { extname } from 'node:path';
import { StudyError } from '../../../shared/errors';
import { EXPORT_FORMATS, EXPORT_WHAT, type ExportFormat, type ExportWhat } from '../../services/export-kinds';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

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
    .requiredOption('--what <table>', EXPORT_WHAT.join(', '))
    .option('--format <format>', 'csv or jsonl (default: from the --out extension)')
    .requiredOption('--out <file>', 'file to write')
    .action(async (study: string, opts: { what: string; format?: string; out: string }) => {
      if (!(EXPORT_WHAT as readonly string[]).includes(opts.what)) {
        throw new StudyError(`--what must be one of ${EXPORT_WHAT.join(', ')}, got "${opts.what}".`);
      }
      const format = resolveFormat(opts.format, opts.out);
      const { exportTable } = await import('../../services/exporter');
      const rows = await withStudy(study, (db) =>
        exportTable(db, { what: opts.what as ExportWhat, format, out: opts.out }),
      );
      process.stdout.write(`Wrote ${rows} rows of ${opts.what} to ${opts.out}.\n`);
    });
};
