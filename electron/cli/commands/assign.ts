/**
 * `blindrate assign STUDY.db --raters "Dr A,Dr B" [--overlap K] [--seed N] [--replace] [--repeats P]
 * [--reference-controls N] [--calibration N --calibration-file FILE]`, or `--add "Dr D"`.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { StudyError } from '../../../shared/errors';
import type { PlanSummary } from '../../services/plan';
import { systemClock } from '../../services/system-clock';
import { MAX_SEED } from '../../../shared/sampling';
import { addDeviationReasonOption, parseList, wholeNumber, withStudy, type DeviationFlags } from '../study-options';
import type { RegisterCommand } from './index';

interface AssignFlags extends DeviationFlags {
  raters?: string;
  add?: string;
  overlap?: number;
  seed?: number;
  replace?: boolean;
  repeats?: number;
  referenceControls?: number;
  calibration?: number;
  calibrationFile?: string;
}

/** Commander parser for a share between 0 and 1, naming the option in its error. */
function shareOf(option: string): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !(value >= 0 && value <= 1))
      throw new StudyError(`${option} ${text}: give a share between 0 and 1 (e.g. 0.1).`);
    return value;
  };
}

function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StudyError(
      code === 'ENOENT'
        ? `No calibration file at ${path}.`
        : `Cannot read ${path}: ${code ?? (error as Error).message}`,
    );
  }
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
    ...(plan.qcTasks.repeat + plan.qcTasks.reference_control + plan.qcTasks.calibration > 0
      ? [
          `Quality control (repeats ${plan.qc.repeats}, reference controls ${plan.qc.referenceControls}, calibration ${plan.qc.calibration} per rater): ` +
            `${plan.qcTasks.repeat} hidden repeats, ${plan.qcTasks.reference_control} reference controls, ${plan.qcTasks.calibration} calibration tasks in all.`,
        ]
      : []),
    ...plan.warnings.map((warning) => `Warning: ${warning}`),
  ].join('\n');
}

export const registerAssign: RegisterCommand = (program) => {
  const command = program
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
      '--repeats <P>',
      "quality control: share of each rater's rating tasks shown a second time, far apart and unmarked (e.g. 0.1; default 0)",
      shareOf('--repeats'),
    )
    .option(
      '--reference-controls <N>',
      'quality control: reference answers per rater, rated as if they were model answers (default 0)',
      wholeNumber('--reference-controls', 0),
    )
    .option(
      '--calibration <N>',
      "quality control: calibration tasks at the start of each rater's queue, from --calibration-file (default 0)",
      wholeNumber('--calibration', 0),
    )
    .option(
      '--calibration-file <file>',
      'CSV (item_id, model, rationale, one column per dimension) or JSON/JSONL of the expected ratings; outputs must be in a rating sample',
    )
    .option(
      '--add <names>',
      "add raters to the existing plan, each with the mean load, without changing other raters' tasks",
    );
  addDeviationReasonOption(command).action(async (study: string, opts: AssignFlags) => {
    if (Boolean(opts.raters) === Boolean(opts.add))
      throw new StudyError('Give either --raters (a new plan) or --add (raters joining the plan).');
    const qc = {
      repeats: opts.repeats ?? 0,
      referenceControls: opts.referenceControls ?? 0,
      calibration: opts.calibration ?? 0,
    };
    if (opts.add && (qc.repeats > 0 || qc.referenceControls > 0 || qc.calibration > 0 || opts.calibrationFile)) {
      throw new StudyError(
        "--add uses the plan's quality-control design; give --repeats, --reference-controls and --calibration with --raters.",
      );
    }
    const calibrationFile =
      opts.calibrationFile === undefined
        ? undefined
        : { name: basename(opts.calibrationFile), text: readTextFile(opts.calibrationFile) };
    const { addRaters, assignRaters } = await import('../../services/plan');
    const plan = await withStudy(study, (db) =>
      opts.add
        ? addRaters(db, parseList(opts.add), systemClock, opts.deviationReason)
        : assignRaters(db, {
            raters: parseList(opts.raters ?? ''),
            overlap: opts.overlap,
            seed: opts.seed ?? randomInt(0, MAX_SEED + 1),
            replace: opts.replace ?? false,
            qc,
            calibrationFile,
            deviationReason: opts.deviationReason,
            clock: systemClock,
          }),
    );
    process.stdout.write(`${describePlan(plan)}\n`);
  });
};
