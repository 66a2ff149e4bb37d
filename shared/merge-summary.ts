/** One line per merged package, as `blindrate merge` prints it and the app's Returns table shows it. */

/** What a merge did with one package (electron/services/merge.ts PackageMergeSummary). */
export interface MergeCounts {
  file: string;
  rater: string;
  unchanged: boolean;
  answersAdded: number;
  answersReplaced: number;
  answersKeptNewer: number;
  flagsChanged: number;
  locked: boolean;
  auditEntriesAppended: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describeMerge(s: MergeCounts): string {
  if (s.unchanged) return `${s.file} (${s.rater}): already merged, nothing changed.`;
  const parts = [`${plural(s.answersAdded, 'answer')} added`];
  if (s.answersReplaced > 0)
    parts.push(`${plural(s.answersReplaced, 'answer')} of an earlier package replaced by later edits`);
  if (s.answersKeptNewer > 0)
    parts.push(`${plural(s.answersKeptNewer, 'answer')} kept from an earlier package edited later`);
  parts.push(
    `${plural(s.flagsChanged, 'flag')} changed`,
    `${plural(s.auditEntriesAppended, 'audit entry')} appended`.replace('entrys', 'entries'),
  );
  if (s.locked) parts.push('rater locked');
  return `${s.file} (${s.rater}): ${parts.join(', ')}.`;
}

