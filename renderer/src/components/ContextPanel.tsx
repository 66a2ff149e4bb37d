import { Badge, Group, TextInput, Title } from '@mantine/core';
import { memo, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { findMatches, type MatchRange } from '../text/find';
import { splitSections } from '../text/sections';
import { useUi } from '../stores/ui';
import { HighlightedText } from './HighlightedText';
import { scrollIntoPane } from './scrollIntoPane';

interface Props {
  text: string;
  findInputRef: RefObject<HTMLInputElement | null>;
  /** Esc in the find field hands the keyboard back to the workspace. */
  onLeaveFind(): void;
}

interface Match {
  section: number;
  /** Index of the match within its section. */
  local: number;
}

/**
 * The long clinical context (e.g. a discharge summary): a readable measure, sections that fold, and
 * find-in-text that highlights every match and steps through them with Enter / Shift+Enter.
 */
export const ContextPanel = memo(function ContextPanel({ text, findInputRef, onLeaveFind }: Props) {
  const sections = useMemo(() => splitSections(text), [text]);
  const query = useUi((s) => s.findQuery);
  const setQuery = useUi((s) => s.setFindQuery);
  const [current, setCurrent] = useState(0);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const bodyRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  const rangesBySection: MatchRange[][] = useMemo(
    () => sections.map((s) => findMatches(s.body, query)),
    [sections, query],
  );
  const matches: Match[] = useMemo(
    () => rangesBySection.flatMap((ranges, section) => ranges.map((_, local) => ({ section, local }))),
    [rangesBySection],
  );
  const currentIndex = matches.length ? Math.min(current, matches.length - 1) : -1;
  const currentMatch = currentIndex >= 0 ? matches[currentIndex] : undefined;

  // A task opens at the top (as the rater guide says), even when the find query kept from the task before
  // has matches here: only a new query or stepping to another match scrolls to it.
  const atOpen = useRef<{ index: number; query: string } | null>({ index: currentIndex, query });
  useEffect(() => {
    const opened = atOpen.current;
    if (opened && opened.index === currentIndex && opened.query === query) return;
    atOpen.current = null;
    scrollIntoPane(bodyRef.current?.querySelector('mark[data-current]'), 'center');
  }, [currentIndex, query]);

  const step = (delta: number) => {
    if (!matches.length) return;
    const next = (currentIndex + delta + matches.length) % matches.length;
    const target = matches[next]!;
    // A match inside a folded section opens it, otherwise the highlight could not be seen.
    if (collapsed.has(target.section)) setCollapsed(new Set([...collapsed].filter((i) => i !== target.section)));
    setCurrent(next);
  };

  const toggle = (index: number) => {
    const next = new Set(collapsed);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setCollapsed(next);
  };

  const status = !query.trim() ? '' : matches.length ? `${currentIndex + 1} of ${matches.length}` : 'No matches';

  return (
    <section aria-labelledby={`${baseId}-title`} className="context-panel">
      <Group justify="space-between" align="flex-end" wrap="nowrap" className="context-toolbar">
        <Title order={2} size="h4" id={`${baseId}-title`}>
          Context
        </Title>
        <TextInput
          ref={findInputRef}
          type="search"
          label="Find in context"
          description="Ctrl+F or /, Enter for next"
          placeholder="e.g. allergy"
          value={query}
          size="sm"
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setCurrent(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              step(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onLeaveFind();
            }
          }}
          rightSectionWidth={90}
          rightSection={
            status ? (
              <Badge variant="outline" color="gray" size="sm" aria-hidden>
                {status}
              </Badge>
            ) : null
          }
        />
      </Group>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status && `Find: ${status}`}
      </div>
      <div ref={bodyRef} className="reading">
        {sections.map((section, index) => {
          const open = !collapsed.has(index);
          const bodyId = `${baseId}-s${index}`;
          const ranges = rangesBySection[index]!;
          const body = (
            <div id={bodyId} className="section-body" hidden={!open}>
              <HighlightedText
                text={section.body}
                ranges={ranges}
                current={currentMatch?.section === index ? currentMatch.local : -1}
              />
            </div>
          );
          if (section.title === null) return <div key={index}>{body}</div>;
          return (
            <div key={index} className="context-section">
              <h3 className="section-heading">
                {/* A plain button: a context has dozens of sections, mounted afresh for every task. */}
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={bodyId}
                  onClick={() => toggle(index)}
                  className="section-toggle"
                >
                  <span aria-hidden className="chevron" data-open={open || undefined}>
                    ▸
                  </span>
                  {section.title}
                  {ranges.length > 0 && <span className="section-hits"> · {ranges.length} found</span>}
                </button>
              </h3>
              {body}
            </div>
          );
        })}
      </div>
    </section>
  );
});
