/** Studies from before the audit chain (schema 1) get their existing audit rows chained on upgrade, and stay append-only. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../shared/audit-chain';
import { appendAudit, readAuditChain, sha256 } from '../../../db/audit';
import { openStudyDatabase } from '../../../db/connection';
import { initialSchema } from '../../../db/migrations/0001_initial';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test copper lantern';
const folder = mkdtempSync(join(tmpdir(), 'blindrate-audit-upgrade-'));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it('chains the rows of a schema-1 study when it is opened, then keeps appending to the chain', () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(path, PASSPHRASE, [initialSchema]);
  const insert = old.prepare(
    'INSERT INTO audit_log (at, actor, action, entity, entity_id, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  insert.run('2025-01-01T00:00:00.000Z', 'coordinator', 'study.create', 'study', 'Old', null, '{"name":"Old"}');
  insert.run('2025-01-02T00:00:00.000Z', 'Dr Old', 'rating.create', 'assignment', 'a1', null, '{"values":{"x":1}}');
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(verifyAuditChain(readAuditChain(db), sha256)).toMatchObject({ ok: true, entries: 2 });
    appendAudit(db, {
      at: '2026-01-01T00:00:00.000Z',
      actor: 'coordinator',
      action: 'plan.create',
      entity: 'plan',
      entityId: '1',
    });
    expect(verifyAuditChain(readAuditChain(db), sha256)).toMatchObject({ ok: true, entries: 3 });
    expect(() => db.prepare(`UPDATE audit_log SET actor = 'x' WHERE id = 1`).run()).toThrow(
      'the audit log is append-only',
    );
  } finally {
    db.close();
  }
});
