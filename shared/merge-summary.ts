/** One line per merged package, as `blindrate merge` prints it and the app's Returns table shows it. */

/** What a merge did with one package (electron/services/merge.ts adds the package id: PackageMergeSummary). */
export interface MergeCounts {
  file: string;
  rater: string;
  /** The package was merged before and nothing changed since. */
  unchanged: boolean;
  answersAdded: number;
  /** Answers that replaced another package's older answer (a re-issued package). */
  answersReplaced: number;
  /** Answers kept from another package because the master's was edited later. */
  answersKeptNewer: number;
  flagsChanged: number;
  locked: boolean;
  auditEntriesAppended: number;
  /** The package's history begins with the anchor recorded at pack (false: issued before anchors). */
  anchored: boolean;
  /** A lock receipt was given or recorded, and the package's chain at the lock matches it. */
  receiptConfirmed: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describeMerge(s: MergeCounts): string {
  const receipt = s.receiptConfirmed ? 'lock receipt confirmed' : null;
  const unanchored = s.anchored
    ? ''
    : ' Unanchored: issued before BlindRate anchored packages, so its history is checked only for consistency.';
  if (s.unchanged)
    return `${s.file} (${s.rater}): already merged, nothing changed${receipt ? `; ${receipt}` : ''}.${unanchored}`;
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
  if (receipt) parts.push(receipt);
  return `${s.file} (${s.rater}): ${parts.join(', ')}.${unanchored}`;
}

/** What merging an adjudication package did (electron/services/adjudication-merge.ts AdjudicationMergeSummary). */
export interface AdjudicationMergeCounts {
  file: string;
  adjudicator: string;
  settled: number;
  disputes: number;
  locked: boolean;
}

/** One line per merged adjudication package, as `blindrate merge` prints it and the Returns table shows it. */
export function describeAdjudicationMerge(s: AdjudicationMergeCounts): string {
  return `Merged ${s.file}: ${s.adjudicator} settled ${s.settled} of ${s.disputes} disputes${s.locked ? ' (locked)' : ''}.`;
}
