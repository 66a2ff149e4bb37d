/**
 * What an adjudication round sends: the disputed units grouped into one task per output or pair (and task
 * kind), in a drawn order, each dimension's raters in an order drawn for that task, and a preference's or a
 * pairwise task's two answers in a drawn position, its raters' outcomes shown as the sides of that position
 * (valueAsShown). The
 * draws come from streams the caller keys with the plan's secret
 * (electron/services/adjudication.ts), so nothing in the package follows master order or rater ids.
 */
import type { PreferenceKey, ShownAtA } from '../domain';
import { TASK_KIND_SPECS, type TaskKind } from '../kinds/task-kinds';
import { shuffled, type Prng } from '../prng';
import type { JudgedUnit, RaterValue } from './disagreement';

export interface AdjudicationTaskPlan {
  taskKind: TaskKind;
  outputId: number;
  /** A pairwise task's second output; null for the other kinds. */
  outputBId: number | null;
  /** 1-based, the order the adjudicator meets the tasks in. */
  position: number;
  /** A choice task's drawn A position (TaskKindSpec.sides); null for a rating task. */
  presentedA: ShownAtA | null;
  /** The disputed dimensions in the order the units came (the rubric's), each with its raters as shown. */
  disputes: { dimension: string; shown: RaterValue[] }[];
}

export interface RoundDraws {
  /** The order of the tasks. */
  order: Prng;
  /** The raters' order and A position of one task, by its output (or pair) and kind (its own stream). */
  task(taskKind: TaskKind, outputId: number, outputBId: number | null): Prng;
}

/**
 * One task per output (or pair) and kind. The raters keep one order across the dimensions of a task, so "Rater 2"
 * is the same person throughout that task (and no one across tasks).
 */
export function planAdjudicationRound(disputes: readonly JudgedUnit[], draws: RoundDraws): AdjudicationTaskPlan[] {
  const byTask = new Map<string, JudgedUnit[]>();
  for (const unit of disputes) {
    const key = `${unit.taskKind}\u0000${unit.outputId}\u0000${unit.outputBId ?? ''}`;
    const units = byTask.get(key) ?? [];
    units.push(unit);
    byTask.set(key, units);
  }
  const tasks = [...byTask.values()].map((units) => {
    const { taskKind, outputId, outputBId } = units[0]!;
    const prng = draws.task(taskKind, outputId, outputBId);
    const raterIds = [...new Set(units.flatMap((u) => u.values.map((v) => v.raterId)))].sort((a, b) => a - b);
    const shownOrder = new Map(shuffled(raterIds, prng).map((id, i) => [id, i]));
    // A kind that shows two answers shows them in an order drawn afresh, never the raters' own.
    const sides = TASK_KIND_SPECS[taskKind].sides;
    const presentedA = sides === null ? null : sides[prng.nextInt(2)]!;
    return {
      taskKind,
      outputId,
      outputBId,
      position: 0,
      presentedA,
      disputes: units.map((u) => ({
        dimension: u.dimension,
        shown: [...u.values].sort((a, b) => shownOrder.get(a.raterId)! - shownOrder.get(b.raterId)!),
      })),
    };
  });
  return shuffled(tasks, draws.order).map((task, i) => ({ ...task, position: i + 1 }));
}

/**
 * A rater's value as the adjudication package shows it. A rating value is shown as it is. A choice's
 * outcome (model / reference / tie, or a pair's first / second / tie, as the rater's own drawn order
 * resolved it) is shown as the side it falls on in this package's drawn A position, `A`, `B` or `T`: the
 * adjudicator then reads which of the two answers in front of them each rater preferred, and no word says
 * which one is the reference or which model wrote which.
 */
export function valueAsShown(value: number | string, presentedA: ShownAtA | null): number | string {
  if (presentedA === null || typeof value === 'number') return value;
  const side: PreferenceKey = value === 'tie' ? 'T' : value === presentedA ? 'A' : 'B';
  return side;
}

/** "Rater 1", "Rater 2", … : how a package names the raters of a task, never by name. */
export function shownRaterLabel(index: number): string {
  return `Rater ${index + 1}`;
}
