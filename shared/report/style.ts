/** The report's only stylesheet, inlined; system fonts so the file renders the same offline. */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --rule: #d1d9e0; --band: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1080px; margin: 0 auto; padding: 32px 40px 64px; }
header { border-bottom: 2px solid var(--ink); margin-bottom: 24px; padding-bottom: 12px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
h3 { font-size: 15px; margin: 18px 0 6px; }
p { margin: 6px 0 10px; max-width: 80ch; }
.meta, .note, figcaption { color: var(--muted); font-size: 13px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
th { background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
tr.group td { border-top: 2px solid var(--rule); }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin: 10px 0 16px; }
.fact { background: var(--band); border-radius: 6px; padding: 8px 12px; }
.fact b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
.fact span { color: var(--muted); font-size: 12px; }
figure { margin: 12px 0 20px; }
.multiples { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 6px 18px; }
.multiples figure { margin: 0; }
.multiples figcaption { color: var(--ink); font-weight: 600; font-size: 13px; text-align: center; }
svg { display: block; width: 100%; height: auto; overflow: visible; }
svg.bars { max-width: 560px; }
svg.forest { max-width: 600px; }
svg .grid { stroke: #e6eaef; stroke-width: 1; }
svg .axis { stroke: #8c959f; stroke-width: 1; }
svg .tick { font-size: 10px; fill: var(--muted); }
svg .axis-label { font-size: 10px; fill: var(--muted); }
svg .bar-label { font-size: 11px; fill: var(--ink); }
svg .bar-label.total { font-weight: 600; }
svg .bar-value { font-size: 10px; font-weight: 600; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 4px 0 8px; font-size: 13px; }
.legend span { display: inline-flex; align-items: center; gap: 6px; }
.legend svg { width: 28px; height: 10px; display: inline-block; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; }
.pref-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 8px 28px; }
.heat td.cell { text-align: center; min-width: 112px; }
table.corr td { white-space: nowrap; font-size: 12px; }
table.corr td small { display: block; color: var(--muted); font-size: 11px; }
table.corr .ci, td .ci { color: var(--muted); }
.pref-grid figure { margin: 0 0 6px; }
.pref-grid h3 { margin-top: 4px; }
.heat td.cell small { display: block; font-size: 11px; opacity: 0.85; }
.methods p { max-width: 95ch; }
code { font-size: 0.92em; background: var(--band); padding: 0 3px; border-radius: 3px; }
@page { size: A4; margin: 14mm; }
@media print {
  body { font-size: 11px; }
  main { max-width: none; padding: 0; }
  table, table.corr td { font-size: 9.5px; }
  th, td { padding: 2px 5px; }
  h1 { font-size: 20px; }
  h2 { font-size: 15px; margin-top: 20px; }
  h3 { font-size: 12px; }
  h2 { break-after: avoid; }
  figure, table, .facts { break-inside: avoid; }
  tr { break-inside: avoid; }
  .multiples { grid-template-columns: repeat(3, 1fr); }
  .pref-grid { grid-template-columns: repeat(2, 1fr); }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
