/**
 * Real pipeline files go in unchanged: nothing is altered or lost without a word (issue 20).
 */
import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../electron/services/importer';
import { count, fixedClock, freshStudy } from './helpers';

/** Node's file streams read 64 KiB at a time. */
const READ_CHUNK = 64 * 1024;

describe('re-importing an identical large file', () => {
  it('recognises a several-MB JSONL file whose records straddle every read chunk and adds nothing', async () => {
    const { db, folder } = freshStudy();
    const big = join(folder, 'big.jsonl');
    // 300 records of ~10 KB with an odd length: chunk boundaries fall inside records, never on a newline.
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ item_id: `i${i}`, model: 'm', question: `q${i}`, context: 'c'.repeat(10_001 + i), output: 'o' }),
    );
    writeFileSync(big, `${lines.join('\n')}\n`);
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(3_000_000);
    const text = `${lines.join('\n')}\n`;
    expect(text[READ_CHUNK - 1]).not.toBe('\n');

    await importFiles(db, [big], { clock: fixedClock });
    const copy = join(folder, 'copy-of-big.jsonl');
    copyFileSync(big, copy);
    const again = await importFiles(db, [copy], { clock: fixedClock });
    expect(again.files[0]).toMatchObject({ status: 'already-imported', importId: 1 });
    expect(count(db, 'outputs')).toBe(300);
    expect(count(db, 'imports')).toBe(1);
  });

  it('recognises a several-MB CSV file with a quoted multi-line cell across a chunk boundary', async () => {
    const { db, folder } = freshStudy();
    const big = join(folder, 'big.csv');
    const rows = Array.from(
      { length: 250 },
      (_, i) => `i${i},m,"line one\nline two ${'x'.repeat(12_345)}",q${i}`,
    );
    writeFileSync(big, `item_id,model,output,question\n${rows.join('\n')}\n`);
    expect(statSync(big).size).toBeGreaterThan(3_000_000);
    await importFiles(db, [big], { clock: fixedClock });
    const again = await importFiles(db, [big], { clock: fixedClock });
    expect(again.files[0]).toMatchObject({ status: 'already-imported', importId: 1 });
    expect(count(db, 'outputs')).toBe(250);
  });
});
