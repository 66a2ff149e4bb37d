/**
 * Which merged answers disagree enough to go to an adjudicator. The unit is one output (a pairwise task's
 * pair of outputs) and one dimension (a rubric dimension of a rating task, or a choice: a preference's,
 * a pairwise task's overall choice and each of its aspects); each kind says how its values are compared
 * (shared/kinds/disagreement-rule.ts):
 * - ordered dimensions (Likert, ordinal) dispute when the highest and lowest value are at least the
 *   threshold apart in scale steps (Likert default 2, ordinal default 1: an ordinal scale is short and
 *   each of its steps is a clinical category, e.g. no harm / mild harm);
 * - binary and nominal dimensions, and choices (a preference: model / reference / tie; a pairwise
 *   choice: first / second / tie of the pair), dispute on any difference. A pairwise aspect carries a rubric
 *   dimension's key but is a choice between the two answers, compared as one.
 * A pairwise task's "both unacceptable" mark is not judged: each rater's mark stays theirs.
 * Only units with two raters or more can dispute. A confidence dimension is never judged (it is about
 * the rater, not the answer).
 */
import { assertNever } from '../kinds/assert-never';
import { DIMENSION_KIND_SPECS, type DimensionKind } from '../kinds/dimension-kinds';
import { TASK_KIND_SPECS, type TaskKind } from '../kinds/task-kinds';
import type { RubricDimension } from '../rubric';

/** Thresholds in scale steps for the kinds that measure distance; absent kinds keep their default. */
export type DisputeThresholds = Partial<Record<DimensionKind, number>>;

/** One rater's merged answer to one task. */
export interface MergedJudgement {
  taskKind: TaskKind;
  outputId: number;
  /** A pairwise task's second output (the master task's `output_b_id`); null for the other kinds. */
  outputBId: number | null;
  raterId: number;
  /** The rubric values of a rating task by dimension key (empty for a choice kind). */
  ratings: Readonly<Record<string, number>>;
  /**
   * A choice kind's outcomes once the blinded order is undone, by dimension: a preference's under
   * `preference`, a pairwise task's overall choice under `pairwise` and each aspect under its key (empty
   * for a rating task).
   */
  choices: Readonly<Record<string, string>>;
}

export interface RaterValue {
  raterId: number;
  value: number | string;
}

export interface JudgedUnit {
  taskKind: TaskKind;
  outputId: number;
  outputBId: number | null;
  dimension: string;
  /** Every rater's value, by rater id. */
  values: RaterValue[];
  disputed: boolean;
}

type JudgedDimension = Pick<RubricDimension, 'key' | 'kind' | 'role' | 'scale'>;

/** The threshold each ordered kind uses: the study's choice over the kind's default; refuses nonsense. */
export function resolveThresholds(chosen: DisputeThresholds): Record<DimensionKind, number | null> {
  const resolved = {} as Record<DimensionKind, number | null>;
  for (const [kind, spec] of Object.entries(DIMENSION_KIND_SPECS) as [
    DimensionKind,
    (typeof DIMENSION_KIND_SPECS)[DimensionKind],
  ][]) {
    const rule = spec.comparison;
    const wanted = chosen[kind];
    if (rule.by === 'any difference') {
      if (wanted !== undefined)
        throw new RangeError(`${kind} dimensions dispute on any difference and take no threshold`);
      resolved[kind] = null;
    } else {
      if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1))
        throw new RangeError(`a ${kind} threshold is a whole number of scale steps, at least 1 (not ${wanted})`);
      resolved[kind] = wanted ?? rule.defaultThreshold;
    }
  }
  return resolved;
}

function scaleSteps(dimension: JudgedDimension): Map<number, number> {
  return new Map(dimension.scale.map((point, step) => [point.value, step]));
}

function anyDifference(values: readonly RaterValue[]): boolean {
  return values.some((v) => v.value !== values[0]!.value);
}

function ratingDisputed(
  dimension: JudgedDimension,
  values: readonly RaterValue[],
  thresholds: Record<DimensionKind, number | null>,
  steps: Map<number, number>,
): boolean {
  const rule = DIMENSION_KIND_SPECS[dimension.kind].comparison;
  switch (rule.by) {
    case 'any difference':
      return anyDifference(values);
    case 'scale steps': {
      const positions = values.map((v) => {
        const step = steps.get(v.value as number);
        if (step === undefined) throw new RangeError(`${v.value} is not on the scale of "${dimension.key}"`);
        return step;
      });
      return Math.max(...positions) - Math.min(...positions) >= thresholds[dimension.kind]!;
    }
    default:
      return assertNever(rule, 'dimension disagreement');
  }
}

/** One output, or one pair of outputs, of one task kind. */
const subjectKey = (j: Pick<MergedJudgement, 'taskKind' | 'outputId' | 'outputBId'>) =>
  `${j.taskKind}\u0000${j.outputId}\u0000${j.outputBId ?? ''}`;

/**
 * Every unit (output or pair × dimension) the judgements cover, disputed or not, in the order of first
 * appearance of its output or pair, then the rubric's dimension order (a choice kind's own choice first,
 * then a pairwise task's aspects in the rubric's order). A rater's
 * second answer to the same unit (a hidden repeat) must not be passed in: the caller keeps one per rater.
 */
export function judgeUnits(
  dimensions: readonly JudgedDimension[],
  judgements: readonly MergedJudgement[],
  chosenThresholds: DisputeThresholds = {},
): JudgedUnit[] {
  const thresholds = resolveThresholds(chosenThresholds);
  const judged = dimensions.filter((d) => d.role !== 'confidence');
  const dimensionOrder = new Map(judged.map((d, i) => [d.key, i]));
  const units = new Map<string, JudgedUnit>();
  const subjectOrder = new Map<string, number>();
  const add = (j: MergedJudgement, dimension: string, value: number | string) => {
    const subject = subjectKey(j);
    if (!subjectOrder.has(subject)) subjectOrder.set(subject, subjectOrder.size);
    const key = `${subject}\u0000${dimension}`;
    let unit = units.get(key);
    if (!unit) {
      unit = {
        taskKind: j.taskKind,
        outputId: j.outputId,
        outputBId: j.outputBId,
        dimension,
        values: [],
        disputed: false,
      };
      units.set(key, unit);
    }
    if (unit.values.some((v) => v.raterId === j.raterId))
      throw new RangeError(`rater ${j.raterId} answers output ${j.outputId} (${dimension}) twice`);
    unit.values.push({ raterId: j.raterId, value });
  };
  for (const j of judgements) {
    const rule = TASK_KIND_SPECS[j.taskKind].disagreement;
    switch (rule.judged) {
      case 'rubric dimensions':
        for (const d of judged) if (d.key in j.ratings) add(j, d.key, j.ratings[d.key]!);
        break;
      case 'choice':
        for (const [dimension, outcome] of Object.entries(j.choices)) add(j, dimension, outcome);
        break;
      default:
        assertNever(rule, 'task disagreement');
    }
  }
  const byKey = new Map(judged.map((d) => [d.key, { dimension: d, steps: scaleSteps(d) }]));
  const result = [...units.values()];
  for (const unit of result) {
    unit.values.sort((a, b) => a.raterId - b.raterId);
    if (unit.values.length < 2) continue;
    const rated = judgedAsRating(unit) ? byKey.get(unit.dimension) : undefined;
    unit.disputed =
      rated === undefined
        ? anyDifference(unit.values)
        : ratingDisputed(rated.dimension, unit.values, thresholds, rated.steps);
  }
  // A kind's own choice (no rubric key) first; rubric dimensions and pairwise aspects (which carry a
  // dimension's key) in the rubric's order.
  const rank = (u: JudgedUnit) => dimensionOrder.get(u.dimension) ?? -1;
  return result.sort(
    (a, b) => subjectOrder.get(subjectKey(a))! - subjectOrder.get(subjectKey(b))! || rank(a) - rank(b),
  );
}

/**
 * How counts (the Adjudicate step, the report) name a unit's dimension: a rating dimension's key, a choice
 * kind's own choice (`preference`, `pairwise`), or a pairwise aspect as `pairwise:<key>`, so that it is not
 * counted with the rating dimension of the same key.
 */
export function countedDimension(unit: Pick<JudgedUnit, 'taskKind' | 'dimension'>): string {
  const rule = TASK_KIND_SPECS[unit.taskKind].disagreement;
  switch (rule.judged) {
    case 'rubric dimensions':
      return unit.dimension;
    case 'choice':
      return unit.dimension === rule.dimension ? unit.dimension : `${rule.dimension}:${unit.dimension}`;
    default:
      return assertNever(rule, 'task disagreement');
  }
}

function judgedAsRating(unit: Pick<JudgedUnit, 'taskKind'>): boolean {
  return TASK_KIND_SPECS[unit.taskKind].disagreement.judged === 'rubric dimensions';
}

/** The disputed units alone: what an adjudication round sends to its adjudicator. */
export function findDisputes(
  dimensions: readonly JudgedDimension[],
  judgements: readonly MergedJudgement[],
  thresholds: DisputeThresholds = {},
): JudgedUnit[] {
  return judgeUnits(dimensions, judgements, thresholds).filter((u) => u.disputed);
}
