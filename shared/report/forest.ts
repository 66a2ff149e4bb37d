/**
 * The ranked forest plot of Bradley–Terry strengths, as geometry both renderers draw: the HTML report as
 * inline SVG (forestSvg), the Reports screen as React SVG elements (renderer ForestPlot).
 */
import { escapeHtml, formatInterval, formatNumber } from './format';

/** One model's log-strength and its 95 % interval; null when it is not estimable. */
export interface ForestRow {
  model: string;
  logStrength: number | null;
  low: number | null;
  high: number | null;
}

export interface ForestGeometry {
  width: number;
  height: number;
  /** The plot's horizontal extent and the y of its axis. */
  plot: { left: number; right: number; axisY: number };
  /** x of log-strength 0 (the average model). */
  zeroX: number;
  ticks: Array<{ x: number; label: string }>;
  /** Strongest first; models without a strength last, `point` null. */
  rows: Array<{
    model: string;
    y: number;
    point: number | null;
    interval: [number, number] | null;
    /** The estimate and its interval as printed beside the row, or "not estimable". */
    text: string;
  }>;
}

const ROW_HEIGHT = 24;
const LABEL_WIDTH = 130;
const PLOT_WIDTH = 300;
const TEXT_WIDTH = 150;
const TOP = 8;
const AXIS_SPACE = 34;

/** Rows ranked by strength (ties by name), the axis spanning every estimate and interval, with ticks every ½ or 1. */
export function forestGeometry(strengths: ReadonlyArray<ForestRow>): ForestGeometry {
  const ranked = [...strengths].sort(
    (a, b) =>
      (b.logStrength ?? -Infinity) - (a.logStrength ?? -Infinity) ||
      (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  );
  const values = ranked.flatMap((row) => [row.logStrength, row.low, row.high].filter((v): v is number => v !== null));
  const extent = Math.max(0.5, ...values.map(Math.abs));
  const step = extent > 2 ? 1 : 0.5;
  const limit = Math.ceil(extent / step) * step;
  const left = LABEL_WIDTH;
  const right = LABEL_WIDTH + PLOT_WIDTH;
  const x = (value: number) => left + ((value + limit) / (2 * limit)) * PLOT_WIDTH;
  const axisY = TOP + ranked.length * ROW_HEIGHT;
  const tickCount = Math.round((2 * limit) / step);
  return {
    width: right + TEXT_WIDTH,
    height: axisY + AXIS_SPACE,
    plot: { left, right, axisY },
    zeroX: x(0),
    ticks: Array.from({ length: tickCount + 1 }, (_, i) => {
      const value = -limit + i * step;
      return { x: x(value), label: formatNumber(value, 1) };
    }),
    rows: ranked.map((row, i) => {
      const interval: [number, number] | null =
        row.low !== null && row.high !== null ? [x(row.low), x(row.high)] : null;
      return {
        model: row.model,
        y: TOP + i * ROW_HEIGHT + ROW_HEIGHT / 2,
        point: row.logStrength === null ? null : x(row.logStrength),
        interval,
        text:
          row.logStrength === null
            ? 'not estimable'
            : `${formatNumber(row.logStrength)} ${row.low === null || row.high === null ? '' : formatInterval([row.low, row.high])}`.trim(),
      };
    }),
  };
}

/** The forest plot as inline SVG for the HTML report (no scripts; each row's figures in its <title>). */
export function forestSvg(label: string, strengths: ReadonlyArray<ForestRow>): string {
  const g = forestGeometry(strengths);
  const ticks = g.ticks
    .map(
      (t) =>
        `<line class="grid" x1="${t.x.toFixed(1)}" x2="${t.x.toFixed(1)}" y1="0" y2="${g.plot.axisY}"/>` +
        `<text class="tick" x="${t.x.toFixed(1)}" y="${g.plot.axisY + 14}" text-anchor="middle">${t.label}</text>`,
    )
    .join('');
  const rows = g.rows
    .map((row) => {
      const mark =
        row.point === null
          ? ''
          : (row.interval
              ? `<line x1="${row.interval[0].toFixed(1)}" x2="${row.interval[1].toFixed(1)}" y1="${row.y}" y2="${row.y}" stroke="#0072B2" stroke-width="2"/>`
              : '') + `<circle cx="${row.point.toFixed(1)}" cy="${row.y}" r="4" fill="#0072B2"/>`;
      return (
        `<g><title>${escapeHtml(row.model)}: log-strength ${escapeHtml(row.text)}</title>` +
        `<text class="bar-label" x="0" y="${row.y + 4}">${escapeHtml(row.model)}</text>${mark}` +
        `<text class="tick" x="${g.plot.right + 8}" y="${row.y + 4}">${escapeHtml(row.text)}</text></g>`
      );
    })
    .join('');
  return (
    `<svg class="forest" viewBox="0 0 ${g.width} ${g.height}" role="img" aria-label="${escapeHtml(label)}">` +
    `${ticks}<line class="axis" x1="${g.zeroX.toFixed(1)}" x2="${g.zeroX.toFixed(1)}" y1="0" y2="${g.plot.axisY}" stroke-dasharray="4 3"/>` +
    `<line class="axis" x1="${g.plot.left}" x2="${g.plot.right}" y1="${g.plot.axisY}" y2="${g.plot.axisY}"/>` +
    `<text class="axis-label" x="${(g.plot.left + g.plot.right) / 2}" y="${g.height - 4}" text-anchor="middle">log-strength (0 = average model)</text>` +
    `${rows}</svg>`
  );
}
