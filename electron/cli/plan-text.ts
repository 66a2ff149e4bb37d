/** The text `blindrate plan` prints: where each assumption came from, a line per design, the design picked. */
import type { PlanAssumptionsWithSources, Source } from '../../shared/design/assumptions';
import { closestPair } from '../../shared/design/bradleyTerryGap';
import type { PlanStatistic } from '../../shared/design/figures';
import { TARGET_SHARE, type DesignResult, type PlanTarget } from '../../shared/design/plan';
import type { PlanOutcome } from '../services/design-plan';

const STATISTIC_HEADINGS: Record<PlanStatistic, string> = {
  spearman: 'ρ per model',
  'spearman-pooled': 'ρ pooled',
  alpha: 'α',
  preference: 'pref. share',
  'bt-gap': 'BT gap',
};

const sourceText = (source: Source) => (source.from === 'pilot' ? `pilot, ${source.n}` : 'assumed');
const fixed = (value: number | null, digits = 2) => (value === null ? '—' : value.toFixed(digits));

export function describePlan(found: PlanAssumptionsWithSources, outcome: PlanOutcome, target?: PlanTarget): string {
  const { assumptions } = found;
  const lines = [
    `Models: ${assumptions.models.map((m) => m.model).join(', ')}; ${assumptions.models[0]?.bins.length ?? 0} bins by the metric. ${outcome.plan.studiesPerDesign} simulated studies per design, seed ${outcome.plan.seed}.`,
    ...assumptions.dimensions.map((d, i) => {
      const sources = found.dimensions[i]!;
      return `  ${d.key}: metric–human ρ ${fixed(d.metricRho)} (${sourceText(sources.metricRho)}), ICC(A,1) ${fixed(d.iccAbsolute)} and ICC(C,1) ${fixed(d.iccConsistency)} (${sourceText(sources.icc)}), value shares ${d.valueShares.map((s) => fixed(s)).join('/')} (${sourceText(sources.valueShares)})`;
    }),
    `  seconds per rating task ${fixed(assumptions.secondsPerRating, 0)} (${sourceText(found.secondsPerRating)})` +
      (found.preference
        ? `, per preference choice ${fixed(assumptions.secondsPerPreference, 0)} (${sourceText(found.secondsPerPreference)}); preference shares (${sourceText(found.preference)})`
        : '; no preference task'),
    pairwiseLine(found),
    '',
    `Expected 95% interval width per design: the mean over simulated studies, and in brackets the width reached in ${TARGET_SHARE * 100}% of them, of the widest figure of each kind.`,
  ];
  const statistics = (Object.keys(STATISTIC_HEADINGS) as PlanStatistic[]).filter((s) =>
    outcome.plan.designs[0]?.figures.some((f) => f.label.statistic === s),
  );
  const table = [
    ['per bin', 'raters', 'per output', 'outputs', 'tasks', 'hours', ...statistics.map((s) => STATISTIC_HEADINGS[s])],
    ...outcome.plan.designs.map((d) => [
      String(d.design.perBin),
      String(d.design.raters),
      String(d.design.overlap),
      String(d.outputs),
      String(d.tasks),
      d.physicianHours.toFixed(1),
      ...statistics.map((s) => widestCell(d, s)),
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) lines.push(row.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
  if (target) {
    lines.push('');
    const chosen = outcome.chosen;
    const goal = `${target.statistic} width ${target.width} in ≥ ${TARGET_SHARE * 100}% of simulated studies`;
    lines.push(
      chosen
        ? `Smallest design reaching ${goal}: ${chosen.design.perBin} outputs per bin, ${chosen.design.raters} raters, ${chosen.design.overlap} per output — ${chosen.outputs} outputs, ${chosen.tasks} tasks, ${chosen.physicianHours.toFixed(1)} physician-hours.`
        : `No design of the grid reaches ${goal}; try more outputs per bin or raters per output.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The pairwise task's assumed log-strengths, or why the plan has no Bradley–Terry gap. */
function pairwiseLine(found: PlanAssumptionsWithSources): string {
  const { pairwise } = found.assumptions;
  if ('omitted' in found.pairwise || !pairwise) {
    const reason = 'omitted' in found.pairwise ? found.pairwise.omitted : 'no pairwise task';
    return `  Bradley–Terry gap omitted: ${reason}.`;
  }
  const models = found.assumptions.models.map((m) => m.model);
  const [i, j] = closestPair(pairwise.logStrengths);
  const strengths = models.map((model, k) => `${model} ${fixed(pairwise.logStrengths[k]!)}`).join(', ');
  return `  pairwise: log-strengths ${strengths} (${sourceText(found.pairwise)}); pairs per item ${pairwise.pairsPerItem}, each judged by the raters per output; BT gap = ${models[i]} − ${models[j]}, the closest two`;
}

/** "0.24 (0.25)" for the figure of that kind with the widest 80% width (an undefined one counts widest). */
function widestCell(design: DesignResult, statistic: PlanStatistic): string {
  const figures = design.figures.filter((f) => f.label.statistic === statistic);
  const widest = figures.reduce((a, b) => ((b.width80 ?? Infinity) > (a.width80 ?? Infinity) ? b : a));
  return `${fixed(widest.meanWidth)} (${fixed(widest.width80)})`;
}
