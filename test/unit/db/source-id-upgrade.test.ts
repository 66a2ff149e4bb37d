/**
 * Schema 6 gives items a source id (a dataset's own id, such as MeDiSumQA's note_id): a schema-3
 * master's items keep everything and get '' (no source id), and the outputs export carries the column.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { initialSchema } from '../../../db/migrations/0001_initial';
import { packagesSchema } from '../../../db/migrations/0002_packages';
import { qualityControlSchema } from '../../../db/migrations/0003_quality_control';
import { MIGRATIONS } from '../../../db/migrations/index';
import { exportTable } from '../../../electron/services/exporter';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test amber compass';
const folder = mkdtempSync(join(tmpdir(), 'blindrate-source-id-upgrade-'));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it("keeps a schema-3 study's items, each with an empty source id, exported as such", async () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(path, PASSPHRASE, [initialSchema, packagesSchema, qualityControlSchema]);
  old.exec(`
    INSERT INTO imports (id, file_name, sha256, format, record_count, imported_at) VALUES (1, 'a.jsonl', 'd1', 'jsonl', 1, '2025-01-01');
    INSERT INTO items (item_id, question, context, reference, category, import_id, source_line) VALUES ('q1', 'Q?', 'C', 'Ref', 'K', 1, 1);
    INSERT INTO outputs (id, item_id, model, text, import_id, source_line) VALUES (1, 'q1', 'm', 'A', 1, 1);
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT item_id, question, context, reference, category, source_id FROM items').all()).toEqual([
      { item_id: 'q1', question: 'Q?', context: 'C', reference: 'Ref', category: 'K', source_id: '' },
    ]);
    const out = join(folder, 'outputs.jsonl');
    await exportTable(db, { what: 'outputs', format: 'jsonl', out });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      item_id: 'q1',
      model: 'm',
      output: 'A',
      question: 'Q?',
      context: 'C',
      reference: 'Ref',
      category: 'K',
      source_id: '',
    });
  } finally {
    db.close();
  }
});
