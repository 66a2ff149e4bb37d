/** Pure reshaping of an AnalysisResult into the row shapes @mantine/charts wants. */
import type { AnalysisResult, Correlation, PreferenceShare } from '../../../../shared/analysis/types';

export const ALL_MODELS = 'ALL';

/** Okabe–Ito-like Mantine colours, the same order as the HTML report's lines. */
export const MODEL_COLOURS = ['blue.7', 'orange.8', 'teal.7', 'grape.5', 'yellow.6', 'cyan.5', 'dark.7', 'lime.6'];

export function modelColour(index: number): string {
  return MODEL_COLOURS[index % MODEL_COLOURS.length]!;
}

/** Key under which a line-chart row keeps the n of a model's mean, for the tooltip. */
export function countKey(model: string): string {
  return `${model}\u0000n`;
}

/** One row per bin: { bin: 'Bin 1', [model]: mean, [countKey(model)]: n }. */
export function binChartRows(result: AnalysisResult, dimension: string): Array<Record<string, string | number | null>> {
  const cells = result.bins.filter((b) => b.dimension === dimension);
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
  result: AnalysisResult,
  model: string,
): Array<{ label: string; model: number; tie: number; reference: number }> {
  const percent = (share: number | null) => Math.round((share ?? 0) * 1000) / 10;
  const label = (p: PreferenceShare) => `${p.bin === null ? 'All bins' : `Bin ${p.bin}`} (n=${p.n})`;
  return result.preference
    .filter((p) => p.model === model)
    .sort((a, b) => (a.bin ?? Infinity) - (b.bin ?? Infinity))
    .map((p) => ({
      label: label(p),
      model: percent(p.model_share),
      tie: percent(p.tie_share),
      reference: percent(p.reference_share),
    }));
}

/** The correlation of every metric × rating dimension for one model (or ALL), as heat-map cells. */
export function correlationCells(
  result: AnalysisResult,
  model: string,
): Array<{ x: string; y: string; value: number | null; correlation: Correlation }> {
  return result.correlations
    .filter((c) => c.model === model)
    .map((c) => ({ x: c.dimension, y: c.metric, value: c.spearman, correlation: c }));
}
