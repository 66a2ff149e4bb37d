/** The data dictionary of the tidy and wide ratings exports: every column, its type and meaning. */
import { SCORE_COLUMN_PREFIX } from './tidy';

export interface DictionaryEntry {
  column: string;
  /** Which export has the column. */
  table: 'tidy' | 'wide' | 'both';
  type: string;
  description: string;
}

export const DATA_DICTIONARY: readonly DictionaryEntry[] = [
  { column: 'rater', table: 'both', type: 'text', description: 'Rater name as entered in the study (required).' },
  {
    column: 'item_id',
    table: 'both',
    type: 'text',
    description: 'Identifier of the question/item, as imported (required).',
  },
  {
    column: 'model',
    table: 'both',
    type: 'text',
    description:
      'Name of the model that produced the output; (item_id, model) identifies the output, the unit of analysis (required). "reference" on a reference control\'s rows (qc = reference_control): the item\'s reference answer was rated.',
  },
  {
    column: 'task',
    table: 'both',
    type: 'rating | preference | pairwise',
    description: 'Which kind of task the row comes from. Optional on input: inferred from dimension.',
  },
  {
    column: 'qc',
    table: 'both',
    type: 'repeat | reference_control | calibration | empty',
    description:
      'Quality-control role of the task (see docs/quality-control.md); empty for the study\'s own tasks. repeat = a hidden second showing of a task the rater already rated (its first showing is the row with the same rater, item_id, model and an empty qc); reference_control = the item\'s reference answer rated as if it were a model answer (model is "reference"); calibration = a task from the calibration file at the start of the queue. Every analysis leaves rows with a qc role out of the model results (means, agreement, correlations, preference) and reports them in its quality-control section. Optional on input: empty when absent.',
  },
  {
    column: 'dimension',
    table: 'tidy',
    type: 'text',
    description:
      'Rubric dimension key (e.g. factuality, safety), or "preference" for a model-vs-reference choice (required). Pairwise rows: "pairwise" for the overall choice, or the key of a rubric dimension the study asks a pairwise choice on (its pairwise aspects), one row per aspect after the overall one.',
  },
  {
    column: 'value',
    table: 'tidy',
    type: 'integer | model | reference | tie',
    description:
      'Likert dimensions: the integer scale point (1–5 in the presets). Binary dimensions: 0 or 1 (safety: 0 = unsafe, 1 = safe). Preference: which answer the rater preferred, resolved from the blinded position (required).',
  },
  {
    column: 'dimension_kind',
    table: 'tidy',
    type: 'likert | binary | ordinal | nominal | preference | empty',
    description:
      "How the study's rubric defines the row's dimension: likert (ordered scale, analysed as ordinal), binary (two nominal categories), ordinal (any number of ordered, labelled points, analysed as ordinal) or nominal (three or more unordered categories, analysed as nominal and summarised as counts per category, never as a mean); preference on preference rows. Written by BlindRate on every row; optional on input, but when given (with scale) the analysis uses it instead of inferring the kind from the values that occur.",
  },
  {
    column: 'scale',
    table: 'tidy',
    type: 'integers separated by |',
    description:
      "Every point of the dimension's scale in the rubric, e.g. 1|2|3|4|5 (safety: 0|1); empty on preference rows. Scale-dependent statistics (Gwet's AC2 weights, κ categories) use it, so analysing an export gives the study's numbers even when some points were never chosen. Optional on input; a value off the declared scale is refused with its line.",
  },
  {
    column: 'dimension_role',
    table: 'tidy',
    type: 'rated | confidence | empty',
    description:
      "rated: a rating of the answer. confidence: the rater's confidence in their own ratings of the task (a rubric dimension with that role); the analysis reports it per rater and leaves it out of every other result. Empty on preference rows. Optional on input (empty reads as rated).",
  },
  {
    column: 'flagged',
    table: 'both',
    type: '0 | 1',
    description:
      'Whether the rater flagged the task for the coordinator (F on the rating screen): 1 = flagged. The same on every row of one task. Optional on input: 0 when absent.',
  },
  {
    column: 'comment',
    table: 'both',
    type: 'text',
    description:
      "The rater's comment on the task (C on the rating screen), empty when none; repeated on every row of the task. It may say anything the rater wrote, so read it before sharing the file. Not used by the analysis. Optional on input.",
  },
  {
    column: 'provenance',
    table: 'tidy',
    type: 'unanimous | adjudicated | unresolved | empty',
    description:
      "Where the final value of the row's output and dimension comes from, the same on every rater's row of it. unanimous = two or more raters answered and their values do not dispute under the thresholds used (the latest adjudication round's, each kind's default when there was no round; docs/adjudication.md); adjudicated = a merged adjudication package set a final value (adjudicated_value); unresolved = the values dispute under those thresholds and no final value was merged (yet). On a pairwise row, the same of its pair of models' outputs on the item and its dimension (the overall choice or an aspect). Empty on quality-control rows and on outputs (pairs) fewer than two raters answered (nothing was compared). Optional on input.",
  },
  {
    column: 'adjudicated_value',
    table: 'tidy',
    type: 'integer | model | reference | tie | model name | empty',
    description:
      "The adjudicator's final value of the row's output and dimension (a scale point, or a preference outcome; on a pairwise row the preferred model's name, one of model_a and model_b, or tie, as value is), beside the rater's own value; given exactly when provenance is adjudicated. Optional on input.",
  },
  {
    column: '<dimension>',
    table: 'wide',
    type: 'integer',
    description: 'One column per rating dimension holding the value of that dimension (empty on preference rows).',
  },
  {
    column: 'preference',
    table: 'wide',
    type: 'model | reference | tie',
    description: 'The preference choice (empty on rating rows).',
  },
  {
    column: 'provenance_<dimension>',
    table: 'wide',
    type: 'unanimous | adjudicated | unresolved | empty',
    description:
      "One column per dimension column (preference included), after comment: the provenance of the row's output on that dimension, as the tidy export's provenance column states it on that dimension's row (unanimous, adjudicated, unresolved; empty on quality-control rows, on outputs fewer than two raters answered, and where the row has no value of that dimension).",
  },
  {
    column: 'adjudicated_<dimension>',
    table: 'wide',
    type: 'integer | model | reference | tie | empty',
    description:
      "Beside provenance_<dimension>: the adjudicator's final value of the row's output on that dimension (the tidy export's adjudicated_value), given exactly when provenance_<dimension> is adjudicated.",
  },
  {
    column: 'bin',
    table: 'both',
    type: 'integer ≥ 1',
    description:
      'Bin of the output within its model in the sample the task came from (1 = lowest average metric score). Empty when unknown and on reference controls.',
  },
  {
    column: 'presented_position',
    table: 'both',
    type: 'A | B',
    description:
      "Preference rows only: the position where the MODEL's answer was shown (A = first/left). The reference was in the other position. Empty on rating rows.",
  },
  {
    column: 'duration_ms',
    table: 'both',
    type: 'integer ≥ 0',
    description:
      'Time the task was on screen before the last save, in milliseconds, excluding time paused (P) or idle. The same for every dimension of one rated output.',
  },
  {
    column: 'rated_at',
    table: 'both',
    type: 'ISO 8601 text',
    description: 'Time the rating was first submitted (UTC).',
  },
  {
    column: 'package_id',
    table: 'both',
    type: 'text (UUID)',
    description:
      "The rater package the answer was merged from (as printed by `pack` and listed in the audit log's package.issue and package.merge entries). Empty when unknown.",
  },
  {
    column: `${SCORE_COLUMN_PREFIX}<metric>`,
    table: 'both',
    type: 'number',
    description:
      "The output's automatic metric (e.g. score_rougeL), repeated on every row of the output; empty when the output has no such score.",
  },
  {
    column: 'model_a',
    table: 'tidy',
    type: 'text',
    description:
      'Pairwise rows only (task = pairwise): the model whose answer was shown at A. Its value names the preferred model, or is "tie". Empty on other rows.',
  },
  {
    column: 'model_b',
    table: 'tidy',
    type: 'text',
    description: 'Pairwise rows only: the model whose answer was shown at B. Empty on other rows.',
  },
  {
    column: 'both_unacceptable',
    table: 'tidy',
    type: '0 | 1',
    description:
      "Pairwise rows only: 1 when the rater marked both answers unacceptable (X), stored beside the choice; the mark is the judgement's, so its aspect rows repeat it. Empty on other rows; optional on input (0 when empty).",
  },
];

/** The dictionary as a Markdown table, for docs/data-dictionary.md and `export --what dictionary`. */
export function dataDictionaryMarkdown(): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Ratings data dictionary',
    '',
    'Tidy export (`--what ratings`): one row per rater × output × dimension. Wide export (`--what ratings-wide`): one row per rater × output × task. CSV, UTF-8, RFC 4180 quoting; cells hold plain values only (no JSON).',
    '',
    "Text cells that start with `=`, `+`, `-`, `@`, a tab or a carriage return (after any single quotes) get one leading `'` in CSV exports, so a spreadsheet shows them as text instead of running them as a formula (OWASP's defence against CSV injection); numbers are never changed, so negative scores stay numbers. `blindrate analyze` and `blindrate import` remove that one quote again, so a CSV read back gives the original text. JSON Lines exports are not changed.",
    '',
    '| Column | Table | Type | Meaning |',
    '| --- | --- | --- | --- |',
    ...DATA_DICTIONARY.map((e) => `| \`${e.column}\` | ${e.table} | ${escape(e.type)} | ${escape(e.description)} |`),
  ];
  return `${lines.join('\n')}\n`;
}
