import type { MatchRange } from '../text/find';

interface Props {
  text: string;
  ranges: MatchRange[];
  /** Index into `ranges` of the match the rater is on, or -1. */
  current: number;
}

/** Text with each find match wrapped in <mark>; the current one is marked for styling and scrolling. */
export function HighlightedText({ text, ranges, current }: Props) {
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], i) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="find-match" data-current={i === current || undefined}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
