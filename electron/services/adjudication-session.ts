/**
 * What a session does differently inside an adjudication package (docs/adjudication.md): a task asks only
 * for its disputed dimensions, shows the raters' values as the package holds them, and keeps the
 * adjudicator's reason tag and guideline-gap flag beside each final value. Conditions of the rubric do not
 * apply: the adjudicator settles the disputed dimensions, not a whole new rating.
 */
import type { AdjudicationDisputeView, AdjudicationMark, SavePairwiseRequest } from '../../shared/api';
import type { PreferenceKey } from '../../shared/domain';
import { OVERALL_PAIRWISE_DIMENSION } from '../../shared/kinds/pairwise';
import { choiceProblem } from '../../shared/package-contents';
import { ADJUDICATION_REASON_SLUGS } from '../../shared/adjudication/reasons';
import { StudyError } from '../../shared/errors';
import type { Rubric } from '../../shared/rubric';
import { readPackageDisputes, readPackageMarks, writePackageMark } from '../../db/adjudication-package';
import type { StudyDb } from '../../db/connection';
import { readPackageMeta } from '../../db/package-file';
import { ADJUDICATION_PACKAGE_KIND } from './adjudication-kind';

export interface AdjudicationSession {
  /** The task's disputed dimensions with the raters' values and the saved marks, in the package's order. */
  view(taskId: string): AdjudicationDisputeView[];
  /** The final rating values, checked: exactly the disputed dimensions, each on its scale. */
  checkedValues(taskId: string, values: Record<string, number>): Record<string, number>;
  /**
   * A pairwise task's final choices, checked: the overall choice exactly when it is disputed, exactly the
   * disputed aspects, each A, B or an allowed tie, and no "both unacceptable" mark (it is not adjudicated).
   */
  checkedPairwise(
    taskId: string,
    request: Pick<SavePairwiseRequest, 'choice' | 'bothUnacceptable' | 'aspects'>,
  ): PairwiseAnswer;
  /** The marks checked (disputed dimensions only, a known reason) and written; returns them complete, for the audit. */
  writeMarks(taskId: string, marks: Record<string, AdjudicationMark> | undefined): Record<string, AdjudicationMark>;
}

/** What a pairwise task's save stores: the overall choice, the mark and the aspect choices. */
export interface PairwiseAnswer {
  choice: PreferenceKey | null;
  bothUnacceptable: boolean | null;
  aspects: Record<string, PreferenceKey>;
}

/** Null for a rater's package. */
export function adjudicationSession(db: StudyDb, rubric: Rubric): AdjudicationSession | null {
  if (readPackageMeta(db, 'package_kind') !== ADJUDICATION_PACKAGE_KIND) return null;
  const disputes = readPackageDisputes(db);
  const disputed = (taskId: string) => disputes.filter((d) => d.taskId === taskId);

  function view(taskId: string): AdjudicationDisputeView[] {
    const marks = readPackageMarks(db).filter((m) => m.taskId === taskId);
    return disputed(taskId).map((d) => {
      const mark = marks.find((m) => m.dimension === d.dimension);
      return {
        dimension: d.dimension,
        shown: d.shown,
        reason: mark?.reason ?? null,
        guidelineGap: mark?.guidelineGap ?? false,
      };
    });
  }

  function checkedValues(taskId: string, values: Record<string, number>): Record<string, number> {
    const keys = disputed(taskId).map((d) => d.dimension);
    const extra = Object.keys(values).filter((k) => !keys.includes(k));
    if (extra.length > 0)
      throw new StudyError(`${extra.join(', ')}: not disputed in this task; only ${keys.join(', ')} can be set.`);
    const problems: string[] = [];
    for (const key of keys) {
      const dimension = rubric.dimensions.find((d) => d.key === key)!;
      const allowed = dimension.scale.map((p) => p.value);
      const value = values[key];
      if (value === undefined) problems.push(`${dimension.label}: choose the final value.`);
      else if (!allowed.includes(value))
        problems.push(`${dimension.label}: ${value} is not on the scale (${allowed.join(', ')}).`);
    }
    if (problems.length > 0) throw new StudyError(problems.join('\n'));
    return Object.fromEntries(keys.map((k) => [k, values[k]!]));
  }

  function checkedPairwise(
    taskId: string,
    request: Pick<SavePairwiseRequest, 'choice' | 'bothUnacceptable' | 'aspects'>,
  ): PairwiseAnswer {
    const keys = disputed(taskId).map((d) => d.dimension);
    const overallDisputed = keys.includes(OVERALL_PAIRWISE_DIMENSION);
    const aspects = request.aspects ?? {};
    const problems: string[] = [];
    if (request.bothUnacceptable !== null)
      problems.push('The "both unacceptable" mark is not adjudicated: the raters\' marks stay theirs.');
    if (!overallDisputed && request.choice !== null)
      problems.push('The overall choice is not disputed in this task: only the disputed rows can be set.');
    const extra = Object.keys(aspects).filter((k) => !keys.includes(k) || k === OVERALL_PAIRWISE_DIMENSION);
    if (extra.length > 0) problems.push(`${extra.join(', ')}: not disputed in this task.`);
    const label = (key: string) =>
      key === OVERALL_PAIRWISE_DIMENSION ? 'Overall' : (rubric.dimensions.find((d) => d.key === key)?.label ?? key);
    for (const key of keys) {
      const choice = key === OVERALL_PAIRWISE_DIMENSION ? request.choice : aspects[key];
      if (choice === null || choice === undefined)
        problems.push(`${label(key)}: choose the final answer (A, B or a tie).`);
      else {
        const invalid = choiceProblem(choice, rubric.preference.allowTie);
        if (invalid) problems.push(`${label(key)}: ${invalid}.`);
      }
    }
    if (problems.length > 0) throw new StudyError(problems.join('\n'));
    return { choice: overallDisputed ? request.choice : null, bothUnacceptable: null, aspects };
  }

  function writeMarks(
    taskId: string,
    marks: Record<string, AdjudicationMark> | undefined,
  ): Record<string, AdjudicationMark> {
    const keys = disputed(taskId).map((d) => d.dimension);
    const given = marks ?? {};
    const unknown = Object.keys(given).filter((k) => !keys.includes(k));
    if (unknown.length > 0) throw new StudyError(`${unknown.join(', ')}: not disputed in this task.`);
    const complete = Object.fromEntries(
      keys.map((k) => [k, { reason: given[k]?.reason ?? null, guidelineGap: given[k]?.guidelineGap ?? false }]),
    );
    for (const [dimension, mark] of Object.entries(complete)) {
      if (mark.reason !== null && !ADJUDICATION_REASON_SLUGS.includes(mark.reason))
        throw new StudyError(
          `${dimension}: "${String(mark.reason)}" is not a reason (${ADJUDICATION_REASON_SLUGS.join(', ')}).`,
        );
      writePackageMark(db, { taskId, dimension, ...mark });
    }
    return complete;
  }

  return { view, checkedValues, checkedPairwise, writeMarks };
}
