import { memo, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../../shared/text/markdown';

function inlines(content: Inline[]): ReactNode[] {
  return content.map((part, i) => {
    switch (part.kind) {
      case 'text':
        return part.text;
      case 'code':
        return <code key={i}>{part.text}</code>;
      case 'strong':
        return <strong key={i}>{inlines(part.children)}</strong>;
      case 'emphasis':
        return <em key={i}>{inlines(part.children)}</em>;
    }
  });
}

/**
 * The study's instructions, drawn from their Markdown as React text: nothing is ever set as HTML, and
 * there are no anchors or images (shared/text/markdown.ts), so nothing here can open or load anything.
 * Headings start at h3, under the dialog's own title and section heading.
 */
export const InstructionsText = memo(function InstructionsText({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return (
    <div className="instructions">
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
          return <Heading key={i}>{inlines(block.content)}</Heading>;
        }
        if (block.kind === 'paragraph') return <p key={i}>{inlines(block.content)}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{inlines(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
});
