/**
 * The cells of one pairwise row of a tidy ratings file (task = pairwise) judged into a judgement: the
 * models shown at A and B, the preferred one (or a tie), and the "both unacceptable" mark.
 */
import { readProvenanceCells } from './provenance-cells';
import { PAIRWISE_TIE, type PairwiseJudgementRow } from './pairwise';

export const PAIRWISE_TASK = 'pairwise';

/**
 * The judgement, or every problem of the row (the caller prefixes its line). The `model` cell is not
 * read: a pairwise row is about two models, named by `model_a` and `model_b`.
 */
export function readPairwiseRow(
  cell: (column: string) => string,
  bin: number | null,
): PairwiseJudgementRow | { problems: string[] } {
  const problems: string[] = [];
  const text = (column: string): string => {
    const value = cell(column).trim();
    if (value === '') problems.push(`"${column}" is empty`);
    return value;
  };
  const rater = text('rater');
  const itemId = text('item_id');
  const dimension = text('dimension');
  const modelA = text('model_a');
  const modelB = text('model_b');
  const value = text('value');
  if (modelA !== '' && modelA === modelB) problems.push(`"model_a" and "model_b" are both "${modelA}"`);
  if (value !== '' && modelA !== '' && modelB !== '' && ![modelA, modelB, PAIRWISE_TIE].includes(value)) {
    problems.push(`a pairwise "value" must be "${modelA}", "${modelB}" or ${PAIRWISE_TIE}, got "${value}"`);
  }
  const mark = cell('both_unacceptable').trim();
  if (mark !== '' && mark !== '0' && mark !== '1')
    problems.push(`"both_unacceptable" must be 0, 1 or empty, got "${mark}"`);
  const qc = cell('qc').trim();
  if (qc !== '') problems.push(`"qc" must be empty on pairwise rows, got "${qc}"`);
  const position = cell('presented_position').trim();
  if (position !== '') problems.push(`"presented_position" must be empty on pairwise rows, got "${position}"`);
  const { provenance, adjudicatedValue } = readProvenanceCells(cell, problems);
  if (adjudicatedValue !== null && ![modelA, modelB, PAIRWISE_TIE].includes(adjudicatedValue))
    problems.push(
      `a pairwise "adjudicated_value" must be "${modelA}", "${modelB}" or ${PAIRWISE_TIE}, got "${adjudicatedValue}"`,
    );
  if (problems.length > 0) return { problems };
  return {
    rater,
    itemId,
    bin,
    dimension,
    modelA,
    modelB,
    value,
    bothUnacceptable: mark === '1',
    ...(provenance !== undefined && { provenance }),
    ...(adjudicatedValue !== null && { adjudicatedValue }),
  };
}

/** What makes a pairwise judgement unique: one rater, item, dimension and pair of models, in either order. */
export function pairwiseJudgementKey(row: PairwiseJudgementRow): string {
  const pair = [row.modelA, row.modelB].sort();
  return JSON.stringify([row.rater, row.itemId, row.dimension, ...pair]);
}
