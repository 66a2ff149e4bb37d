/** Text helpers for the report and the Reports screen: escaping, number formatting, colours. */
import type { IccEstimate } from '../stats/icc';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Fixed decimals with a typographic minus; an em dash for undefined values. */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '—';
  const text = value.toFixed(decimals);
  // -0.00 reads as a sign error in a table.
  return Number(text) === 0 ? (0).toFixed(decimals) : text.replace('-', '−');
}

export function formatPercent(share: number | null | undefined): string {
  return share === null || share === undefined ? '—' : `${Math.round(share * 100)}%`;
}

export function formatInterval(interval: [number, number] | null): string {
  return interval === null ? '—' : `[${formatNumber(interval[0])}, ${formatNumber(interval[1])}]`;
}

/** An ICC as its table cells show it: the value and its interval, or "undefined" and why (0/0 for this table). */
export function formatIccEstimate(estimate: IccEstimate): { value: string; interval: string } {
  if (estimate.value === null && estimate.undefined_because)
    return { value: 'undefined', interval: `(${estimate.undefined_because})` };
  return { value: formatNumber(estimate.value, 3), interval: formatInterval(estimate.ci95) };
}

/** p-values as journals print them: three decimals, "< 0.001" below that. */
export function formatP(p: number | null): string {
  if (p === null) return '—';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** Okabe–Ito colours: distinguishable with colour-vision deficiencies and in greyscale print with the dashes. */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
export const SERIES_DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

export function seriesStyle(index: number): { colour: string; dash: string } {
  return { colour: SERIES_COLOURS[index % SERIES_COLOURS.length]!, dash: SERIES_DASHES[index % SERIES_DASHES.length]! };
}

/** A share's interval as percentages, e.g. "[12%, 40%]"; empty when there is none. */
export function formatShareInterval(interval: [number, number] | null): string {
  return interval === null ? '' : `[${formatPercent(interval[0])}, ${formatPercent(interval[1])}]`;
}

/**
 * A correlation's heat-map colours, for the report and the screen alike: white at 0, blue towards +1,
 * red towards −1, grey when undefined; the text is white or near-black, whichever contrasts more (WCAG).
 */
export function heatColours(r: number | null): { background: string; color: string } {
  if (r === null) return { background: '#f6f8fa', color: '#59636e' };
  const [R, G, B] = r >= 0 ? [33, 102, 172] : [178, 24, 43];
  const shade = (t: number) => [R, G, B].map((c) => Math.round(255 + (c - 255) * t)) as [number, number, number];
  const contrasts = (rgb: [number, number, number]) => {
    const background = relativeLuminance(rgb);
    const onWhite = 1.05 / (background + 0.05);
    const onDark = (background + 0.05) / (DARK_TEXT_LUMINANCE + 0.05);
    return { onWhite, onDark, best: Math.max(onWhite, onDark) };
  };
  // Mid shades reach 4.5:1 (WCAG AA) with neither white nor dark text: such a cell is shaded a little
  // darker, until white text does.
  let t = Math.min(1, Math.abs(r));
  while (t < 1 && contrasts(shade(t)).best < 4.5) t = Math.min(1, t + 0.01);
  const rgb = shade(t);
  const { onWhite, onDark } = contrasts(rgb);
  return { background: `rgb(${rgb.join(',')})`, color: onWhite > onDark ? '#fff' : '#1f2328' };
}

const DARK_TEXT_LUMINANCE = relativeLuminance([31, 35, 40]);

/** WCAG 2.1 relative luminance of an sRGB colour. */
function relativeLuminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Milliseconds as seconds with one decimal, e.g. "41.0 s". */
export function formatSeconds(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`;
}
