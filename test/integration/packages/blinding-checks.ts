/**
 * The checks a package must pass whatever it is (a rater's or an adjudicator's): nothing it may not hold is in
 * any of its cells or anywhere in its decrypted pages, free pages and unused space included.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { decryptPages } from './decrypt-pages';

/** The plan secret whole and in part (its first 8 bytes), raw and in every text form a program might write it in. */
export function secretForms(secret: Buffer): Buffer[] {
  return [secret, secret.subarray(0, 8)].flatMap((bytes) => [
    bytes,
    Buffer.from(bytes.toString('hex')),
    Buffer.from(bytes.toString('hex').toUpperCase()),
    Buffer.from(bytes.toString('base64').replace(/=+$/, '')),
    Buffer.from(bytes.toString('base64url')),
    Buffer.from([...bytes].join(',')),
  ]);
}

export function expectNoneOf(forms: readonly Buffer[], what: string, bytes: Buffer, forbidden = 'the secret'): void {
  for (const form of forms) expect(bytes.includes(form), `${what} holds ${forbidden}`).toBe(false);
}

/** Every cell of every table of the package, as bytes; the number of cells is returned to show the scan saw some. */
export function packageCells(path: string, passphrase: string): { table: string; bytes: Buffer }[] {
  const db = openStudyDatabase(path, passphrase, { kind: 'package' });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
    return tables.flatMap((table) =>
      (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).flatMap((row) =>
        row.map((cell) => ({ table, bytes: Buffer.isBuffer(cell) ? cell : Buffer.from(String(cell)) })),
      ),
    );
  } finally {
    db.close();
  }
}

const NUL = Buffer.from([0]);

/** Scans every cell and the decrypted file for each forbidden byte string (named for the message). */
export function expectPackageFreeOf(
  path: string,
  passphrase: string,
  forbidden: { name: string; forms: readonly Buffer[] }[],
): number {
  const cells = packageCells(path, passphrase);
  const pages = decryptPages(readFileSync(path), passphrase);
  // Really decrypted: the schema text of a table no package migration rebuilds (a rebuilt `tasks` reads
  // `CREATE TABLE "tasks"`, db/package-migrations.ts version 3).
  expect(pages.includes('CREATE TABLE package_meta')).toBe(true);
  // One scan per table: its cells joined by NUL, which no forbidden string holds.
  const tables = new Map<string, Buffer[]>();
  for (const cell of cells) tables.set(cell.table, [...(tables.get(cell.table) ?? []), cell.bytes, NUL]);
  for (const { name, forms } of forbidden) {
    for (const [table, ofTable] of tables) expectNoneOf(forms, `package ${table}`, Buffer.concat(ofTable), name);
    expectNoneOf(forms, 'the decrypted package file', pages, name);
  }
  return cells.length;
}
