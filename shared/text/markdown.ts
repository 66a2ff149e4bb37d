/**
 * The small part of Markdown a coordinator needs for rater instructions: headings, paragraphs, bullet
 * and numbered lists, bold, italics and code. The result is data for the screen to draw as text, never
 * HTML: tags are shown as typed, a link shows its text and address without opening anything, and an
 * image shows its description only, so instructions can load nothing from anywhere.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'emphasis'; children: Inline[] }
  | { kind: 'code'; text: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const line of source.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line.trim()) {
      flush();
    } else if (heading) {
      flush();
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, content: parseInline(heading[2]!) });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

// Code spans first (nothing inside them is markup), then images and links (their text kept, their
// address shown as text), then bold before italics.
const INLINE =
  /`([^`]+)`|!\[([^\]]*)\]\([^)]*\)|\[([^\]]+)\]\(([^)\s]*)[^)]*\)|\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  const pushText = (t: string) => {
    if (!t) return;
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    pushText(rest.slice(0, match.index));
    const [, code, imageAlt, linkText, linkAddress, strong1, strong2, em1, em2] = match;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (imageAlt !== undefined) pushText(imageAlt ? `[image: ${imageAlt}]` : '');
    else if (linkText !== undefined) {
      for (const part of parseInline(linkText)) {
        if (part.kind === 'text') pushText(part.text);
        else out.push(part);
      }
      if (linkAddress && linkAddress !== linkText) pushText(` (${linkAddress})`);
    } else if (strong1 !== undefined || strong2 !== undefined)
      out.push({ kind: 'strong', children: parseInline((strong1 ?? strong2)!) });
    else out.push({ kind: 'emphasis', children: parseInline((em1 ?? em2)!) });
    rest = rest.slice(match.index + match[0].length);
  }
  pushText(rest);
  return out;
}
