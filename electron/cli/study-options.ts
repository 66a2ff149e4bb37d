/** Helpers shared by the CLI commands: unlocking a study for one command, and option parsers and groups. */
import { Option, type Command } from 'commander';
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED } from '../../shared/analysis/defaults';
import type { StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';
import { readPassphrase } from './passphrase';
import { DEFAULT_RENDERER_DIR } from './paths';

/** Opens the study with the passphrase from the environment or prompt, runs `use`, always closes. */
export async function withStudy<T>(path: string, use: (db: StudyDb, passphrase: string) => Promise<T> | T): Promise<T> {
  const passphrase = await readPassphrase();
  const { openStudy } = await import('../services/study');
  const db = openStudy(path, passphrase);
  try {
    return await use(db, passphrase);
  } finally {
    db.close();
  }
}

/** "a, b,c" → ["a", "b", "c"]. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Commander option parser for whole numbers ≥ `min`, naming the option in its error. */
export function wholeNumber(option: string, min: number): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min)
      throw new StudyError(`${option} ${text}: give a whole number ≥ ${min}.`);
    return value;
  };
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new StudyError(`--port ${text}: give a number from 0 to 65535 (0 picks a free port).`);
  return port;
}

export interface BootstrapFlags {
  bootstrap: number;
  seed: number;
}

/** --bootstrap and --seed, shared by `analyze` and `report`. */
export function addBootstrapOptions(command: Command): Command {
  return command
    .option(
      '--bootstrap <B>',
      'bootstrap resamples over outputs for the 95% intervals of α, κ and Spearman (0 = none)',
      wholeNumber('--bootstrap', 0),
      DEFAULT_BOOTSTRAP_RESAMPLES,
    )
    .option(
      '--seed <N>',
      'seed of the bootstrap resampling (same seed, same intervals)',
      wholeNumber('--seed', 0),
      DEFAULT_BOOTSTRAP_SEED,
    );
}

/** `--renderer DIR`, whose default is shown in words: the absolute path differs per checkout (and docs/cli.md must not). */
export function rendererOption(description: string): Option {
  return new Option('--renderer <dir>', description).default(
    DEFAULT_RENDERER_DIR,
    'dist/renderer/ in the BlindRate folder',
  );
}

export interface DeviationFlags {
  deviationReason?: string;
}

/** `--deviation-reason TEXT`, on every command that can change a sealed protocol. */
export function addDeviationReasonOption(command: Command): Command {
  return command.option(
    '--deviation-reason <text>',
    'why this changes the sealed protocol: recorded as a deviation (without it such a change is refused)',
  );
}

/** The analysis options given on the command line (not their defaults), for the protocol's analysis to lay them over. */
export function explicitAnalysisFlags(
  command: Command,
  flags: BootstrapFlags & { fastMs: number; straightRun: number },
): Partial<BootstrapFlags & { fastMs: number; straightRun: number }> {
  const given = (name: keyof typeof flags) => command.getOptionValueSource(name) === 'cli';
  return Object.fromEntries(
    (['bootstrap', 'seed', 'fastMs', 'straightRun'] as const).filter(given).map((name) => [name, flags[name]]),
  );
}
