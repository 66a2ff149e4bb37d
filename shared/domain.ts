/** Core domain types shared by every layer. Plain data only. */

/** The file name ending of a rater package. */
export const PACKAGE_EXTENSION = '.blindrate';

/** One model output as it arrives from an import file, after validation and mapping. */
export interface OutputRecord {
  itemId: string;
  model: string;
  output: string;
  question: string;
  context: string;
  reference: string;
  category: string;
  /** The item's id in the dataset it came from (e.g. MeDiSumQA's note_id); '' when none. */
  sourceId: string;
  /** Automatic metrics by name (e.g. rouge1, bertscore); numbers only. */
  scores: Record<string, number>;
}

/** The kinds of task a sample holds: one registry, shared/kinds/task-kinds.ts. */
import type { TaskKind } from './kinds/task-kinds';
export { TASK_KINDS, type TaskKind } from './kinds/task-kinds';

/** What a preference choice means once the blinded position is resolved. */
export type PreferenceOutcome = 'model' | 'reference' | 'tie';
export type PreferenceKey = 'A' | 'B' | 'T';
/** Which answer was shown in position A. */
export type PresentedA = 'model' | 'reference';
/** A pairwise task: which of its two outputs (the sample's first model's, or the second's) was shown at A. */
export type PairPresentedA = 'first' | 'second';
/** What a task with two answers showed at A: a preference's or a pairwise task's (TaskKindSpec.sides). */
export type ShownAtA = PresentedA | PairPresentedA;
/** A pairwise choice once its blinded position is resolved: the pair's first output, its second, or a tie. */
export type PairOutcome = PairPresentedA | 'tie';

export interface SampleParameters {
  task: TaskKind;
  bins: number;
  perBin: number;
  /** Metrics averaged into the binning score; empty = every metric present. */
  metrics: string[];
  seed: number;
  /** When false, a sample may reuse outputs (pairwise: items) of the other kinds' samples. */
  disjoint: boolean;
  /** Pairwise samples only: pairs of models per item, every pair equally often (±1); absent = every pair. */
  pairsPerItem?: number;
}
