/** `blindrate import-ratings STUDY.db FILE --judge NAME`: an LLM judge's ratings on the study's rubric. */
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

export const registerImportRatings: RegisterCommand = (program) => {
  program
    .command('import-ratings')
    .description(
      "Import an LLM judge's ratings on the study's rubric (CSV: item_id, model, dimension, value). The judge is compared with the physicians in the report and is never part of their figures. Every problem is listed; a refused file changes nothing.",
    )
    .argument('<study>', 'study file (.db)')
    .argument('<file>', 'judge ratings CSV')
    .requiredOption('--judge <name>', "the judge's name in the report (e.g. the model that judged)")
    .action(async (study: string, file: string, opts: { judge: string }) => {
      const { importJudgeRatings } = await import('../../services/judge-import');
      const summary = await withStudy(study, (db) =>
        importJudgeRatings(db, file, { judge: opts.judge, clock: systemClock }),
      );
      process.stdout.write(
        `Imported judge "${summary.judge}": ${summary.ratings} ratings of ${summary.outputs} outputs.\n`,
      );
    });
};
