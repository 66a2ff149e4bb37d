/**
 * Opening a study: one SQLite file encrypted with SQLCipher (via SQLite3MultipleCiphers). The key is
 * applied before any read, checked before anything is written, and only then are pragmas and
 * migrations run, so a wrong passphrase leaves the file byte-for-byte untouched.
 */
import { closeSync, existsSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { FileInUseError, InterruptedSaveError, StudyError, WRONG_PASSPHRASE_EXIT_CODE } from '../shared/errors';
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
  if (options.create) createOwnerOnly(path);

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
      if (kind === 'package') markOpenUntilClosed(db);
      migrate(db, SCHEMAS[kind]);
      // A new file is built by replaying every migration, and a rebuilt table leaves its old pages free:
      // a new file starts without free pages, so each of its pages is part of what the file holds.
      if (options.create) db.exec('VACUUM');
    }
    return db;
  } catch (error) {
    db.close();
    // A file this call created and could not finish is removed: it would block its name.
    if (options.create)
      for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    throw error;
  }
}

/**
 * Creates the empty file 0600 before SQLite opens it (SQLite would create it 0644), so only its owner
 * can read it; SQLite gives its -journal, -wal and -shm files the mode of the database file. O_EXCL
 * also refuses any existing name, a symbolic link included, so nothing is written through a link.
 */
function createOwnerOnly(path: string): void {
  try {
    writeFileSync(path, '', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new StudyError(`${path} already exists (or is a symbolic link); choose another file name.`);
    throw error;
  }
}

/**
 * Whether a package file was closed by the app, or copied (or left by a crash) while the app had it open.
 * A rollback journal makes a commit atomic only together with its `-journal` file: a copy of the package
 * file alone taken mid-save (or the file left by a killed app) may hold some pages of an unfinished save,
 * and no journal mode keeps the file alone whole without giving up durability (WAL keeps recent commits
 * in a `-wal` beside it). So the file says whether it is safe alone: the app marks it open, in a commit of
 * its own, before its first write, and marks it closed in its last commit when it closes. The mark lives in
 * the header's application id (page 1, never moved, readable before any table; useless for its usual job
 * since SQLCipher encrypts the header). Packages written before the mark read 'unknown'.
 */
export type PackageCloseState = 'closed' | 'open' | 'unknown';

const PACKAGE_MARKS = { closed: 0x42525043, open: 0x4252504f } as const; // "BRPC", "BRPO"

export function readPackageCloseState(db: StudyDb): PackageCloseState {
  const mark = db.pragma('application_id', { simple: true }) as number;
  if (mark === PACKAGE_MARKS.closed) return 'closed';
  return mark === PACKAGE_MARKS.open ? 'open' : 'unknown';
}

/** Marks the package open now and closed by its connection's close(), wherever that is called. */
function markOpenUntilClosed(db: StudyDb): void {
  db.pragma(`application_id = ${PACKAGE_MARKS.open}`);
  const close = db.close.bind(db);
  db.close = () => {
    // A close that cannot write its mark (full disk) leaves the package marked open: merge then asks for it
    // to be opened and closed again, which loses nothing.
    if (db.open && !db.inTransaction) {
      try {
        db.pragma(`application_id = ${PACKAGE_MARKS.closed}`);
      } catch {
        /* the mark stays 'open' */
      }
    }
    return close();
  };
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
    if (code === 'SQLITE_READONLY_ROLLBACK') throw new InterruptedSaveError(path);
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

/** Another connection kept the write lock for as long as the caller would wait. */
export class StudyBusyError extends Error {}

const LOCK_HELD = Symbol('the write lock is held by another connection');

/**
 * Runs `work` in one write transaction taken before it starts (BEGIN IMMEDIATE), so what it reads cannot
 * change under it before it commits; rolled back when it throws. When another connection holds the write
 * lock, `onWait` is told once and the lock is waited for up to `waitMs`; then StudyBusyError.
 */
export function inWriteTransaction<T>(db: StudyDb, work: () => T, wait: { waitMs: number; onWait?: () => void }): T {
  let started = false;
  const transaction = db.transaction(() => {
    started = true;
    return work();
  });
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  const attempt = (timeoutMs: number): T | typeof LOCK_HELD => {
    db.pragma(`busy_timeout = ${timeoutMs}`);
    try {
      return transaction.immediate();
    } catch (error) {
      if (!started && (error as { code?: unknown }).code === 'SQLITE_BUSY') return LOCK_HELD;
      throw error;
    } finally {
      db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  };
  const first = attempt(0);
  if (first !== LOCK_HELD) return first;
  wait.onWait?.();
  const second = attempt(wait.waitMs);
  if (second !== LOCK_HELD) return second;
  throw new StudyBusyError('the write lock is held by another connection');
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
