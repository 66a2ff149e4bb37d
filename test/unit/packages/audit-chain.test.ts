import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_START,
  chainHash,
  verifyAuditChain,
  type AuditContent,
  type ChainedAuditEntry,
} from '../../../shared/audit-chain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function chained(contents: AuditContent[]): ChainedAuditEntry[] {
  let previous = CHAIN_START;
  return contents.map((content) => {
    const hash = chainHash(previous, content, sha256);
    previous = hash;
    return { ...content, hash };
  });
}

const entry = (n: number, newValue: string): AuditContent => ({
  at: `2026-01-01T00:00:0${n}.000Z`,
  actor: 'Dr A',
  action: 'rating.create',
  entity: 'task',
  entityId: `t${n}`,
  oldValue: null,
  newValue,
  appVersion: '0.1.0',
});

describe('verifyAuditChain', () => {
  const log = chained([entry(1, '{"v":1}'), entry(2, '{"v":2}'), entry(3, '{"v":3}')]);

  it('accepts an untouched chain and reports its length and head', () => {
    expect(verifyAuditChain(log, sha256)).toEqual({ ok: true, entries: 3, head: log[2]!.hash });
  });

  it('names the first entry whose content was changed', () => {
    const tampered = log.map((e, i) => (i === 1 ? { ...e, newValue: '{"v":5}' } : e));
    expect(verifyAuditChain(tampered, sha256)).toMatchObject({ ok: false, position: 2 });
  });

  it('detects a dropped entry at the entry after it', () => {
    expect(verifyAuditChain([log[0]!, log[2]!], sha256)).toMatchObject({ ok: false, position: 2 });
  });

  it('detects an entry whose hash was recomputed without its successors', () => {
    const forged = { ...entry(2, '{"v":9}') };
    const rehashed = { ...forged, hash: chainHash(log[0]!.hash, forged, sha256) };
    expect(verifyAuditChain([log[0]!, rehashed, log[2]!], sha256)).toMatchObject({ ok: false, position: 3 });
  });

  it('depends on every field (here the app version)', () => {
    expect(verifyAuditChain([{ ...log[0]!, appVersion: '9.9.9' }], sha256)).toMatchObject({ ok: false, position: 1 });
  });
});
