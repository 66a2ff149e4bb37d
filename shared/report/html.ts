/**
 * The report model as one self-contained HTML file (inline CSS and SVG, no scripts, no external
 * resources) that opens offline and prints to PDF.
 */
import { meanIsShareOfOne } from '../analysis/dimensions';
import { binLineChart, PREFERENCE_SEGMENTS, preferenceBars } from './charts';
import { escapeHtml, heatColours, seriesStyle } from './format';
import { forestSvg } from './forest';
import {
  sameCell,
  type Inline,
  type ReportBlock,
  type ReportCell,
  type ReportModel,
  type ReportSection,
  type ReportTable,
  type Rich,
} from './model';
import { REPORT_CSS } from './style';

export function renderModelHtml(model: ReportModel): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(model.title)} — BlindRate report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(model.title)}</h1>
<div class="meta">${escapeHtml(model.subtitle)}</div>
</header>
${model.sections.map(section).join('\n')}
</main>
</body>
</html>
`;
}

const TAG: Record<Exclude<Inline, string>['style'], [string, string]> = {
  strong: ['<b>', '</b>'],
  em: ['<i>', '</i>'],
  code: ['<code>', '</code>'],
  sub: ['<sub>', '</sub>'],
  small: ['<small>', '</small>'],
  note: ['<span class="note">', '</span>'],
  ci: ['<span class="ci">', '</span>'],
};

/** Text between tags: only & < > need escaping there (quotes matter in attributes, which use escapeHtml). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

function rich(text: Rich): string {
  if (typeof text === 'string') return escapeText(text);
  return text
    .map((run) => {
      if (typeof run === 'string') return escapeText(run);
      const [open, close] = TAG[run.style];
      return `${open}${rich(run.content)}${close}`;
    })
    .join('');
}

function section(s: ReportSection): string {
  return `<section${s.id === 'methods' ? ' class="methods"' : ''}><h2>${escapeHtml(s.title)}</h2>\n${s.blocks.map(block).join('\n')}</section>`;
}

function block(b: ReportBlock): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p${b.note ? ' class="note"' : ''}>${rich(b.text)}</p>`;
    case 'heading':
      return `<h3>${rich(b.text)}</h3>`;
    case 'facts':
      return `<div class="facts">${b.facts.map((f) => `<div class="fact"><b>${f.value}</b><span>${escapeHtml(f.caption)}</span></div>`).join('')}</div>`;
    case 'table':
      return table(b.table);
    case 'bin-charts':
      return `${legend(b.models)}<div class="multiples">${b.panels
        .map(
          (p) =>
            `<figure>${binLineChart(p.dimension, p.label, p.cells, b.models)}<figcaption>${escapeHtml(p.label)}${meanIsShareOfOne(p.dimension) ? ' (share of 1)' : ''}</figcaption></figure>`,
        )
        .join('')}</div>`;
    case 'preference-charts': {
      const swatches = PREFERENCE_SEGMENTS.map(
        (s) => `<span><i class="swatch" style="background:${s.colour}"></i>${s.label}</span>`,
      ).join('');
      const charts = b.panels
        .map((p) => `<figure><h3>${escapeHtml(p.model)}</h3>${preferenceBars(p.model, p.shares)}</figure>`)
        .join('');
      return `<div class="legend">${swatches}</div><div class="pref-grid">${charts}</div>`;
    }
    case 'strength-forest':
      return `<figure>${forestSvg(b.label, b.strengths)}<figcaption>${escapeHtml(b.label)}</figcaption></figure>`;
  }
}

function legend(models: ReadonlyArray<string>): string {
  return `<div class="legend">${models
    .map((model, i) => {
      const { colour, dash } = seriesStyle(i);
      return `<span><svg viewBox="0 0 28 10"><line x1="0" x2="28" y1="5" y2="5" stroke="${colour}" stroke-width="2.5" stroke-dasharray="${dash}"/></svg>${escapeHtml(model)}</span>`;
    })
    .join('')}</div>`;
}

function table(t: ReportTable): string {
  const { numericFrom = Infinity, groupFirstColumn = false, className } = t;
  const cell = (tag: 'th' | 'td', c: ReportCell, i: number) => {
    if (typeof c === 'object' && 'heat' in c) {
      const { background, color } = heatColours(c.heat);
      return `<td class="cell" style="background:${background};color:${color}" title="${escapeHtml(c.title)}">${rich(c.content)}</td>`;
    }
    return `<${tag}${i >= numericFrom ? ' class="num"' : ''}>${rich(c)}</${tag}>`;
  };
  const body = t.rows.map((row, r) => {
    const startsGroup = groupFirstColumn && r > 0 && !sameCell(row[0], t.rows[r - 1]![0]);
    const cells = groupFirstColumn && r > 0 && !startsGroup ? ['', ...row.slice(1)] : row;
    return `<tr${startsGroup ? ' class="group"' : ''}>${cells.map((c, i) => cell('td', c, i)).join('')}</tr>`;
  });
  return (
    `<table${className ? ` class="${className}"` : ''}><thead><tr>${t.head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>` +
    `<tbody>${body.join('')}</tbody></table>`
  );
}
