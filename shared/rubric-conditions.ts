/**
 * What a rubric's conditions ask of one rating (shared/rubric.ts): which dimensions are shown, whether a
 * comment is required, and what is still missing. The rating screen, the session's save and the merge all
 * judge a rating here, so the rater is held to exactly what a returned package is checked against.
 */
import type { Rubric, RubricCondition, RubricDimension } from './rubric';

type Values = Readonly<Record<string, number>>;

function holds(condition: RubricCondition, values: Values): boolean {
  const value = values[condition.when.dimension];
  return value !== undefined && condition.when.values.includes(value);
}

/** "Safety is Unsafe": the chosen value that makes a condition hold, as the rater saw it. */
function reason(rubric: Rubric, condition: RubricCondition, values: Values): string {
  const dimension = rubric.dimensions.find((d) => d.key === condition.when.dimension)!;
  const point = dimension.scale.find((p) => p.value === values[dimension.key]);
  return `${dimension.label} is ${point?.label ?? String(values[dimension.key])}`;
}

/**
 * The dimensions to rate given the values so far, in rubric order: every dimension no condition requires,
 * and each one that a condition requires while that condition holds. Conditions point forward (the schema
 * checks it), so a chain of them unfolds in one pass: a hidden dimension's value is ignored.
 */
export function shownDimensions(rubric: Rubric, values: Values): RubricDimension[] {
  const conditions = rubric.conditions ?? [];
  const shownValues: Record<string, number> = {};
  const shown: RubricDimension[] = [];
  for (const dimension of rubric.dimensions) {
    const requiredBy = conditions.filter(
      (c) => c.require.what === 'dimension' && c.require.dimension === dimension.key,
    );
    if (requiredBy.length > 0 && !requiredBy.some((c) => holds(c, shownValues))) continue;
    shown.push(dimension);
    const value = values[dimension.key];
    if (value !== undefined) shownValues[dimension.key] = value;
  }
  return shown;
}

/** Why a comment is required ("Safety is Unsafe"), or null when none is. */
export function commentRequiredBecause(rubric: Rubric, values: Values): string | null {
  const shown = new Set(shownDimensions(rubric, values).map((d) => d.key));
  const condition = (rubric.conditions ?? []).find(
    (c) => c.require.what === 'comment' && shown.has(c.when.dimension) && holds(c, values),
  );
  return condition ? reason(rubric, condition, values) : null;
}

/**
 * The first thing a rating lacks or holds wrongly under the rubric's conditions, in one phrase, or null:
 * a shown dimension left unrated, a hidden one rated, a required comment left empty.
 * (Whether each value is on its scale is checked beside this, in shared/package-contents.ts.)
 */
export function conditionProblem(rubric: Rubric, values: Values, comment: string): string | null {
  const shown = shownDimensions(rubric, values);
  const unrated = shown.find((d) => values[d.key] === undefined);
  if (unrated) {
    const requiredBy = (rubric.conditions ?? []).find(
      (c) => c.require.what === 'dimension' && c.require.dimension === unrated.key && holds(c, values),
    );
    return requiredBy
      ? `${unrated.label} is not rated, and is required when ${lowerFirst(reason(rubric, requiredBy, values))}`
      : `${unrated.label} is not rated`;
  }
  const hidden = rubric.dimensions.find((d) => values[d.key] !== undefined && !shown.includes(d));
  if (hidden) return `${hidden.label} is rated, but its condition does not hold`;
  const because = commentRequiredBecause(rubric, values);
  if (because && comment.trim() === '') return `a comment is required when ${lowerFirst(because)}`;
  return null;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
