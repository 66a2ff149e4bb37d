/**
 * Rater packages as files: what one holds (scanned table by table with the package key, as a curious
 * rater with another SQLCipher tool would), and a merge that refuses anything edited or foreign,
 * naming the file and the task, before it writes a thing.
 */
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAIN_START, chainHash, verifyAuditChain, type AuditContent } from '../../../shared/audit-chain';
import { appendAuditContent, readAuditChain, sha256 } from '../../../db/audit';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { checkPackageContents, mergePackages } from '../../../electron/services/merge';
import { readPackageFacts } from '../../../electron/services/session';
import { assignRaters } from '../../../electron/services/plan';
import { readPackageTasks } from '../../../db/package-file';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  itemId,
  MODELS,
  PACKAGE_PASSPHRASE,
  PLAN_SEED,
  openPackageFile,
  packFor,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

let study: SeededStudy;
let other: SeededStudy | null = null;
const opened: OpenPackage[] = [];

beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob', 'Dr Cy'], 2);
});
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
  other?.cleanup();
  other = null;
});

function pack(rater: string, file?: string): OpenPackage {
  const p = packFor(study, rater, file);
  opened.push(p);
  return p;
}

/** Rates every rating task and chooses in every preference task, then closes the file as the app does on quit. */
function rateAll(p: OpenPackage, level = 4): void {
  for (const t of p.session.listAssignments('rating'))
    p.session.saveRating({ assignmentId: t.assignmentId, values: ratingValues(level), comment: '', durationMs: 1000 });
  for (const t of p.session.listAssignments('preference'))
    p.session.savePreference({ assignmentId: t.assignmentId, choice: 'A', comment: '', durationMs: 1000 });
  p.close();
}

/** Opens the package with its key, as someone editing it with another SQLCipher tool would. */
function tamper(p: OpenPackage, edit: (db: StudyDb) => void): void {
  p.close();
  const db = openStudyDatabase(p.path, p.passphrase, { kind: 'package' });
  try {
    edit(db);
  } finally {
    db.close();
  }
}

const merge = (...packages: OpenPackage[]) =>
  mergePackages(
    study.db,
    packages.map((p) => p.path),
    fixedClock,
  );
const masterAnswers = () => study.db.prepare('SELECT count(*) FROM responses').pluck().get();

/**
 * Reads every table and column of the package with its key and fails on any forbidden word in a column
 * name or value in a cell; returns how many cells it read.
 */
function scanPackage(p: OpenPackage, forbiddenValues: string[], forbiddenColumnWords: string[] = []): number {
  const tables = p.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  // The adjudication tables (package schema 4) and the pairwise aspect choices (schema 5) are in every package,
  // empty unless used; scanned as the rest.
  expect(tables.sort()).toEqual(
    [
      'adjudication_disputes',
      'adjudication_marks',
      'audit_log',
      'package_meta',
      'pairwise_aspect_choices',
      'preferences',
      'ratings',
      'responses',
      'sqlite_sequence',
      'tasks',
    ].sort(),
  );
  let cells = 0;
  for (const table of tables) {
    const columns = (p.db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).join(' ');
    for (const word of [
      'model',
      'score',
      'bin',
      'item',
      'sample',
      'seed',
      'rater_id',
      'presented',
      'outcome',
      'reference',
      ...forbiddenColumnWords,
    ]) {
      expect(columns, `${table} columns`).not.toContain(word);
    }
    for (const row of p.db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]) {
      for (const cell of row) {
        cells++;
        for (const secret of forbiddenValues)
          expect(String(cell), `${table}: ${String(cell).slice(0, 40)}`).not.toContain(secret);
      }
    }
  }
  return cells;
}

const forbiddenOf = (raters: string[]) => [
  ...study.secrets,
  ...raters,
  'rouge1',
  'presented',
  ...(study.db.prepare('SELECT DISTINCT avg_score FROM tasks').pluck().all() as number[]).map(String),
];

describe('a package holds only what its rater must read', () => {
  it('has no model, item id, score, bin, sample parameter, A/B truth, other rater or source file in any table or column', () => {
    const p = pack('Dr Ada');
    const rater = readPackageFacts(p.db).raterName;
    expect(scanPackage(p, forbiddenOf(['Dr Bob', 'Dr Cy']))).toBeGreaterThan(100);
    expect(rater).toBe('Dr Ada');
  });

  it('with quality control designed in, names no role: a repeat is its first showing under a fresh id, a reference control any answer; only calibration tasks carry feedback', () => {
    const calibrationFile = {
      name: 'calibration.csv',
      text: `item_id,model,factuality,rationale\n${itemId(0)},${MODELS[0]},4,Accurate but long\n${itemId(1)},${MODELS[1]},2,Misstates the dose`,
    };
    assignRaters(study.db, {
      raters: ['Dr Ada', 'Dr Bob'],
      seed: PLAN_SEED,
      replace: true,
      qc: { repeats: 0.2, referenceControls: 2, calibration: 2 },
      calibrationFile,
      clock: fixedClock,
    });
    const p = pack('Dr Ada');
    scanPackage(
      p,
      [...forbiddenOf(['Dr Bob']), 'repeat', 'reference_control', 'calibration', 'Judged'],
      ['qc', 'role', 'first', 'calibration', 'repeat'],
    );
    const tasks = readPackageTasks(p.db);
    const planned = study.db
      .prepare(
        `SELECT a.id, a.qc_role, a.first_showing, i.reference FROM assignments a JOIN raters r ON r.id = a.rater_id
                JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id JOIN items i ON i.item_id = o.item_id
                WHERE r.name = 'Dr Ada' ORDER BY a.position`,
      )
      .all() as { id: string; qc_role: string | null; first_showing: string | null; reference: string }[];
    expect(tasks.map((t) => t.id)).toEqual(planned.map((a) => a.id));
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const repeats = planned.filter((a) => a.qc_role === 'repeat');
    expect(repeats).toHaveLength(3);
    for (const repeat of repeats) {
      const { id: _id, position: _position, ...shown } = taskById.get(repeat.id)!;
      const { id: firstId, position: _firstPosition, ...firstShown } = taskById.get(repeat.first_showing!)!;
      expect(repeat.id).not.toBe(firstId);
      expect(shown).toEqual(firstShown);
    }
    const references = planned.filter((a) => a.qc_role === 'reference_control');
    expect(references).toHaveLength(2);
    for (const control of references)
      expect(taskById.get(control.id)).toMatchObject({
        kind: 'rating',
        answerA: control.reference,
        answerB: null,
        feedback: null,
      });
    expect(tasks.slice(0, 2).map((t) => t.feedback)).toEqual([
      { expected: { factuality: 4 }, rationale: 'Accurate but long' },
      { expected: { factuality: 2 }, rationale: 'Misstates the dose' },
    ]);
    expect(tasks.slice(2).every((t) => t.feedback === null)).toBe(true);
  });

  it('gives each rater only their planned tasks', () => {
    const ada = pack('Dr Ada');
    const planned = study.db
      .prepare(
        `SELECT a.id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = 'Dr Ada' ORDER BY a.position`,
      )
      .pluck()
      .all();
    expect(ada.db.prepare('SELECT id FROM tasks ORDER BY position').pluck().all()).toEqual(planned);
  });
});

describe('merge', () => {
  it('brings every answer back, names the package on each, and a second merge changes nothing', () => {
    const ada = pack('Dr Ada');
    const bob = pack('Dr Bob');
    rateAll(ada);
    rateAll(bob, 2);
    const [a, b] = merge(ada, bob);
    expect(a).toMatchObject({ rater: 'Dr Ada', unchanged: false, answersAdded: 14 });
    expect(b).toMatchObject({ rater: 'Dr Bob', answersAdded: 14 });
    expect(masterAnswers()).toBe(28);
    expect(study.db.prepare('SELECT count(DISTINCT package_id) FROM responses').pluck().get()).toBe(2);
    const auditBefore = study.db.prepare('SELECT count(*) FROM audit_log').pluck().get();
    expect(merge(ada)[0]).toMatchObject({ unchanged: true, answersAdded: 0 });
    expect(study.db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(auditBefore);
    expect(verifyAuditChain(readAuditChain(study.db), sha256)).toMatchObject({ ok: true });
  });

  it('merges a package of schema 1 (issued before calibration feedback) read-only, as it is', () => {
    const ada = pack('Dr Ada');
    rateAll(ada);
    tamper(ada, (db) => {
      db.exec('ALTER TABLE tasks DROP COLUMN feedback');
      db.pragma('user_version = 1');
    });
    expect(merge(ada)[0]!.answersAdded).toBeGreaterThan(0);
  });

  it('refuses a package still open in BlindRate with one line, leaving the master as it was; once closed it merges', () => {
    const ada = pack('Dr Ada');
    const stillOpen = /^Dr-Ada\.blindrate: is open in BlindRate or another program: close it there, then merge it\.$/;
    // Locked from the moment the app opens it, not only from its first save.
    expect(() => merge(ada)).toThrow(stillOpen);
    const first = ada.session.listAssignments('rating')[0]!.assignmentId;
    ada.session.saveRating({ assignmentId: first, values: ratingValues(3), comment: '', durationMs: 5 });
    expect(() => merge(ada)).toThrow(stillOpen);
    expect(masterAnswers()).toBe(0);
    ada.close();
    expect(merge(ada)[0]!.answersAdded).toBe(1);
  });

  it('takes later edits of a package merged before, and a lock', () => {
    const ada = pack('Dr Ada');
    const first = ada.session.listAssignments('rating')[0]!.assignmentId;
    ada.session.saveRating({ assignmentId: first, values: ratingValues(3), comment: '', durationMs: 5 });
    ada.close();
    merge(ada);
    const reopened = openPackageFile(ada.path);
    opened.push(reopened);
    reopened.session.saveRating({
      assignmentId: first,
      values: ratingValues(5),
      comment: 'second look',
      durationMs: 5,
    });
    reopened.session.lock();
    reopened.close();
    expect(merge(ada)[0]).toMatchObject({ locked: true, auditEntriesAppended: 2 });
    expect(
      study.db
        .prepare('SELECT value FROM ratings WHERE assignment_id = ? AND dimension = ?')
        .pluck()
        .get(first, 'factuality'),
    ).toBe(5);
    expect(study.db.prepare(`SELECT locked_at FROM raters WHERE name = 'Dr Ada'`).pluck().get()).toBe(
      fixedClock().toISOString(),
    );
  });

  it('lets a re-issued package replace answers only where its audit shows later edits, and says so', () => {
    const old = pack('Dr Ada', 'ada-old.blindrate');
    const [t1, t2] = old.session.listAssignments('rating');
    old.session.saveRating({ assignmentId: t1!.assignmentId, values: ratingValues(2), comment: '', durationMs: 5 });
    old.close();
    merge(old);
    const later = packFor(study, 'Dr Ada', 'ada-new.blindrate', () => new Date('2026-03-02T09:00:00.000Z'));
    opened.push(later);
    later.session.saveRating({ assignmentId: t1!.assignmentId, values: ratingValues(5), comment: '', durationMs: 5 });
    later.session.saveRating({ assignmentId: t2!.assignmentId, values: ratingValues(4), comment: '', durationMs: 5 });
    later.close();
    const dayAfter = () => new Date('2026-03-02T10:00:00.000Z');
    expect(mergePackages(study.db, [later.path], dayAfter)[0]).toMatchObject({ answersAdded: 1, answersReplaced: 1 });
    expect(
      study.db
        .prepare('SELECT value FROM ratings WHERE assignment_id = ? AND dimension = ?')
        .pluck()
        .get(t1!.assignmentId, 'factuality'),
    ).toBe(5);
  });

  describe('refuses, naming the file and the task, before writing anything', () => {
    let ada: OpenPackage;
    let firstRating: string;
    beforeEach(() => {
      ada = pack('Dr Ada');
      rateAll(ada);
      const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
      firstRating = db
        .prepare(`SELECT id FROM tasks WHERE kind = 'rating' ORDER BY position LIMIT 1`)
        .pluck()
        .get() as string;
      db.close();
    });

    function refusal(...packages: OpenPackage[]): string {
      let message = '';
      try {
        merge(...packages);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(masterAnswers()).toBe(0);
      expect(study.db.prepare(`SELECT count(*) FROM audit_log WHERE action = 'package.merge'`).pluck().get()).toBe(0);
      return message;
    }

    it('a value of 99', () => {
      tamper(ada, (db) =>
        db.prepare(`UPDATE ratings SET value = 99 WHERE task_id = ? AND dimension = 'brevity'`).run(firstRating),
      );
      expect(refusal(ada)).toBe(
        `${basename(ada.path)}: rating task 1: Brevity: 99 is not on the scale (1, 2, 3, 4, 5).`,
      );
    });

    it('an unknown dimension', () => {
      tamper(ada, (db) =>
        db.prepare(`INSERT INTO ratings (task_id, dimension, value) VALUES (?, 'humour', 3)`).run(firstRating),
      );
      expect(refusal(ada)).toBe(
        `${basename(ada.path)}: rating task 1: "humour" is not a dimension of the rubric "MeDiSumQA manual evaluation".`,
      );
    });

    it('an answer edited in the database with the package key (the chain still verifies)', () => {
      tamper(ada, (db) =>
        db.prepare(`UPDATE ratings SET value = 1 WHERE task_id = ? AND dimension = 'factuality'`).run(firstRating),
      );
      expect(refusal(ada)).toBe(
        `${basename(ada.path)}: rating task 1: the stored answer differs from the last audited one.`,
      );
    });

    it('a duration over 24 hours', () => {
      tamper(ada, (db) => db.prepare('UPDATE responses SET duration_ms = 90000000 WHERE task_id = ?').run(firstRating));
      expect(refusal(ada)).toMatch(/rating task 1: the duration 90000000 ms is not between 0 and 24 h\.$/);
    });

    it('a tampered audit row', () => {
      tamper(ada, (db) => {
        db.exec('DROP TRIGGER audit_log_no_update');
        db.prepare(
          `UPDATE audit_log SET new_value = replace(new_value, '"factuality":4', '"factuality":1') WHERE id = 2`,
        ).run();
      });
      expect(refusal(ada)).toMatch(/: the audit chain is broken at entry 2 \(rating task 1\)\.$/);
    });

    it('a dropped audit row', () => {
      tamper(ada, (db) => {
        db.exec('DROP TRIGGER audit_log_no_delete');
        db.prepare('DELETE FROM audit_log WHERE id = 3').run();
      });
      expect(refusal(ada)).toMatch(/: the audit chain is broken at entry 3 /);
    });

    it('a forged audit row with a correctly recomputed hash but the coordinator as actor', () => {
      tamper(ada, (db) => {
        const last = [...readAuditChain(db)].at(-1)!;
        const forged: AuditContent = {
          ...last,
          actor: 'coordinator',
          action: 'rating.update',
          oldValue: null,
          newValue: JSON.stringify({ values: ratingValues(1), comment: '' }),
        };
        // Chained to the last entry, as the app would: the hash is right, only the content is forged.
        appendAuditContent(db, forged);
      });
      expect(refusal(ada)).toMatch(
        /: audit entry 16 \((rating|preference) task \d+\) names "coordinator" as actor, not the package's rater "Dr Ada"\.$/,
      );
    });

    it('a lock injected without an audit row', () => {
      tamper(ada, (db) =>
        db.prepare(`INSERT INTO package_meta (key, value) VALUES ('locked_at', '2026-03-01T10:00:00.000Z')`).run(),
      );
      expect(refusal(ada)).toBe(`${basename(ada.path)}: its lock time differs from the audited one.`);
    });

    it('a package from another study', () => {
      other = createSeededStudy();
      assignStudy(other, ['Dr Ada']);
      const foreign = packFor(other, 'Dr Ada', 'foreign.blindrate');
      foreign.close();
      expect(refusal({ ...foreign })).toBe(
        'foreign.blindrate: was not issued by this study (a package from another study, or not a BlindRate package).',
      );
    });

    it('answers for a rater locked in the master', () => {
      study.db.prepare(`UPDATE raters SET locked_at = '2026-02-01T00:00:00.000Z' WHERE name = 'Dr Ada'`).run();
      expect(refusal(ada)).toBe(
        `${basename(ada.path)}: Dr Ada is locked in the master since 2026-02-01T00:00:00.000Z; nothing more can be merged for them.`,
      );
    });

    it('the whole merge when one of several packages fails', () => {
      const bob = pack('Dr Bob');
      rateAll(bob);
      tamper(ada, (db) =>
        db.prepare(`UPDATE ratings SET value = 99 WHERE task_id = ? AND dimension = 'brevity'`).run(firstRating),
      );
      expect(refusal(bob, ada)).toMatch(/^Dr-Ada\.blindrate: rating task 1/);
    });
  });
});

describe('the package audit check (audit verify)', () => {
  it('passes an untouched package and names a tampered answer, a tampered row and a dropped row', () => {
    const ada = pack('Dr Ada');
    rateAll(ada);
    const check = () => {
      const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
      try {
        return checkPackageContents(db, readPackageFacts(db).rubric, 'Dr Ada', {
          now: fixedClock().toISOString(),
          issuedAt: null,
        }).entries.length;
      } finally {
        db.close();
      }
    };
    expect(check()).toBe(15);
    tamper(ada, (db) => db.prepare(`UPDATE preferences SET choice = 'B' WHERE rowid = 1`).run());
    expect(check).toThrow(/preference task \d+: the stored answer differs from the last audited one/);
    tamper(ada, (db) => db.prepare(`UPDATE preferences SET choice = 'A' WHERE rowid = 1`).run());
    expect(check()).toBe(15);
    tamper(ada, (db) => {
      db.exec('DROP TRIGGER audit_log_no_delete');
      db.prepare('DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)').run();
    });
    expect(check).toThrow(/an audited answer is missing|the stored answer differs/);
  });

  it('starts every chain from the fixed start hash', () => {
    const ada = pack('Dr Ada');
    rateAll(ada);
    const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
    const [first] = [...readAuditChain(db)];
    db.close();
    expect(first!.hash).toBe(chainHash(CHAIN_START, first!, sha256));
    rmSync(ada.path);
  });
});
