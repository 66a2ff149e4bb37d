import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyError, WRONG_PASSPHRASE_EXIT_CODE } from '../../../shared/errors';
import { MIGRATIONS } from '../../../db/migrations/index';
import { importFiles } from '../../../electron/services/importer';
import { createStudy, openStudy, readActiveRubric, readStudyName, rekeyStudy } from '../../../electron/services/study';
import { CHQ_SUMM_RUBRIC, MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { count, fixedClock, fixture, freshFolder, freshStudy, PASSPHRASE } from '../../integration/engine/helpers';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
// Strings from test/fixtures/import/outputs.jsonl: a question, an answer, a context word and a model name.
const SECRETS = ['Why do I take apixaban?', 'It stops blood clots.', 'Apixaban 5 mg', 'alpha', 'Blutverdünnung'];

function leakedSecrets(bytes: Buffer): string[] {
  const found = SECRETS.filter((s) => bytes.includes(Buffer.from(s, 'utf8')));
  return bytes.includes(SQLITE_HEADER) ? ['SQLite header', ...found] : found;
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('encryption at rest', () => {
  it('leaves no header, question, answer or model name in clear bytes of the file or its WAL', async () => {
    const { db, path } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    // While the connection is open the commits sit in the WAL: check it as well as the main file.
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    expect(leakedSecrets(readFileSync(`${path}-wal`))).toEqual([]);
    expect(leakedSecrets(readFileSync(path))).toEqual([]);
    db.close();
    expect(leakedSecrets(readFileSync(path))).toEqual([]);
    // The check itself can fail: the secrets are really in the study.
    const reopened = openStudy(path, PASSPHRASE);
    expect(reopened.prepare(`SELECT count(*) FROM outputs WHERE model = 'alpha'`).pluck().get()).toBe(2);
    reopened.close();
  });

  it('runs with foreign keys, WAL and synchronous=FULL at the latest schema version', () => {
    const { db } = freshStudy();
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    db.close();
  });
});

describe('passphrases', () => {
  it('refuses a wrong passphrase with exit code 2 and leaves the file byte-for-byte untouched', () => {
    const { db, path } = freshStudy();
    db.close();
    const before = { hash: sha256(path), mtime: statSync(path).mtimeMs };
    let error: unknown;
    try {
      openStudy(path, 'not the passphrase');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StudyError);
    expect((error as StudyError).exitCode).toBe(WRONG_PASSPHRASE_EXIT_CODE);
    expect((error as StudyError).message).toBe(`Wrong passphrase for ${path} (or it is not a BlindRate study).`);
    expect({ hash: sha256(path), mtime: statSync(path).mtimeMs }).toEqual(before);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it('rekeys: the old passphrase stops working, the new one opens the same data, and the change is audited', async () => {
    const { db, path } = freshStudy();
    await importFiles(db, [fixture('outputs.jsonl')], { clock: fixedClock });
    rekeyStudy(db, 'a new passphrase', fixedClock);
    db.close();
    expect(() => openStudy(path, PASSPHRASE)).toThrow(StudyError);
    const reopened = openStudy(path, 'a new passphrase');
    expect(count(reopened, 'outputs')).toBe(3);
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(reopened.prepare(`SELECT action FROM audit_log ORDER BY id DESC LIMIT 1`).pluck().get()).toBe('study.rekey');
    expect(leakedSecrets(readFileSync(path))).toEqual([]);
    reopened.close();
  });
});

describe('study contents', () => {
  it('stores the rubric as rows and reads back exactly the preset, for both presets', () => {
    const { db } = freshStudy();
    expect(readActiveRubric(db)).toEqual(MEDISUMQA_RUBRIC);
    expect(readStudyName(db)).toBe('study');
    db.close();
    const path = join(freshFolder(), 'chq.db');
    const chq = createStudy(path, PASSPHRASE, { rubric: CHQ_SUMM_RUBRIC, name: 'CHQ pilot', clock: fixedClock });
    expect(readActiveRubric(chq)).toEqual(CHQ_SUMM_RUBRIC);
    expect(readStudyName(chq)).toBe('CHQ pilot');
    chq.close();
  });

  it('refuses to create over an existing file', () => {
    const { db, path } = freshStudy();
    db.close();
    expect(() => createStudy(path, PASSPHRASE, { rubric: MEDISUMQA_RUBRIC, clock: fixedClock })).toThrow(
      'already exists',
    );
  });

  it('keeps the audit log append-only', () => {
    const { db } = freshStudy();
    expect(db.prepare(`SELECT actor, action, at FROM audit_log`).all()).toEqual([
      { actor: 'coordinator', action: 'study.create', at: '2025-03-01T12:00:00.000Z' },
    ]);
    expect(() => db.prepare(`UPDATE audit_log SET actor = 'x'`).run()).toThrow('append-only');
    expect(() => db.prepare(`DELETE FROM audit_log`).run()).toThrow('append-only');
    db.close();
  });
});
