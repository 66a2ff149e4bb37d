/**
 * What the audit chain proves, claim by claim (docs/packages.md, "What the audit chain proves"). The
 * rater here holds the package key and uses it as a determined one would: edits tables with another
 * SQLCipher tool and, when that is not enough, rewrites the whole audit log with the documented hash
 * formula and recreates its triggers. Each test names which of those edits a merge detects, and with what.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAIN_START, chainHash, type AuditContent } from '../../../shared/audit-chain';
import type { Clock } from '../../../shared/clock';
import { lockReceipt } from '../../../shared/lock-receipt';
import { readAuditChain, sha256 } from '../../../db/audit';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { mergePackages, type MergeOptions } from '../../../electron/services/merge';
import {
  assignStudy,
  createSeededStudy,
  openPackageFile,
  PACKAGE_PASSPHRASE,
  packFor,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

/** The rater works the day after `pack` (fixedClock), one second per action; the coordinator merges the day after that. */
function raterClock(): Clock {
  let tick = 0;
  return () => new Date(Date.parse('2026-03-02T10:00:00.000Z') + 1000 * tick++);
}
const mergeClock: Clock = () => new Date('2026-03-03T09:00:00.000Z');

let study: SeededStudy;
let ada: OpenPackage;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob'], 2);
  ada = packFor(study, 'Dr Ada', 'dr-ada.blindrate', raterClock());
});
afterEach(() => {
  ada.close();
  study.cleanup();
});

const FILE = 'dr-ada.blindrate';

/** Rates every rating task quickly (400 ms each) and chooses A in every preference task. */
function rateEverything(p: OpenPackage): void {
  for (const t of p.session.listAssignments('rating'))
    p.session.saveRating({ assignmentId: t.assignmentId, values: ratingValues(4), comment: '', durationMs: 400 });
  for (const t of p.session.listAssignments('preference'))
    p.session.savePreference({ assignmentId: t.assignmentId, choice: 'A', comment: '', durationMs: 400 });
}

function firstRatingTask(p: OpenPackage): string {
  return p.session.listAssignments('rating')[0]!.assignmentId;
}

const merge = (options?: MergeOptions) => mergePackages(study.db, [ada.path], mergeClock, options);
const withReceipt = (receipt: string): MergeOptions => ({ receipts: new Map([[ada.path, receipt]]) });

/** The merge's refusal; the master must be unchanged by it. */
function refusal(options?: MergeOptions): string {
  const before = study.db.prepare('SELECT count(*) FROM audit_log').pluck().get();
  let message = '';
  try {
    merge(options);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(study.db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(before);
  return message;
}

/** Opens the closed package with its key, as another SQLCipher tool would, and edits it. */
function withKey(edit: (db: StudyDb) => void): void {
  ada.close();
  const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { kind: 'package' });
  try {
    edit(db);
  } finally {
    db.close();
  }
}

/**
 * Replaces the whole audit log by `rewrite(entries)` with every hash recomputed by the documented
 * formula, the append-only triggers dropped and recreated: a chain that verifies.
 */
function rewriteHistory(db: StudyDb, rewrite: (entries: AuditContent[]) => AuditContent[]): void {
  const entries = rewrite([...readAuditChain(db)].map(({ hash: _hash, ...content }) => content));
  db.exec('DROP TRIGGER audit_log_no_delete; DELETE FROM audit_log');
  const insert = db.prepare(
    `INSERT INTO audit_log (at, actor, action, entity, entity_id, old_value, new_value, app_version, hash)
     VALUES (@at, @actor, @action, @entity, @entityId, @oldValue, @newValue, @appVersion, @hash)`,
  );
  let previous = CHAIN_START;
  for (const entry of entries) {
    previous = chainHash(previous, entry, sha256);
    insert.run({ ...entry, hash: previous });
  }
  db.exec(`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
             BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`);
}

/** Changes a JSON field of every audit entry about `taskId` (old and new values alike). */
function editEntries(taskId: string, change: (value: Record<string, unknown>) => void) {
  return (entries: AuditContent[]) =>
    entries.map((entry) => {
      if (entry.entityId !== taskId || entry.newValue === null || entry.action === 'task.flag') return entry;
      const newValue = JSON.parse(entry.newValue) as Record<string, unknown>;
      change(newValue);
      return { ...entry, newValue: JSON.stringify(newValue) };
    });
}

const masterDuration = (taskId: string) =>
  study.db.prepare('SELECT duration_ms FROM responses WHERE assignment_id = ?').pluck().get(taskId);

describe('edits with the key that leave the audit log as it is are detected', () => {
  it('a changed duration_ms (which would clear the fast-answer flag) is refused', () => {
    rateEverything(ada);
    const task = firstRatingTask(ada);
    withKey((db) => db.prepare('UPDATE responses SET duration_ms = 95000 WHERE task_id = ?').run(task));
    expect(refusal()).toBe(`${FILE}: rating task 1: the stored duration 95000 ms differs from the audited 400 ms.`);
  });

  it('a changed time of the first or the last save is refused', () => {
    rateEverything(ada);
    const task = firstRatingTask(ada);
    withKey((db) =>
      db.prepare(`UPDATE responses SET submitted_at = '2026-03-02T09:30:00.000Z' WHERE task_id = ?`).run(task),
    );
    expect(refusal()).toBe(`${FILE}: rating task 1: the stored time of the first save differs from the audited one.`);
    withKey((db) =>
      db
        .prepare(
          `UPDATE responses SET submitted_at = updated_at, updated_at = '2026-03-02T11:00:00.000Z' WHERE task_id = ?`,
        )
        .run(task),
    );
    expect(refusal()).toBe(`${FILE}: rating task 1: the stored time of the last save differs from the audited one.`);
  });

  it('a save that changes only the time spent is audited too, so its total is checked', () => {
    const task = firstRatingTask(ada);
    ada.session.saveRating({ assignmentId: task, values: ratingValues(4), comment: '', durationMs: 400 });
    ada.session.saveRating({ assignmentId: task, values: ratingValues(4), comment: '', durationMs: 30000 });
    const last = [...readAuditChain(ada.db)].at(-1)!;
    expect(last).toMatchObject({ action: 'rating.update', entityId: task });
    expect(JSON.parse(last.newValue!)).toMatchObject({ durationMs: 30400 });
    ada.close();
    merge();
    expect(masterDuration(task)).toBe(30400);
  });
});

describe('the anchor: a history must begin with the entry pack wrote', () => {
  it('pack writes the anchor (package id, file salt, task digest) and the master records its hash', () => {
    const [anchor] = [...readAuditChain(ada.db)];
    const issued = study.db.prepare('SELECT id, file_salt, task_digest, anchor_hash FROM rater_packages').get() as {
      id: string;
      file_salt: string;
      task_digest: string;
      anchor_hash: string;
    };
    expect(anchor).toMatchObject({ action: 'package.anchor', actor: 'coordinator', entityId: issued.id });
    expect(JSON.parse(anchor!.newValue!)).toEqual({
      packageId: issued.id,
      fileSalt: issued.file_salt,
      taskDigest: issued.task_digest,
    });
    expect(anchor!.hash).toBe(issued.anchor_hash);
  });

  it('a history rebuilt from the start without the anchor, every hash recomputed, is refused', () => {
    rateEverything(ada);
    const task = firstRatingTask(ada);
    withKey((db) => {
      db.prepare(`UPDATE ratings SET value = 1 WHERE task_id = ? AND dimension = 'factuality'`).run(task);
      rewriteHistory(db, (entries) =>
        editEntries(task, (v) => {
          (v.values as Record<string, number>).factuality = 1;
        })(entries.slice(1)),
      );
    });
    expect(refusal()).toBe(
      `${FILE}: its audit history does not begin with the anchor written when it was packed (it was rebuilt or replaced).`,
    );
  });

  it('a forged anchor (a later issue time, another task list) with every hash recomputed is refused', () => {
    rateEverything(ada);
    withKey((db) =>
      rewriteHistory(db, ([anchor, ...rest]) => [{ ...anchor!, at: '2026-03-02T09:59:00.000Z' }, ...rest]),
    );
    expect(refusal()).toMatch(/^dr-ada\.blindrate: its audit history does not begin with the anchor/);
    // One naming another task list is refused by the package's own check (audit verify runs it too).
    const otherDigest = `"taskDigest":"${'0'.repeat(64)}"`;
    withKey((db) =>
      rewriteHistory(db, ([anchor, ...rest]) => [
        { ...anchor!, newValue: anchor!.newValue!.replace(/"taskDigest":"[0-9a-f]+"/, otherDigest) },
        ...rest,
      ]),
    );
    expect(refusal()).toBe(`${FILE}: its first audit entry names another package or task list than the file holds.`);
  });

  it('is not enough alone: a rewrite that keeps the anchor and stays consistent is accepted without a receipt', () => {
    rateEverything(ada);
    const task = firstRatingTask(ada);
    withKey((db) => {
      db.prepare('UPDATE responses SET duration_ms = 95000 WHERE task_id = ?').run(task);
      rewriteHistory(
        db,
        editEntries(task, (v) => {
          v.durationMs = 95000;
        }),
      );
    });
    expect(merge()[0]).toMatchObject({ anchored: true, receiptConfirmed: false });
    expect(masterDuration(task)).toBe(95000);
  });

  /** Entries as BlindRate wrote them before it audited durations and save times. */
  const withoutAuditedTimes = (entries: AuditContent[]) =>
    entries.map((entry) => {
      if (entry.newValue === null || !entry.action.endsWith('.create')) return entry;
      const { durationMs: _d, submittedAt: _s, ...legacy } = JSON.parse(entry.newValue) as Record<string, unknown>;
      return { ...entry, newValue: JSON.stringify(legacy) };
    });

  it('an anchored package whose entries do not record durations and save times is refused', () => {
    rateEverything(ada);
    withKey((db) => rewriteHistory(db, ([anchor, ...rest]) => [anchor!, ...withoutAuditedTimes(rest)]));
    expect(refusal().split('\n')[0]).toBe(
      `${FILE}: rating task 1: its last audit entry does not record the time spent and the first save.`,
    );
  });

  it('a package issued before anchoring (no anchor, no audited durations) still merges, reported as unanchored', () => {
    rateEverything(ada);
    withKey((db) => rewriteHistory(db, ([, ...rest]) => withoutAuditedTimes(rest)));
    expect(refusal()).toMatch(/^dr-ada\.blindrate: its audit history does not begin with the anchor/);
    // As the master of such a package records it: no anchor.
    study.db.prepare('UPDATE rater_packages SET anchor_hash = NULL').run();
    const tasks = study.db.prepare('SELECT task_count FROM rater_packages').pluck().get();
    expect(merge()[0]).toMatchObject({ anchored: false, answersAdded: tasks });
  });
});

describe('a history rewritten before the last merge', () => {
  it('is refused unless the coordinator accepts a diverged history: the master recorded the chain head it merged', () => {
    const [first, second] = ada.session.listAssignments('rating').map((t) => t.assignmentId);
    ada.session.saveRating({ assignmentId: first!, values: ratingValues(4), comment: '', durationMs: 400 });
    ada.close();
    merge();
    withKey((db) => {
      db.prepare(`UPDATE ratings SET value = 1 WHERE task_id = ? AND dimension = 'factuality'`).run(first);
      rewriteHistory(
        db,
        editEntries(first!, (v) => {
          (v.values as Record<string, number>).factuality = 1;
        }),
      );
    });
    const reopened = openPackageFile(ada.path, raterClock());
    reopened.session.saveRating({ assignmentId: second!, values: ratingValues(3), comment: '', durationMs: 400 });
    reopened.close();
    expect(refusal()).toMatch(/^dr-ada\.blindrate: its audit history departs from the version merged on /);
  });
});

describe('the lock receipt', () => {
  function lockAndRead(): string {
    rateEverything(ada);
    const receipt = ada.session.lock().lockReceipt!;
    ada.close();
    return receipt;
  }

  it('is shown once locked, derived from the package id and the chain head at the lock, and confirmed by the merge', () => {
    expect(ada.session.rater().lockReceipt).toBeUndefined();
    const receipt = lockAndRead();
    expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const packageId = study.db.prepare('SELECT id FROM rater_packages').pluck().get() as string;
    const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
    const head = [...readAuditChain(db)].at(-1)!;
    db.close();
    expect(head.action).toBe('rater.lock');
    expect(receipt).toBe(lockReceipt(packageId, head.hash, sha256));
    // Read over the phone: lower case, no dashes, O for 0 and L for 1 are all understood.
    const spoken = receipt.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(merge(withReceipt(spoken))[0]).toMatchObject({ receiptConfirmed: true, locked: true });
    expect(study.db.prepare('SELECT lock_receipt FROM rater_packages').pluck().get()).toBe(receipt);
  });

  it('makes an edit after the receipt detectable even with the key: answer changed, history rewritten, lock kept', () => {
    const task = firstRatingTask(ada);
    const receipt = lockAndRead();
    withKey((db) => {
      db.prepare(`UPDATE ratings SET value = 1 WHERE task_id = ? AND dimension = 'factuality'`).run(task);
      rewriteHistory(
        db,
        editEntries(task, (v) => {
          (v.values as Record<string, number>).factuality = 1;
        }),
      );
    });
    expect(refusal(withReceipt(receipt))).toBe(
      `${FILE}: its history up to the lock does not match the lock receipt ${receipt}: it was changed after the receipt was read out, or the receipt belongs to another package.`,
    );
  });

  it('is kept by the master once given: a later merge of an edited copy is held to it without being told again', () => {
    const task = firstRatingTask(ada);
    const receipt = lockAndRead();
    merge(withReceipt(receipt));
    withKey((db) => {
      db.prepare('UPDATE responses SET duration_ms = 95000 WHERE task_id = ?').run(task);
      rewriteHistory(
        db,
        editEntries(task, (v) => {
          v.durationMs = 95000;
        }),
      );
    });
    expect(refusal()).toMatch(/^dr-ada\.blindrate: its history up to the lock does not match the lock receipt /);
  });

  it('refuses a mistyped receipt, another package’s, a second different one, and one for a package not locked', () => {
    const receipt = lockAndRead();
    const swapped = `${receipt.slice(0, 3)}${receipt[3] === 'X' ? 'Y' : 'X'}${receipt.slice(4)}`;
    expect(refusal(withReceipt(swapped))).toBe(
      `${FILE}: the receipt "${swapped}" cannot be right: it is mistyped (its check character does not match).`,
    );
    expect(refusal(withReceipt('12345'))).toMatch(/a receipt has 12 letters and digits/);
    const othersReceipt = lockReceipt('another-package', 'f'.repeat(64), sha256);
    expect(refusal(withReceipt(othersReceipt))).toMatch(/does not match the lock receipt/);
    merge(withReceipt(receipt));
    expect(refusal(withReceipt(othersReceipt))).toBe(
      `${FILE}: the receipt ${othersReceipt} is not the one given for this package before (${receipt}).`,
    );
  });

  it('given for a package that is not locked, is refused', () => {
    rateEverything(ada);
    ada.close();
    expect(refusal(withReceipt(lockReceipt('x', 'y', sha256)))).toMatch(/is given, but the package is not locked\.$/);
  });
});

describe('plausible times', () => {
  /** Moves a task's audited and stored times consistently, with the chain recomputed: only the plausibility check is left. */
  function moveTimes(taskId: string, at: string): void {
    withKey((db) => {
      db.prepare('UPDATE responses SET submitted_at = ?, updated_at = ? WHERE task_id = ?').run(at, at, taskId);
      rewriteHistory(db, (entries) =>
        editEntries(taskId, (v) => {
          v.submittedAt = at;
        })(entries).map((e) => (e.entityId === taskId && e.action.startsWith('rating') ? { ...e, at } : e)),
      );
    });
  }

  it('refuses a time in the future, a time that is no ISO instant and a time before the package was issued, one line each', () => {
    rateEverything(ada);
    const [first, second, third] = ada.session.listAssignments('rating').map((t) => t.assignmentId);
    moveTimes(first!, '2027-01-01T00:00:00.000Z');
    moveTimes(second!, '2026-02-30T10:00:00.000Z');
    moveTimes(third!, '2026-02-01T10:00:00.000Z');
    expect(refusal().split('\n')).toEqual([
      `${FILE}: rating task 1: its time 2027-01-01T00:00:00.000Z is in the future (now is 2026-03-03T09:00:00.000Z).`,
      `${FILE}: rating task 2: its time "2026-02-30T10:00:00.000Z" is not an ISO 8601 instant.`,
      `${FILE}: rating task 3: its time 2026-02-01T10:00:00.000Z is before the package was issued (2026-03-01T09:00:00.000Z).`,
    ]);
  });

  it('refuses a lock before an answer', () => {
    rateEverything(ada);
    const { lockedAt } = ada.session.lock();
    const task = firstRatingTask(ada);
    // Still before the merge, after the issue: only the order against the lock is wrong.
    moveTimes(task, '2026-03-02T23:00:00.000Z');
    expect(refusal()).toBe(
      `${FILE}: rating task 1: its time 2026-03-02T23:00:00.000Z is after the lock (${lockedAt}).`,
    );
  });
});
