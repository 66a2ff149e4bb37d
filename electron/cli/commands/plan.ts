/**
 * `blindrate plan STUDY.db [--per-bin 10,20,40] [--raters 2,3] [--overlap 2,3] [--target "spearman width 0.2"]`:
 * how big the study must be, from simulated studies over a grid of designs.
 */
import { StudyError } from '../../../shared/errors';
import { parseList, wholeNumber, withStudy } from '../study-options';
import type { RegisterCommand } from './index';

interface PlanFlags {
  perBin: string;
  raters: string;
  overlap: string;
  bins?: number;
  metrics?: string;
  models?: string;
  studies: number;
  seed: number;
  target?: string;
  assumeRho: number;
  assumeIcc: number;
  secondsPerTask: number;
  assumeBtGap: number;
  json?: string;
}

/** "10,20,40" → [10, 20, 40], each a whole number ≥ min. */
function wholeNumbers(option: string, min: number): (text: string) => string {
  return (text) => {
    for (const part of parseList(text)) wholeNumber(option, min)(part);
    if (parseList(text).length === 0) throw new StudyError(`${option} ${text}: give whole numbers, e.g. 10,20,40.`);
    return text;
  };
}

function numberIn(option: string, low: number, high: number): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !(value > low && value < high))
      throw new StudyError(`${option} ${text}: give a number between ${low} and ${high}.`);
    return value;
  };
}

export const registerPlan: RegisterCommand = (program) => {
  program
    .command('plan')
    .description(
      "How big must the study be? Simulates studies over a grid of outputs per bin × raters × raters per output, from the study's scores and its pilot ratings (value shares, ICC, metric–human ρ, seconds per task; assumed where there are none), and prints each design's expected 95% interval widths of metric–human Spearman ρ (per model and pooled), ordinal α, preference shares per bin and, with a pairwise sample, the Bradley–Terry log-strength gap of the two models closest in strength, with the physician-hours it costs.",
    )
    .argument('<study>', 'study file (.db)')
    .option('--per-bin <list>', 'outputs per model and bin to try', wholeNumbers('--per-bin', 2), '10,20,30,40,60,80')
    .option('--raters <list>', 'numbers of raters to try', wholeNumbers('--raters', 2), '2,3,4')
    .option('--overlap <list>', 'raters per output to try (2 up to the raters)', wholeNumbers('--overlap', 2), '2,3')
    .option('--bins <k>', "bins per model (default: the rating sample's, else 5)", wholeNumber('--bins', 1))
    .option('--metrics <a,b>', "metrics averaged into the metric (default: the rating sample's, else all)")
    .option('--models <a,b>', "models (default: the rating sample's, else all)")
    .option('--studies <n>', 'simulated studies per design', wholeNumber('--studies', 10), 200)
    .option('--seed <n>', 'PRNG seed (the same seed gives the same plan)', wholeNumber('--seed', 0), 1)
    .option(
      '--target <spec>',
      'pick the cheapest design reaching e.g. "spearman width 0.2" (or spearman-pooled, alpha, preference, bt-gap) in ≥ 80% of simulated studies',
    )
    .option(
      '--assume-rho <r>',
      'metric–human Spearman ρ where the pilot has too few outputs',
      numberIn('--assume-rho', -1, 1),
      0.5,
    )
    .option(
      '--assume-icc <icc>',
      'ICC of single ratings where the pilot has too few',
      numberIn('--assume-icc', 0, 1),
      0.5,
    )
    .option(
      '--seconds-per-task <s>',
      'seconds per rating task where the pilot has no timed tasks (a preference choice: half)',
      numberIn('--seconds-per-task', 0, Infinity),
      60,
    )
    .option(
      '--assume-bt-gap <g>',
      'Bradley–Terry log-strength gap between models next in strength where the pilot has too few pairwise judgements',
      numberIn('--assume-bt-gap', 0, Infinity),
      0.2,
    )
    .option('--json <file>', 'also write the whole plan (every figure of every design) as JSON')
    .action(async (study: string, opts: PlanFlags) => {
      const [{ readPlanAssumptions, runPlan }, { parsePlanTarget, PlanTargetError }, { describePlan }] =
        await Promise.all([
          import('../../services/design-plan'),
          import('../../../shared/design/plan'),
          import('../plan-text'),
        ]);
      let target;
      try {
        target = opts.target === undefined ? undefined : parsePlanTarget(opts.target);
      } catch (error) {
        if (error instanceof PlanTargetError) throw new StudyError(`--target: ${error.message}`);
        throw error;
      }
      const found = await withStudy(study, (db) =>
        readPlanAssumptions(db, {
          bins: opts.bins,
          metrics: opts.metrics === undefined ? undefined : parseList(opts.metrics),
          models: opts.models === undefined ? undefined : parseList(opts.models),
          assumed: {
            metricRho: opts.assumeRho,
            icc: opts.assumeIcc,
            secondsPerRating: opts.secondsPerTask,
            secondsPerPreference: opts.secondsPerTask / 2,
            btGap: opts.assumeBtGap,
          },
        }),
      );
      const cancel = new AbortController();
      const onInterrupt = () => cancel.abort();
      process.once('SIGINT', onInterrupt);
      const progress = terminalProgress();
      try {
        const outcome = await runPlan(found, {
          grid: {
            perBin: parseList(opts.perBin).map(Number),
            raters: parseList(opts.raters).map(Number),
            overlap: parseList(opts.overlap).map(Number),
          },
          studiesPerDesign: opts.studies,
          seed: opts.seed,
          target,
          onProgress: progress.update,
          signal: cancel.signal,
        }).finally(progress.done);
        if (opts.json) {
          const { writeFileAtomically } = await import('../../services/atomic-file');
          writeFileAtomically(opts.json, `${JSON.stringify({ assumptions: found, ...outcome }, null, 2)}\n`);
        }
        process.stdout.write(describePlan(found, outcome, target));
      } finally {
        process.off('SIGINT', onInterrupt);
      }
    });
};

/** "Simulated 400 of 2000 studies (20%)" on one rewritten stderr line, at most ten times a second; silent when not a terminal. */
function terminalProgress(): { update: (done: number, total: number) => void; done: () => void } {
  if (!process.stderr.isTTY) return { update: () => {}, done: () => {} };
  let lastAt = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = performance.now();
      if (now - lastAt < 100 && done < total) return;
      lastAt = now;
      shown = true;
      process.stderr.write(
        `\rSimulated ${done} of ${total} studies (${Math.floor((100 * done) / total)}%), Ctrl-C to stop\x1b[K`,
      );
    },
    done() {
      if (shown) process.stderr.write('\n');
    },
  };
}
