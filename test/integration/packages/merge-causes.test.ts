/**
 * Every merge refusal names the file and the real cause in words, never SQLite's or Node's own message
 * alone ("database disk image is malformed", "database is locked", "ENOENT"), and leaves the master as it was.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditContent } from '../../../shared/audit-chain';
import { appendAuditContent, readAuditChain } from '../../../db/audit';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import { mergePackages, type MergeOptions } from '../../../electron/services/merge';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  PACKAGE_PASSPHRASE,
  PASSPHRASE,
  packFor,
  ratingValues,
  type SeededStudy,
} from '../session/fixture';

const TAKEN_WHILE_OPEN =
  "this copy was taken while BlindRate had it open on the rater's computer (or BlindRate stopped without closing it): open the package there, close it, and send the file again.";

let study: SeededStudy;
let packagePath: string;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
  const ada = packFor(study, 'Dr Ada');
  for (const t of ada.session.listAssignments('rating'))
    ada.session.saveRating({ assignmentId: t.assignmentId, values: ratingValues(4), comment: '', durationMs: 5 });
  packagePath = ada.path;
  ada.close();
});
afterEach(() => study.cleanup());

const masterCounts = () =>
  ['responses', 'ratings', 'audit_log'].map((t) => study.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get());

/** The refusal's message; the master must hold exactly what it held before. */
function refusal(paths: string[], options?: MergeOptions): string {
  const before = masterCounts();
  let message = '';
  try {
    mergePackages(study.db, paths, fixedClock, options);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(masterCounts()).toEqual(before);
  return message;
}

function overwrite(path: string, offset: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

/** The package opened with its key, as another SQLCipher tool would; closed by the app's own close. */
function withPackageKey(edit: (db: StudyDb) => void): void {
  const db = openStudyDatabase(packagePath, PACKAGE_PASSPHRASE, { kind: 'package' });
  try {
    edit(db);
  } finally {
    db.close();
  }
}

describe('merge names the file and the cause', () => {
  it('of a file that is not there', () => {
    expect(refusal([join(study.path, '..', 'missing.blindrate')])).toBe('missing.blindrate: there is no such file.');
  });

  it('of a damaged page, and of a damaged first page, without blaming the passphrase for either', () => {
    const size = readFileSync(packagePath).length;
    const page = 4096;
    expect(size / page).toBeGreaterThan(8);
    const pristine = `${packagePath}.pristine`;
    copyFileSync(packagePath, pristine);
    // The last page: the file's newest writes (the answers and their audit entries), which a merge must read.
    overwrite(packagePath, size - page + 300, Buffer.alloc(64, 0xaa));
    expect(refusal([packagePath])).toBe('Dr-Ada.blindrate: is damaged or not a BlindRate package.');

    copyFileSync(pristine, packagePath);
    overwrite(packagePath, 200, Buffer.alloc(64, 0xaa));
    expect(refusal([packagePath])).toBe(
      'Dr-Ada.blindrate: does not open with the passphrase recorded when it was packed: it is damaged, or its passphrase was changed.',
    );
  });

  it('of an audit entry that is not JSON, even with its hash recomputed', () => {
    withPackageKey((db) => {
      const last = [...readAuditChain(db)].at(-1)!;
      const forged: AuditContent = { ...last, action: 'rating.update', newValue: '{"values": {' };
      // Chained to the last entry, as the app would: the hash is right, only the content is forged.
      appendAuditContent(db, forged);
    });
    expect(refusal([packagePath])).toBe('Dr-Ada.blindrate: is damaged or not a BlindRate package.');
  });

  it('of a copy taken mid-save with its hot -journal beside it, and of the file alone, without blaming the passphrase', () => {
    const sent = join(study.path, '..', 'sent');
    const copy = join(sent, basename(packagePath));
    const db = openStudyDatabase(packagePath, PACKAGE_PASSPHRASE, { kind: 'package' });
    try {
      // A save big enough to spill pages into the file before it commits: the file alone holds half of
      // it, and only the -journal can undo that.
      db.pragma('cache_size = 2');
      db.exec('BEGIN');
      db.prepare(`UPDATE tasks SET context = context || ?`).run('x'.repeat(50_000));
      expect(readFileSync(`${packagePath}-journal`)[0]).not.toBe(0);
      for (const suffix of ['', '-journal']) {
        mkdirSync(sent, { recursive: true });
        copyFileSync(`${packagePath}${suffix}`, `${copy}${suffix}`);
      }
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
    expect(refusal([copy])).toBe(`Dr-Ada.blindrate: ${TAKEN_WHILE_OPEN}`);
    // Read-only elsewhere too (audit verify), the hot journal is named, not SQLite's "readonly database".
    expect(() => openStudyDatabase(copy, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' })).toThrow(
      `${copy} was left in the middle of a save (its -journal is beside it): open it in BlindRate and close it, then try again.`,
    );
    rmSync(`${copy}-journal`);
    expect(refusal([copy])).toBe(`Dr-Ada.blindrate: ${TAKEN_WHILE_OPEN}`);
    expect(mergePackages(study.db, [packagePath], fixedClock)[0]).toMatchObject({ answersAdded: 15 });
  });

  it('of a full disk under the master', () => {
    const pages = study.db.pragma('page_count', { simple: true }) as number;
    // Capping the file at its current size makes SQLite fail exactly as on a full disk (SQLITE_FULL).
    study.db.pragma(`max_page_count = ${pages}`);
    expect(refusal([packagePath])).toBe(
      'study.db: the disk is full (free some space, then merge again), so nothing was merged.',
    );
    study.db.pragma(`max_page_count = ${pages * 100}`);
    expect(mergePackages(study.db, [packagePath], fixedClock)[0]).toMatchObject({ answersAdded: 15 });
  });

  it('of a master another program keeps busy: it says it waits, then gives up; once free, the merge proceeds', () => {
    const other = openStudyDatabase(study.path, PASSPHRASE);
    const notices: string[] = [];
    try {
      other.exec('BEGIN IMMEDIATE');
      expect(refusal([packagePath], { waitMs: 1000, onWait: (notice) => notices.push(notice) })).toBe(
        'study.db: another merge or program kept the study busy for 1 s, so nothing was merged. Merge again once it has finished.',
      );
      expect(notices).toEqual(['waiting for another merge of study.db…']);
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    expect(mergePackages(study.db, [packagePath], fixedClock)[0]).toMatchObject({ answersAdded: 15 });
  });
});
