/**
 * The report model: what the report says, as data. buildReportModel (build.ts) makes it from an
 * AnalysisResult and the study's facts; the HTML report (html.ts) and the app's Reports screen each
 * render it, so both show the same sections, tables, empty states and figures.
 */
import type { AnalysisDimension, BinMean, PreferenceShare } from '../analysis/types';
import type { ForestRow } from './forest';

/** Inline text: plain strings (renderers escape them) and a few styles, nested as needed. */
export type Inline = string | { style: InlineStyle; content: Inline[] };
export type InlineStyle = 'strong' | 'em' | 'code' | 'sub' | 'small' | 'note' | 'ci';
export type Rich = string | Inline[];

/** A dimension key's label in the report: the rubric's label, "Preference", or the key itself. */
export type Labeller = (key: string) => string;

export interface ReportModel {
  title: string;
  /** The line under the title: who made it and when. */
  subtitle: string;
  sections: ReportSection[];
}

export interface ReportSection {
  /** Stable identifier, e.g. "agreement"; the HTML gives the Methods section class="methods". */
  id: string;
  title: string;
  blocks: ReportBlock[];
}

export type ReportBlock =
  | { kind: 'paragraph'; text: Rich; note?: boolean }
  | { kind: 'heading'; text: Rich }
  | { kind: 'facts'; facts: ReadonlyArray<{ value: number; caption: string }> }
  | { kind: 'table'; table: ReportTable }
  | { kind: 'bin-charts'; models: ReadonlyArray<string>; panels: ReadonlyArray<BinPanel> }
  | { kind: 'preference-charts'; panels: ReadonlyArray<PreferencePanel> }
  | { kind: 'strength-forest'; label: string; strengths: ReadonlyArray<ForestRow> };

export interface BinPanel {
  dimension: AnalysisDimension;
  label: string;
  cells: ReadonlyArray<BinMean>;
}

export interface PreferencePanel {
  model: string;
  shares: ReadonlyArray<PreferenceShare>;
}

/** A cell: its content, or a heat-map cell shaded by `heat` (−1 … 1, null = undefined) with a tooltip. */
export type ReportCell = Rich | { content: Rich; heat: number | null; title: string };

export interface ReportTable {
  /** What the table shows, in a few words: the screen's accessible name for it. */
  label: string;
  head: Rich[];
  rows: ReportCell[][];
  /** Columns from this index on are right-aligned numbers. */
  numericFrom?: number;
  /** Show the first column only where it changes, with a rule above each new group. */
  groupFirstColumn?: boolean;
  className?: 'heat' | 'corr';
}

// ── Builders used by the section modules ─────────────────────────────────────────────────────────

export function paragraph(text: Rich): ReportBlock {
  return { kind: 'paragraph', text };
}

/** A dimmed paragraph: an explanation or an empty state ("No preference choices yet."). */
export function note(text: Rich): ReportBlock {
  return { kind: 'paragraph', text, note: true };
}

export function heading(text: Rich): ReportBlock {
  return { kind: 'heading', text };
}

export function tableBlock(table: ReportTable): ReportBlock {
  return { kind: 'table', table };
}

export function styled(style: InlineStyle, content: Rich): Inline {
  return { style, content: typeof content === 'string' ? [content] : content };
}

export const strong = (content: Rich): Inline => styled('strong', content);
export const code = (content: Rich): Inline => styled('code', content);

const TAGS: Record<string, InlineStyle> = {
  b: 'strong',
  i: 'em',
  code: 'code',
  sub: 'sub',
  small: 'small',
  'span class="note"': 'note',
  'span class="ci"': 'ci',
};

/**
 * Fixed prose with a little markup — <b>, <i>, <code>, <sub>, <small>, <span class="note|ci"> — as
 * inline runs. Text between tags is taken literally (no entities), so data must never be passed here:
 * put data in the runs around it, where renderers escape it.
 */
export function markup(text: string): Inline[] {
  const root: Inline[] = [];
  const open: Array<{ tag: string; content: Inline[] }> = [];
  const target = () => open.at(-1)?.content ?? root;
  for (const part of text.split(/(<\/?(?:b|i|code|sub|small|span(?: class="(?:note|ci)")?)>)/)) {
    const tag = /^<(\/?)([^>]+)>$/.exec(part);
    if (!tag) {
      if (part) target().push(part);
    } else if (tag[1] === '') {
      open.push({ tag: tag[2]!, content: [] });
    } else {
      const closed = open.pop();
      if (!closed || !closed.tag.startsWith(tag[2]!)) throw new Error(`Unbalanced </${tag[2]}> in report markup.`);
      target().push({ style: TAGS[closed.tag]!, content: closed.content });
    }
  }
  if (open.length > 0) throw new Error(`Unclosed <${open[0]!.tag}> in report markup.`);
  return root;
}

/** Every table of a model, in reading order. */
export function modelTables(model: ReportModel): ReportTable[] {
  return model.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : [])));
}

/** Whether two cells show the same thing (a grouped first column hides repeats). */
export function sameCell(a: ReportCell | undefined, b: ReportCell | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
