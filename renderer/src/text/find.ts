/** Start and end offsets of one occurrence of the find query in a text. */
export type MatchRange = [start: number, end: number];

/** Case-insensitive literal occurrences of `query`, left to right, not overlapping. */
export function findMatches(text: string, query: string): MatchRange[] {
  const needle = query.trim();
  if (!needle) return [];
  // A regular expression (not lower-casing both strings) keeps offsets valid in the original text.
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  return Array.from(text.matchAll(pattern), (m) => [m.index, m.index + m[0].length] as MatchRange);
}
