/** `blindrate assign STUDY.db --raters "Dr A,Dr B" [--overlap K] [--seed N] [--replace]`, or `--add "Dr D"`. */
import { randomInt } from 'node:crypto';
import { StudyError } from '../../../shared/errors';
import { addRaters, assignRaters, type PlanSummary } from '../../services/plan';
import { MAX_SEED } from '../../services/sampler';
import { systemClock } from '../../services/system-clock';
import { parseList, wholeNumber, withStudy } from '../study-options';
import type { RegisterCommand } from './index';

interface AssignFlags {
  raters?: string;
  add?: string;
  overlap?: number;
  seed?: number;
  replace?: boolean;
}

export function describePlan(plan: PlanSummary): string {
  const width = Math.max(0, ...plan.tasksPerRater.map((r) => r.name.length));
  const coverage = plan.coverage
    .map((outputs, raters) => ({ outputs, raters }))
    .filter((c) => c.outputs > 0)
    .map((c) => `${c.outputs} by ${c.raters} rater${c.raters === 1 ? '' : 's'}`)
    .join(', ');
  return [
    `Plan (overlap ${plan.overlap}, seed ${plan.seed}):`,
    ...plan.tasksPerRater.map((r) => `  ${r.name.padEnd(width)}  ${r.tasks} tasks`),
    `Outputs: ${coverage}.`,
  ].join('\n');
}

export const registerAssign: RegisterCommand = (program) => {
  program
    .command('assign')
    .description(
      "Decide who rates what in the study's samples: each sampled output gets K raters, loads differ by at most one, every rater sees each model and bin in proportion. Seeded and stored; refused once a package was issued unless --replace (while none has come back). --add gives a new rater a share without touching anyone else's tasks.",
    )
    .argument('<study>', 'master study file (.db)')
    .option('--raters <names>', 'comma-separated rater names, e.g. "Dr A,Dr B,Dr C"')
    .option(
      '--overlap <K>',
      'raters per sampled output (default: every rater rates every output)',
      wholeNumber('--overlap', 1),
    )
    .option(
      '--seed <n>',
      `PRNG seed, 0–${MAX_SEED} (default: a random one, printed and stored)`,
      wholeNumber('--seed', 0),
    )
    .option(
      '--replace',
      'plan again over the existing plan (its packages become invalid); refused once a package has come back',
    )
    .option(
      '--add <names>',
      "add raters to the existing plan, each with the mean load, without changing other raters' tasks",
    )
    .action(async (study: string, opts: AssignFlags) => {
      if (Boolean(opts.raters) === Boolean(opts.add))
        throw new StudyError('Give either --raters (a new plan) or --add (raters joining the plan).');
      const plan = await withStudy(study, (db) =>
        opts.add
          ? addRaters(db, parseList(opts.add), systemClock)
          : assignRaters(db, {
              raters: parseList(opts.raters ?? ''),
              overlap: opts.overlap,
              seed: opts.seed ?? randomInt(0, MAX_SEED + 1),
              replace: opts.replace ?? false,
              clock: systemClock,
            }),
      );
      process.stdout.write(`${describePlan(plan)}\n`);
    });
};
