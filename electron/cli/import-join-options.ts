/**
 * The options of `blindrate import` that join outputs to items kept in another file: the benchmark
 * presets (`--from clue`, `--from chq-summ`) and the generic `--join ITEMS --on KEY`.
 */
import type { Command } from 'commander';
import { StudyError } from '../../shared/errors';
import { CLUE_DEFAULT_FEW_SHOT, CLUE_DEFAULT_SEED } from '../../shared/import/clue-defaults';
import type { RecordJoiner } from '../../shared/import/join';
import type { JoinSpec } from '../services/benchmark-import';
import type { ByteSource } from '../services/byte-source';
import { wholeNumber } from './study-options';

export interface JoinOptions {
  from?: string;
  dataset?: string;
  fewShot?: number;
  seed?: bigint;
  joinBy?: string;
  contextField?: string;
  /** false with --no-context. */
  context?: boolean;
  source?: string;
  target?: string;
  join?: string;
  on?: string;
}

const BENCHMARKS = ['clue', 'chq-summ'];

function pythonInteger(text: string): bigint {
  if (!/^[+-]?\d+$/.test(text.trim()))
    throw new StudyError(`--seed ${text}: give a whole number, as passed to Python's random.seed.`);
  return BigInt(text.trim());
}

export function addJoinOptions(command: Command): Command {
  return command
    .option(
      '--from <benchmark>',
      `read a benchmark run as its pipeline wrote it: ${BENCHMARKS.join(' or ')} (see docs/benchmark-import.md)`,
    )
    .option(
      '--dataset <file>',
      'with --from clue: the dataset the run used (MeDiSumQA.json: a JSON array or JSON lines)',
    )
    .option(
      '--context-field <field>',
      'with --from clue: the dataset field shown to raters as the context (default: discharge_summary, or without_discharge_summary in the 2024 layout)',
    )
    .option('--no-context', 'with --from clue: import the items without a context (a dataset with no context field)')
    .option(
      '--few-shot <n>',
      `with --from clue: few-shot examples the run took from the shuffled dataset (--num_few_shot_examples; default ${CLUE_DEFAULT_FEW_SHOT})`,
      wholeNumber('--few-shot', 0),
    )
    .option('--seed <s>', `with --from clue: the run's random.seed (default ${CLUE_DEFAULT_SEED})`, pythonInteger)
    .option(
      '--join-by <how>',
      'with --from clue: "position" (replay the shuffle; default) or "reference" (match each line\'s ground truth to the one entry with that Answer)',
    )
    .option('--source <file>', 'with --from chq-summ: the questions, one per line (test.source)')
    .option(
      '--target <file>',
      'with --from chq-summ: the reference summaries (test.target), to check "Actual Text" line by line',
    )
    .option(
      '--join <items-file>',
      'join each output to its item in this file (JSON array, JSON lines, CSV, or plain lines read as {index, text} with index from 0)',
    )
    .option(
      '--on <key>',
      'with --join: "position" (n-th output ↔ n-th item), FIELD (same value in both files) or OUTPUT_FIELD=ITEM_FIELD, e.g. --on "#0=index"',
    );
}

/** Which options belong to which kind of join; names the first one used out of place. */
function checkCombination(opts: JoinOptions, map: Record<string, string> | undefined, model: string | undefined): void {
  const given = (names: Array<keyof JoinOptions>) => names.filter((n) => opts[n] !== undefined);
  const flag = (name: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const refuse = (names: Array<keyof JoinOptions>, why: string) => {
    const [first] = given(names);
    if (first !== undefined) throw new StudyError(`${flag(first)} ${why}.`);
  };
  const clueOnly: Array<keyof JoinOptions> = ['dataset', 'fewShot', 'seed', 'joinBy', 'contextField'];
  if (opts.from !== 'clue' && opts.context === false) throw new StudyError('--no-context goes with --from clue.');
  if (opts.contextField !== undefined && opts.context === false)
    throw new StudyError('--context-field and --no-context contradict each other: give one.');
  const chqOnly: Array<keyof JoinOptions> = ['source', 'target'];
  if (opts.from !== undefined && !BENCHMARKS.includes(opts.from))
    throw new StudyError(`--from ${opts.from}: known benchmarks are ${BENCHMARKS.join(', ')}.`);
  if (opts.from !== 'clue') refuse(clueOnly, 'goes with --from clue');
  if (opts.from !== 'chq-summ') refuse(chqOnly, 'goes with --from chq-summ');
  if (opts.from !== undefined) {
    refuse(['join', 'on'], 'cannot be combined with --from (the benchmark says how to join)');
    if (map !== undefined)
      throw new StudyError("--map cannot be combined with --from: the benchmark's columns are known.");
    if (model === undefined)
      throw new StudyError(`--from ${opts.from} needs --model NAME: the run's file does not say which model wrote it.`);
  }
  if ((opts.join === undefined) !== (opts.on === undefined))
    throw new StudyError('--join and --on go together: --join ITEMS_FILE --on position|FIELD.');
  if (opts.from === 'clue' && opts.dataset === undefined)
    throw new StudyError('--from clue needs --dataset MeDiSumQA.json (the dataset the run used).');
  if (opts.from === 'chq-summ' && opts.source === undefined)
    throw new StudyError('--from chq-summ needs --source test.source (the questions).');
  if (opts.joinBy !== undefined && opts.joinBy !== 'position' && opts.joinBy !== 'reference') {
    throw new StudyError(`--join-by ${opts.joinBy}: give "position" or "reference".`);
  }
  if (opts.joinBy === 'reference')
    refuse(['fewShot', 'seed'], 'has no use with --join-by reference (the order is not replayed)');
}

/** The joiner factory and the column map the options ask for; none when no join was asked for. */
export async function joinFromOptions(
  opts: JoinOptions,
  files: string[],
  map: Record<string, string> | undefined,
  model: string | undefined,
): Promise<{ join?: () => RecordJoiner; map?: Record<string, string> }> {
  checkCombination(opts, map, model);
  // Loaded when a join is asked for, so `import --help` and plain imports start without them.
  const [{ benchmarkJoin }, { pathSource }] = await Promise.all([
    import('../services/benchmark-import'),
    import('../services/byte-source'),
  ]);
  const spec = joinSpecOf(opts, pathSource);
  if (spec === null) return { map };
  const joined = await benchmarkJoin(spec, files.map(pathSource));
  return { join: joined.join, map: joined.map ?? map };
}

function joinSpecOf(opts: JoinOptions, pathSource: (path: string) => ByteSource): JoinSpec | null {
  if (opts.from === 'clue')
    return {
      kind: 'clue',
      dataset: pathSource(opts.dataset!),
      joinBy: opts.joinBy === 'reference' ? 'reference' : 'position',
      seed: opts.seed?.toString(),
      fewShot: opts.fewShot,
      contextField: opts.context === false ? null : opts.contextField,
    };
  if (opts.from === 'chq-summ')
    return {
      kind: 'chq-summ',
      source: pathSource(opts.source!),
      target: opts.target === undefined ? undefined : pathSource(opts.target),
    };
  if (opts.join !== undefined) return { kind: 'items', items: pathSource(opts.join), on: opts.on! };
  return null;
}
