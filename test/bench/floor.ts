/**
 * The floors: the least work the native module and Node need for the same job, written with the plain
 * library and no BlindRate code, so each BlindRate figure can be printed as a ratio to it.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3-multiple-ciphers';

type Db = Database.Database;

/** An encrypted database keyed as BlindRate keys studies (SQLCipher 4), in WAL mode with synchronous=FULL. */
export function openEncrypted(path: string, passphrase: string): Db {
  const db = new Database(path);
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.key(Buffer.from(passphrase, 'utf8'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  return db;
}

/** The three tables an import fills, with the keys and index a study has for them. */
export function createFloorTables(db: Db): void {
  db.exec(`
    CREATE TABLE items (item_id TEXT PRIMARY KEY, question TEXT NOT NULL, context TEXT NOT NULL, reference TEXT NOT NULL, category TEXT NOT NULL);
    CREATE TABLE outputs (id INTEGER PRIMARY KEY, item_id TEXT NOT NULL, model TEXT NOT NULL, text TEXT NOT NULL, UNIQUE (item_id, model));
    CREATE INDEX outputs_by_model ON outputs (model);
    CREATE TABLE output_scores (output_id INTEGER NOT NULL, metric TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (output_id, metric)) WITHOUT ROWID;
  `);
}

interface BenchRecord {
  item_id: string;
  model: string;
  question: string;
  context: string;
  reference: string;
  category: string;
  output: string;
  scores: Record<string, number>;
}

/** Stream the JSONL, JSON.parse each line, insert each item once and every output with its scores, in one transaction. */
export async function importFloor(db: Db, path: string): Promise<number> {
  const insertItem = db.prepare('INSERT INTO items VALUES (?, ?, ?, ?, ?)');
  const insertOutput = db.prepare('INSERT INTO outputs (item_id, model, text) VALUES (?, ?, ?)');
  const insertScore = db.prepare('INSERT INTO output_scores VALUES (?, ?, ?)');
  const seenItems = new Set<string>();
  let records = 0;
  db.exec('BEGIN IMMEDIATE');
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    const r = JSON.parse(line) as BenchRecord;
    if (!seenItems.has(r.item_id)) {
      seenItems.add(r.item_id);
      insertItem.run(r.item_id, r.question, r.context, r.reference, r.category);
    }
    const outputId = insertOutput.run(r.item_id, r.model, r.output).lastInsertRowid;
    for (const [metric, value] of Object.entries(r.scores)) insertScore.run(outputId, metric, value);
    records += 1;
  }
  db.exec('COMMIT');
  return records;
}

/** The read a sampler cannot avoid: every output's id, model and scores from the encrypted file. */
export function readScoresFloor(db: Db): number {
  let rows = 0;
  for (const _row of db
    .prepare('SELECT o.id, o.model, s.metric, s.value FROM outputs o JOIN output_scores s ON s.output_id = o.id')
    .raw()
    .iterate())
    rows += 1;
  return rows;
}
