/** --fast-ms and --straight-run: the per-rater quality-control thresholds of `analyze` and `report`. */
import type { Command } from 'commander';
import type { QcAnalysisOptions } from '../../shared/analysis';
import { DEFAULT_FAST_MS, DEFAULT_STRAIGHT_RUN } from '../../shared/analysis/defaults';
import { wholeNumber } from './study-options';

export interface QcFlags {
  fastMs: number;
  straightRun: number;
}

export function addQcThresholdOptions(command: Command): Command {
  return command
    .option(
      '--fast-ms <ms>',
      'quality control: a task rated in less than this many milliseconds counts as a fast answer',
      wholeNumber('--fast-ms', 0),
      DEFAULT_FAST_MS,
    )
    .option(
      '--straight-run <n>',
      'quality control: flag a rater after this many rating tasks in a row with one value on every Likert dimension',
      wholeNumber('--straight-run', 2),
      DEFAULT_STRAIGHT_RUN,
    );
}

export function qcThresholds(flags: QcFlags): QcAnalysisOptions {
  return { fastMs: flags.fastMs, straightRun: flags.straightRun };
}
