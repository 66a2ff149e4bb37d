/** Pure reshaping of the report model's figures into the row shapes @mantine/charts wants. */
import type { BinMean, PreferenceShare } from '../../../../shared/analysis/types';

/** Key under which a line-chart row keeps the n of a model's mean, for the tooltip. */
export function countKey(model: string): string {
  return `${model}\u0000n`;
}

/** One row per bin: { bin: 'Bin 1', [model]: mean, [countKey(model)]: n }. */
export function binChartRows(cells: ReadonlyArray<BinMean>): Array<Record<string, string | number | null>> {
  const bins = [...new Set(cells.map((c) => c.bin))].sort((a, b) => a - b);
  return bins.map((bin) => {
    const row: Record<string, string | number | null> = { bin: `Bin ${bin}` };
    for (const cell of cells.filter((c) => c.bin === bin)) {
      row[cell.model] = cell.mean;
      row[countKey(cell.model)] = cell.n;
    }
    return row;
  });
}

/** Percent rows for a stacked bar chart: one per bin, then the model's overall row. */
export function preferenceChartRows(
  shares: ReadonlyArray<PreferenceShare>,
): Array<{ label: string; model: number; tie: number; reference: number }> {
  const percent = (share: number | null) => Math.round((share ?? 0) * 1000) / 10;
  const label = (p: PreferenceShare) => `${p.bin === null ? 'All bins' : `Bin ${p.bin}`} (n=${p.n})`;
  return [...shares]
    .sort((a, b) => (a.bin ?? Infinity) - (b.bin ?? Infinity))
    .map((p) => ({
      label: label(p),
      model: percent(p.model_share),
      tie: percent(p.tie_share),
      reference: percent(p.reference_share),
    }));
}
