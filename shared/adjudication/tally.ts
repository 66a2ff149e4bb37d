/**
 * The disagreements of a study per dimension, as the coordinator's Adjudicate step shows them before a
 * round is packed: every judged unit (shared/adjudication/disagreement.ts judgeUnits) counted by dimension,
 * compared (two raters or more) and disputed, with the threshold each ordered kind of the rubric uses.
 */
import type { AdjudicationPreview } from '../coordinator-api';
import { DIMENSION_KIND_SPECS, type DimensionKind } from '../kinds/dimension-kinds';
import type { RubricDimension } from '../rubric';
import { countedDimension, type JudgedUnit } from './disagreement';

export type DisputeTally = Omit<AdjudicationPreview, 'problem'>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A choice's dimension as the step names it: `Preference`, `Pairwise`, or `Pairwise: <aspect's label>`. */
function choiceLabel(counted: string, dimensions: readonly Pick<RubricDimension, 'key' | 'label'>[]): string {
  const [kind, aspect] = counted.split(':');
  if (aspect === undefined) return capitalised(counted);
  return `${capitalised(kind!)}: ${dimensions.find((d) => d.key === aspect)?.label ?? aspect}`;
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
        label: choiceLabel(counted, dimensions),
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
