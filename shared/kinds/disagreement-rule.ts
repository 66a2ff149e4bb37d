/**
 * How a kind says two of its values compare, and so when raters disagree (shared/adjudication/disagreement.ts
 * applies it) and how a rater's repeat or calibration rating is set against its counterpart (shared/analysis/qc.ts,
 * through shared/kinds/value-comparison.ts). A dimension kind with ordered points measures the distance in
 * scale steps and disputes it from a threshold; an unordered kind knows only same or different, and disputes
 * any difference. A task kind says what of its answers is judged: each rubric dimension (by that dimension's
 * kind), or one choice whose outcomes must all agree (a preference split).
 */
export type ValueComparison =
  | {
      by: 'scale steps';
      /** Raters this many steps apart or more disagree, unless the study sets another threshold. */
      defaultThreshold: number;
    }
  | { by: 'any difference' };

export type TaskDisagreement =
  | { judged: 'rubric dimensions' }
  | {
      judged: 'choice';
      /** The dimension name the choice is exported and analysed under (`preference`). */
      dimension: string;
    };
