/** Merged judgements as the adjudication tests write them: one rater's answer to one task. */
import type { MergedJudgement } from '../../../shared/adjudication/disagreement';

export const rating = (outputId: number, raterId: number, ratings: Record<string, number>): MergedJudgement => ({
  taskKind: 'rating',
  outputId,
  outputBId: null,
  raterId,
  ratings,
  choices: {},
});

export const preference = (outputId: number, raterId: number, choice: string): MergedJudgement => ({
  taskKind: 'preference',
  outputId,
  outputBId: null,
  raterId,
  ratings: {},
  choices: { preference: choice },
});

export const pairwise = (
  outputId: number,
  outputBId: number,
  raterId: number,
  choices: Record<string, string>,
): MergedJudgement => ({ taskKind: 'pairwise', outputId, outputBId, raterId, ratings: {}, choices });
