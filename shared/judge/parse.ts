/**
 * An LLM judge's ratings file (docs/formats.md, "Judge ratings"): a tidy CSV with one row per output and
 * rubric dimension, checked against the study's rubric and outputs. Every problem is collected, each
 * naming its row as a spreadsheet shows it and its column, so one run lists everything to fix.
 */
import type { CsvRecord } from '../csv';
import type { FileProblems } from '../import/problems';
import type { KnownDimension } from '../analysis/dimensions';

export const JUDGE_COLUMNS = ['item_id', 'model', 'dimension', 'value'] as const;

export interface JudgeRating {
  outputId: number;
  dimension: string;
  value: number;
}

/**
 * The file's ratings, or none when `problems` received any. `outputIds` maps JSON [item_id, model] to
 * the study's output id. Columns other than JUDGE_COLUMNS are ignored (a tidy export's shape is fine).
 */
export function parseJudgeRatings(
  records: ReadonlyArray<CsvRecord>,
  rubric: ReadonlyArray<KnownDimension>,
  outputIds: ReadonlyMap<string, number>,
  problems: FileProblems,
): JudgeRating[] {
  const header = records[0]?.cells.map((cell) => cell.trim());
  if (header === undefined) {
    problems.add(null, null, 'the file is empty: expected a header row and ratings.');
    return [];
  }
  const missing = JUDGE_COLUMNS.filter((column) => !header.includes(column));
  for (const column of missing) problems.add('header', column, `the column "${column}" is missing.`);
  if (missing.length > 0) return [];
  if (records.length === 1) problems.add(null, null, 'the file has a header but no ratings.');

  const at = Object.fromEntries(JUDGE_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof JUDGE_COLUMNS)[number],
    number
  >;
  const scales = new Map(rubric.map((d) => [d.key, d.scale]));
  const firstRowOf = new Map<string, number>();
  const ratings: JudgeRating[] = [];
  for (const record of records.slice(1)) {
    const row = `row ${record.line}`;
    const cell = (column: (typeof JUDGE_COLUMNS)[number]) => (record.cells[at[column]] ?? '').trim();
    const [itemId, model, dimension, text] = [cell('item_id'), cell('model'), cell('dimension'), cell('value')];
    const outputId = outputIds.get(JSON.stringify([itemId, model]));
    let ok = true;
    if (itemId === '') ok = problem(problems, row, 'item_id', 'the item_id is empty.');
    if (model === '') ok = problem(problems, row, 'model', 'the model is empty.');
    if (ok && outputId === undefined)
      ok = problem(problems, row, 'item_id', `the study has no output of item "${itemId}" by model "${model}".`);
    const scale = scales.get(dimension);
    if (scale === undefined)
      ok = problem(
        problems,
        row,
        'dimension',
        dimension === ''
          ? 'the dimension is empty.'
          : `"${dimension}" is not a dimension of the study's rubric (${[...scales.keys()].join(', ')}).`,
      );
    const value = Number(text);
    if (text === '' || !/^-?\d+$/.test(text)) {
      ok = problem(problems, row, 'value', text === '' ? 'the value is empty.' : `"${text}" is not a whole number.`);
    } else if (scale !== undefined && !scale.includes(value)) {
      ok = problem(problems, row, 'value', `${value} is not on the scale of "${dimension}" (${scale.join(', ')}).`);
    }
    if (!ok) continue;
    const key = JSON.stringify([itemId, model, dimension]);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problem(
        problems,
        row,
        'dimension',
        `"${dimension}" of item "${itemId}", model "${model}" is rated on row ${first} already.`,
      );
      continue;
    }
    firstRowOf.set(key, record.line);
    ratings.push({ outputId: outputId!, dimension, value });
  }
  return ratings;
}

function problem(problems: FileProblems, row: string, column: string, message: string): false {
  problems.add(row, column, `${column}: ${message}`);
  return false;
}
