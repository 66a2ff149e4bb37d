/**
 * Opening a study: one SQLite file encrypted with SQLCipher (via SQLite3MultipleCiphers). The key is
 * applied before any read, checked before anything is written, and only then are pragmas and
 * migrations run, so a wrong passphrase leaves the file byte-for-byte untouched.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { FileInUseError, StudyError, WRONG_PASSPHRASE_EXIT_CODE } from '../shared/errors';
import { MIGRATIONS, type Migration } from './migrations/index';
import { PACKAGE_MIGRATIONS } from './package-migrations';

export type StudyDb = Database.Database;

/** A master study (the coordinator's) or a rater package: two schemas, told apart by their tables. */
export type FileKind = 'master' | 'package';

export interface OpenOptions {
  /** Create a new file; refuses to touch an existing one. */
  create?: boolean;
  readonly?: boolean;
  /** Which schema to create or expect; default master. 'detect' reads it from the file. */
  kind?: FileKind | 'detect';
}

/**
 * The native module the driver loads. Unset, better-sqlite3 finds its own build in node_modules
 * (made for Node: CLI and tests). The Electron shell sets the build made for Electron's ABI here,
 * once, before it opens anything: db/ never asks which runtime it runs in.
 */
let nativeBinding: string | undefined;

export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path;
}

/** The binding in use, for a worker thread that opens the same files (it has its own module state). */
export function currentNativeBinding(): string | undefined {
  return nativeBinding;
}

const SCHEMAS: Record<FileKind, readonly Migration[]> = { master: MIGRATIONS, package: PACKAGE_MIGRATIONS };

export function openStudyDatabase(path: string, passphrase: string, options: OpenOptions = {}): StudyDb {
  if (!passphrase) throw new StudyError('The passphrase is empty.');
  const exists = existsSync(path);
  if (options.create && exists) throw new StudyError(`${path} already exists; choose another file name.`);
  if (!options.create && !exists) throw new StudyError(`No study file at ${path}.`);

  const db = new Database(path, {
    fileMustExist: !options.create,
    readonly: options.readonly ?? false,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  try {
    applyKey(db, passphrase);
    assertKeyOpensDatabase(db, path);
    db.pragma('foreign_keys = ON');
    // Sorts and temporary tables of big queries (an export of many MB of text) would otherwise spill
    // to unencrypted etilqs_* files in the system temporary folder.
    db.pragma('temp_store = MEMORY');
    db.pragma('busy_timeout = 5000');
    const kind = options.kind === 'detect' ? readFileKind(db) : (options.kind ?? 'master');
    if (!options.create && readFileKind(db) !== kind) {
      throw new StudyError(
        kind === 'master' ? `${path} is a rater package, not a master study.` : `${path} is not a rater package.`,
      );
    }
    if (!options.readonly) {
      // A package is one rater's file, open in one window. Holding its lock spares every read the check that
      // re-reads and decrypts the header page (reads ~8× faster, commits ~2×), and no other program can
      // read or write it meanwhile. Taken now rather than at the first save, and released on close.
      if (kind === 'package') holdExclusiveLock(db);
      // A package travels as one file: a rollback journal keeps every commit inside it (no -wal beside it).
      db.pragma(`journal_mode = ${kind === 'package' ? 'DELETE' : 'WAL'}`);
      // FULL makes every acknowledged commit durable in WAL mode (NORMAL may lose the last ones on power loss).
      db.pragma('synchronous = FULL');
      migrate(db, SCHEMAS[kind]);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function holdExclusiveLock(db: StudyDb): void {
  db.pragma('locking_mode = EXCLUSIVE');
  // In this locking mode a write transaction keeps its lock after it ends.
  db.exec('BEGIN EXCLUSIVE; COMMIT');
}

function applyKey(db: StudyDb, passphrase: string): void {
  db.pragma(`cipher = 'sqlcipher'`);
  // SQLCipher 4 defaults, so the file also opens in other SQLCipher tools.
  db.pragma('legacy = 4');
  db.key(Buffer.from(passphrase, 'utf8'));
}

function assertKeyOpensDatabase(db: StudyDb, path: string): void {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') {
      throw new StudyError(
        `Wrong passphrase for ${path} (or it is not a BlindRate study).`,
        WRONG_PASSPHRASE_EXIT_CODE,
      );
    }
    if (code === 'SQLITE_BUSY') throw new FileInUseError(path);
    throw error;
  }
}

/** Packages hold a package_meta table, which no master has. */
export function readFileKind(db: StudyDb): FileKind {
  const found = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'package_meta'`).get();
  return found ? 'package' : 'master';
}

export function migrate(db: StudyDb, migrations: readonly Migration[] = MIGRATIONS): void {
  const current = readSchemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new StudyError(
      `This file has schema version ${current}; this BlindRate knows up to ${latest}. Update BlindRate.`,
    );
  }
  for (const migration of migrations.filter((m) => m.version > current)) {
    // PRAGMA foreign_keys is a no-op inside a transaction, so it is switched around it.
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        migration.after?.(db);
        if (migration.rebuildsTables && (db.pragma('foreign_key_check') as unknown[]).length > 0) {
          throw new StudyError(
            `Migration ${migration.version} (${migration.name}) would break references between tables; the file is unchanged.`,
          );
        }
        db.pragma(`user_version = ${migration.version}`);
      })();
    } finally {
      if (migration.rebuildsTables) db.pragma('foreign_keys = ON');
    }
  }
}

/**
 * Re-encrypts the whole file under a new passphrase. SQLite3MultipleCiphers cannot rekey in WAL
 * mode, so the journal is switched to DELETE for the duration and restored afterwards.
 */
export function changePassphrase(db: StudyDb, newPassphrase: string): void {
  if (!newPassphrase) throw new StudyError('The new passphrase is empty.');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  try {
    db.rekey(Buffer.from(newPassphrase, 'utf8'));
  } finally {
    db.pragma('journal_mode = WAL');
  }
}

/** The schema version (SQLite user_version) the file is at. */
export function readSchemaVersion(db: StudyDb): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Runs an async `work` inside a savepoint of the caller's transaction: its writes are kept when it
 * resolves and undone when it throws, while the enclosing transaction goes on.
 */
export async function inAsyncSavepoint<T>(db: StudyDb, work: () => Promise<T>): Promise<T> {
  db.exec('SAVEPOINT async_work');
  try {
    const result = await work();
    db.exec('RELEASE async_work');
    return result;
  } catch (error) {
    db.exec('ROLLBACK TO async_work');
    db.exec('RELEASE async_work');
    throw error;
  }
}

/**
 * Runs an async `work` in one write transaction (BEGIN IMMEDIATE), committed when it resolves and
 * rolled back when it throws. better-sqlite3's db.transaction() takes synchronous functions only.
 */
export async function inAsyncTransaction<T>(db: StudyDb, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Runs `work` in a write transaction that is always rolled back: a dry run of a service's writes
 * (a merge's checks of one package, an assignment's preview), leaving the file as it was.
 */
export function inRolledBackTransaction<T>(db: StudyDb, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    return work();
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
}

/**
 * The 16-byte salt SQLCipher writes in the clear at the start of every file. It is random per file
 * and survives every write, so it identifies an issued package before its passphrase is known.
 */
export function readCipherSalt(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const salt = Buffer.alloc(16);
    const read = readSync(fd, salt, 0, 16, 0);
    return salt.subarray(0, read).toString('hex');
  } finally {
    closeSync(fd);
  }
}
