/**
 * The disagreements of a study per dimension, as the coordinator's Adjudicate step shows them before a
 * round is packed: every judged unit (shared/adjudication/disagreement.ts judgeUnits) counted by dimension,
 * compared (two raters or more) and disputed, with the threshold each ordered kind of the rubric uses.
 */
import type { AdjudicationPreview } from '../coordinator-api';
import { DIMENSION_KIND_SPECS, type DimensionKind } from '../kinds/dimension-kinds';
import { TASK_KIND_SPECS } from '../kinds/task-kinds';
import type { RubricDimension } from '../rubric';
import { countedDimension, type JudgedUnit } from './disagreement';

export type DisputeTally = Omit<AdjudicationPreview, 'problem'>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The task kinds' own choices (`preference`, `pairwise`): no rubric dimension names them. */
const CHOICE_DIMENSIONS: ReadonlySet<string> = new Set(
  Object.values(TASK_KIND_SPECS).flatMap((spec) =>
    spec.disagreement.judged === 'choice' ? [spec.disagreement.dimension] : [],
  ),
);

/**
 * A counted dimension (countedDimension) as the Adjudicate step and the report name it: a rubric
 * dimension's label, `Preference`, `Pairwise`, or `Pairwise: <the aspect's label>`.
 */
export function countedDimensionLabel(
  counted: string,
  dimensions: readonly Pick<RubricDimension, 'key' | 'label'>[],
): string {
  const labelOf = (key: string) => dimensions.find((d) => d.key === key)?.label;
  const [kind, aspect] = counted.split(':');
  if (aspect !== undefined) return `${capitalised(kind!)}: ${labelOf(aspect) ?? aspect}`;
  return labelOf(counted) ?? (CHOICE_DIMENSIONS.has(counted) ? capitalised(counted) : counted);
}

export function tallyDisputes(
  dimensions: readonly Pick<RubricDimension, 'key' | 'label' | 'kind' | 'role'>[],
  units: readonly JudgedUnit[],
  resolved: Record<DimensionKind, number | null>,
): DisputeTally {
  const judged = dimensions.filter((d) => d.role !== 'confidence');
  const rows = new Map<string, AdjudicationPreview['dimensions'][number]>(
    judged.map((d) => [
      d.key,
      { dimension: d.key, label: d.label, kind: d.kind, threshold: resolved[d.kind], compared: 0, disputes: 0 },
    ]),
  );
  const tasks = new Set<string>();
  for (const unit of units) {
    const counted = countedDimension(unit);
    let row = rows.get(counted);
    if (!row) {
      row = {
        dimension: counted,
        label: countedDimensionLabel(counted, dimensions),
        kind: null,
        threshold: null,
        compared: 0,
        disputes: 0,
      };
      rows.set(counted, row);
    }
    if (unit.values.length < 2) continue;
    row.compared += 1;
    if (!unit.disputed) continue;
    row.disputes += 1;
    tasks.add(`${unit.taskKind}\u0000${unit.outputId}\u0000${unit.outputBId ?? ''}`);
  }
  const kinds = [...new Set(judged.map((d) => d.kind))];
  const thresholds = kinds.flatMap((kind) => {
    const rule = DIMENSION_KIND_SPECS[kind].comparison;
    return rule.by === 'scale steps'
      ? [{ kind, threshold: resolved[kind]!, defaultThreshold: rule.defaultThreshold }]
      : [];
  });
  const listed = [...rows.values()];
  return { dimensions: listed, thresholds, tasks: tasks.size, disputes: listed.reduce((n, r) => n + r.disputes, 0) };
}
