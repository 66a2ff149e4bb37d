/**
 * The hash chain over an audit log. Each entry's hash is SHA-256 over the previous entry's hash and
 * the entry's canonical content, so changing, inserting or dropping any entry changes every later
 * hash: `verifyAuditChain` names the first entry whose stored hash no longer follows. The hash
 * function is passed in (node:crypto in the main process) so this module stays pure.
 */
import { displaySafeName } from './text/names';

/** An audit entry's content as stored: values are JSON text or null. */
export interface AuditContent {
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  oldValue: string | null;
  newValue: string | null;
  appVersion: string;
}

export interface ChainedAuditEntry extends AuditContent {
  hash: string;
}

/** Hex SHA-256 of a UTF-8 string. */
export type Sha256 = (text: string) => string;

/** The "previous hash" of the first entry. */
export const CHAIN_START = '0'.repeat(64);

/** A JSON array in a fixed field order: no separator ambiguity, no dependence on object key order. */
export function canonicalAuditContent(entry: AuditContent): string {
  return JSON.stringify([
    entry.actor,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.oldValue,
    entry.newValue,
    entry.at,
    entry.appVersion,
  ]);
}

export function chainHash(previousHash: string, entry: AuditContent, sha256: Sha256): string {
  return sha256(`${previousHash}\n${canonicalAuditContent(entry)}`);
}

export type ChainVerdict =
  | { ok: true; entries: number; head: string }
  /** `position` is 1-based in log order. */
  | { ok: false; position: number; reason: string };

export function verifyAuditChain(entries: Iterable<ChainedAuditEntry>, sha256: Sha256): ChainVerdict {
  let previous = CHAIN_START;
  let position = 0;
  for (const entry of entries) {
    position++;
    const expected = chainHash(previous, entry, sha256);
    if (entry.hash !== expected) {
      return {
        ok: false,
        position,
        reason: `audit entry ${position} (${displaySafeName(entry.action)} by ${displaySafeName(entry.actor)} at ${displaySafeName(entry.at)}) does not follow from the entries before it`,
      };
    }
    previous = entry.hash;
  }
  return { ok: true, entries: position, head: previous };
}
