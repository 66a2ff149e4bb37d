/** A master written at an older schema version, as an earlier BlindRate left it, for upgrade tests. */
import Database from 'better-sqlite3-multiple-ciphers';
import type { Migration } from '../../../db/migrations/index';

/** Creates an encrypted file with the given migrations applied (and nothing later); the caller fills and closes it. */
export function createOldMaster(path: string, passphrase: string, migrations: readonly Migration[]): Database.Database {
  const old = new Database(path);
  old.pragma(`cipher = 'sqlcipher'`);
  old.pragma('legacy = 4');
  old.key(Buffer.from(passphrase, 'utf8'));
  for (const migration of migrations) old.exec(migration.sql);
  old.pragma(`user_version = ${migrations.at(-1)!.version}`);
  return old;
}
