/**
 * The CLI's one translation point: services and shared/ raise messages in the domain's words ("N per
 * bin must be a whole number of at least 1"), which the app shows under its fields; here the command line
 * puts its flags in ("--per-bin must be a positive whole number"). Each rule turns one domain phrase into
 * the words of the flag that sets it; main.ts applies them to every message before it is printed.
 */
type Rule = readonly [RegExp, string];

const RULES: readonly Rule[] = [
  // sample
  [/^The task kind must be/, '--task must be'],
  [/^Bins must be a whole number of at least 1/, '--bins must be a positive whole number'],
  [/^N per bin must be a whole number of at least 1/, '--per-bin must be a positive whole number'],
  [/^The seed must be a whole number from/, '--seed must be a whole number from'],
  [/; draw it again as a replacement\.$/, '; add --replace to draw it again.'],
  // assign
  [/\bThe overlap \((.+?)\) must be a whole number from 1/, '--overlap $1: give a whole number from 1'],
  [/\badd raters to the plan\b/, 'add raters with --add'],
  [/\bplan again as a replacement\b/, 'plan again with --replace'],
  [/has no plan yet: assign raters first\./, 'has no plan yet: run assign with --raters first.'],
  [/^Repeats must be a share/, '--repeats must be a share'],
  [/^Reference controls must be/, '--reference-controls must be'],
  [/^Calibration tasks must be/, '--calibration must be'],
  [/\b(\d+) reference controls need /, '--reference-controls $1 needs '],
  [/\b(\d+) calibration tasks need (\d+) entries/, '--calibration $1 needs $2 entries'],
  [
    /^(\d+) calibration tasks need a calibration file with the expected ratings\./,
    '--calibration $1 needs --calibration-file with the expected ratings.',
  ],
  [
    /^A calibration file is given without a number of calibration tasks/,
    '--calibration-file is given without --calibration N',
  ],
  [/\bRepeats of ([\d.]+) give /, '--repeats $1 gives '],
  [/; give a lower share of repeats(?=\.?$)/, '; lower --repeats'],
  // import
  [/^The model name is empty\.$/, '--model needs a name.'],
  [/ \(give the model name for a file of one model\)/, ' (use --model NAME for a file of one model)'],
  [/ \(map the field to a column\)/, ' (use --map field=column)'],
  [/\bA column mapping needs field=column/, '--map needs field=column'],
  [/\bColumn mapping: unknown field/, '--map: unknown field'],
  [
    /; rename it, map it to a field, or import without the fields BlindRate does not know/,
    '; rename it, map it with --map, or import without it using --ignore-unknown',
  ],
  [/ but the model name given for the file is "/, ' but --model says "'],
  [/\bThe join key needs /, '--on needs '],
  // benchmark runs
  [/\b(-?[\d.e+]+) few-shot examples: /, '--few-shot $1: '],
  [
    /every line fits with (\d+) few-shot examples \(the run's num_few_shot_examples\)/,
    "every line fits with --few-shot $1 (the run's --num_few_shot_examples)",
  ],
  [/check the run's seed and that/, 'check --seed and that'],
  [/another number of few-shot examples or another dataset version/, 'another --few-shot or another dataset version'],
  [/\bJoining by reference needs unique answers/, '--join-by reference needs unique answers'],
  // the sealed protocol
  [
    /: give the reason for the deviation to record it, or leave the protocol as sealed\.$/,
    ': add --deviation-reason "…" to record it as a deviation, or leave the protocol as sealed.',
  ],
  [/^The fast-answer threshold must be/, '--fast-ms must be'],
  [/^The straight-run threshold must be/, '--straight-run must be'],
  // analysis, backups
  [/^Bootstrap resamples must be/, '--bootstrap must be'],
  [/^The bootstrap seed must be/, '--seed must be'],
  [
    / exists; restoring over it must be asked for \(replace it with the backup\)\.$/,
    ' exists; add --force to replace it with the backup.',
  ],
];

/** A domain message in the command line's words: every rule applied, in order, to each line. */
export function inCliWords(message: string): string {
  return message
    .split('\n')
    .map((line) => RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line))
    .join('\n');
}
