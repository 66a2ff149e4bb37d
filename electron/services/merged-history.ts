/**
 * How a returned package's audit chain stands against the versions of it merged before. The master keeps a
 * copy of every entry a merge took from the package (just before that merge's own `package.merge` entry,
 * which records the package's entry count), so the package's chain as merged can be rebuilt and its hash
 * at every position recomputed: enough to tell a later version (it extends what was merged), an older copy
 * (what was merged extends it) and a diverged one (they share only a first part).
 */
import { CHAIN_START, chainHash, type AuditContent, type ChainedAuditEntry } from '../../shared/audit-chain';
import { readAuditEntriesBefore, readPackageMergeEntries, sha256 } from '../../db/audit';
import type { StudyDb } from '../../db/connection';

/** What a `package.merge` entry records (the counts are left out). */
export interface PackageMergeRecord {
  file: string;
  /** The package's entry count once merged. */
  entries: number;
  /** Set when the merge took a diverged copy: the entries it kept of what was merged before. */
  divergedAt?: number;
}

export type HistoryRelation =
  /** First merge, the same version again, or a later one: its chain starts with everything merged. */
  | { kind: 'extends' }
  | { kind: 'older'; mergedFile: string; answersFewer: number; entriesFewer: number }
  | { kind: 'diverged'; commonEntries: number; mergedEntries: number };

/** The package's entries as merged so far, oldest first. */
export function readMergedPackageHistory(master: StudyDb, packageId: string): AuditContent[] {
  let history: AuditContent[] = [];
  for (const merge of readPackageMergeEntries(master, packageId)) {
    const record = JSON.parse(merge.newValue) as PackageMergeRecord;
    const kept = record.divergedAt ?? history.length;
    history = [...history.slice(0, kept), ...readAuditEntriesBefore(master, merge.id, record.entries - kept)];
  }
  return history;
}

export function relateToMergedHistory(
  master: StudyDb,
  packageId: string,
  merged: { head: string | null; entries: number },
  entries: readonly ChainedAuditEntry[],
): HistoryRelation {
  if (merged.head === null || merged.entries === 0 || entries[merged.entries - 1]?.hash === merged.head)
    return { kind: 'extends' };
  const history = readMergedPackageHistory(master, packageId);
  let hash = CHAIN_START;
  let common = 0;
  while (common < Math.min(history.length, entries.length)) {
    hash = chainHash(hash, history[common]!, sha256);
    if (hash !== entries[common]!.hash) break;
    common++;
  }
  if (common < entries.length) return { kind: 'diverged', commonEntries: common, mergedEntries: history.length };
  const lastMerge = readPackageMergeEntries(master, packageId).at(-1)!;
  return {
    kind: 'older',
    mergedFile: (JSON.parse(lastMerge.newValue) as PackageMergeRecord).file,
    answersFewer: history.slice(common).filter((e) => e.action.endsWith('.create')).length,
    entriesFewer: history.length - common,
  };
}
