/** Inline SVG charts for the HTML report: no scripts, tooltips via <title>, sized in user units. */
import type { AnalysisDimension, BinMean, PreferenceShare } from '../analysis/types';
import { meanIsShareOfOne } from '../analysis/dimensions';
import { escapeHtml, formatNumber, formatPercent, seriesStyle } from './format';

const WIDTH = 320;
const HEIGHT = 210;
const MARGIN = { top: 14, right: 14, bottom: 34, left: 40 };

/**
 * One small multiple: mean rating by bin, one line per model (MeDiSumQA Figure 4). The y axis spans
 * the dimension's scale (1–5, or 0–1 for binary dimensions shown as the share of 1s).
 */
export function binLineChart(
  dimension: AnalysisDimension,
  label: string,
  cells: ReadonlyArray<BinMean>,
  models: ReadonlyArray<string>,
): string {
  const bins = [...new Set(cells.map((c) => c.bin))].sort((a, b) => a - b);
  const [yMin, yMax] = yRange(dimension, cells);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const lastBin = bins.at(-1) ?? 1;
  const firstBin = bins[0] ?? 1;
  const x = (bin: number) =>
    MARGIN.left + (lastBin === firstBin ? plotW / 2 : ((bin - firstBin) / (lastBin - firstBin)) * plotW);
  const y = (value: number) => MARGIN.top + plotH - ((value - yMin) / (yMax - yMin)) * plotH;

  const yTicks = meanIsShareOfOne(dimension) ? [0, 0.25, 0.5, 0.75, 1] : range(yMin, yMax);
  const grid = yTicks
    .map(
      (t) =>
        `<line class="grid" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(t)}" y2="${y(t)}"/>` +
        `<text class="tick" x="${MARGIN.left - 6}" y="${y(t) + 4}" text-anchor="end">${meanIsShareOfOne(dimension) ? formatPercent(t) : t}</text>`,
    )
    .join('');
  const xTicks = bins
    .map((b) => `<text class="tick" x="${x(b)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${b}</text>`)
    .join('');
  const series = models
    .map((model, index) => {
      const points = cells.filter((c) => c.model === model && c.mean !== null).sort((a, b) => a.bin - b.bin);
      if (points.length === 0) return '';
      const { colour, dash } = seriesStyle(index);
      const path = points
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.bin).toFixed(1)},${y(p.mean!).toFixed(1)}`)
        .join(' ');
      const dots = points
        .map(
          (p) =>
            `<circle cx="${x(p.bin).toFixed(1)}" cy="${y(p.mean!).toFixed(1)}" r="3.2" fill="${colour}">` +
            `<title>${escapeHtml(model)}, bin ${p.bin}: mean ${formatNumber(p.mean)} (n = ${p.n})</title></circle>`,
        )
        .join('');
      return `<g><path d="${path}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}"/>${dots}</g>`;
    })
    .join('');
  return (
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(label)}: mean by bin per model">` +
    `<title>${escapeHtml(label)}: mean rating by bin</title>${grid}${xTicks}` +
    `<line class="axis" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(yMin)}" y2="${y(yMin)}"/>` +
    `<text class="axis-label" x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 4}" text-anchor="middle">bin (1 = lowest metric score)</text>` +
    `${series}</svg>`
  );
}

function yRange(dimension: AnalysisDimension, cells: ReadonlyArray<BinMean>): [number, number] {
  if (meanIsShareOfOne(dimension)) return [0, 1];
  const scale = dimension.categories ?? [];
  const values = [...scale, ...cells.flatMap((c) => (c.mean === null ? [] : [c.mean]))];
  const lo = Math.floor(Math.min(...values, 1));
  const hi = Math.ceil(Math.max(...values, lo + 1));
  return [lo, hi];
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** The three preference outcomes in stacking order, with their colours. */
export const PREFERENCE_SEGMENTS = [
  { key: 'model_share', label: 'Model preferred', colour: '#0072B2', text: '#fff' },
  { key: 'tie_share', label: 'Tie', colour: '#C8CDD2', text: '#1f2328' },
  { key: 'reference_share', label: 'Reference preferred', colour: '#E69F00', text: '#1f2328' },
] as const;

/** 100 % stacked bars of preference shares per bin for one model, plus its overall bar (MeDiSumQA Figure 5). */
export function preferenceBars(model: string, shares: ReadonlyArray<PreferenceShare>): string {
  const rows = [...shares].sort((a, b) => (a.bin ?? Infinity) - (b.bin ?? Infinity));
  const rowH = 24;
  const labelW = 108;
  const barW = 420;
  const height = rows.length * rowH + 6;
  const bars = rows
    .map((row, i) => {
      const top = i * rowH + 3;
      let left = labelW;
      const segments = PREFERENCE_SEGMENTS.map((segment) => {
        const share = row[segment.key] ?? 0;
        const width = share * barW;
        const text =
          width >= 34
            ? `<text class="bar-value" x="${(left + width / 2).toFixed(1)}" y="${top + 13}" text-anchor="middle" fill="${segment.text}">${formatPercent(share)}</text>`
            : '';
        const rect =
          `<rect x="${left.toFixed(1)}" y="${top}" width="${width.toFixed(1)}" height="${rowH - 6}" fill="${segment.colour}">` +
          `<title>${escapeHtml(model)}, ${row.bin === null ? 'all bins' : `bin ${row.bin}`}: ${segment.label.toLowerCase()} ${formatPercent(share)} of ${row.n}</title></rect>`;
        left += width;
        return rect + text;
      }).join('');
      const name = row.bin === null ? 'All bins' : `Bin ${row.bin}`;
      return `<text class="bar-label${row.bin === null ? ' total' : ''}" x="0" y="${top + 13}">${name} (n=${row.n})</text>${segments}`;
    })
    .join('');
  return `<svg class="bars" viewBox="0 0 ${labelW + barW} ${height}" role="img" aria-label="Preference shares by bin for ${escapeHtml(model)}">${bars}</svg>`;
}
