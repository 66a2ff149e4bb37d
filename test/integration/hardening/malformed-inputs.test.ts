/**
 * The committed corpus of malformed inputs (test/fixtures/malformed, made by make-corpus.mjs): each
 * file (one problem each) is refused with one line naming the file, record and field, and the study is
 * byte-identical afterwards. Then fast-check mutates valid files of every format: each problem found
 * is one line naming the file, and the study is untouched.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StudyError } from '../../../shared/errors';
import { loadRubric } from '../../../electron/cli/rubric-choice';
import { importFiles } from '../../../electron/services/importer';
import { openStudy } from '../../../electron/services/study';
import { fixedClock, freshStudy, PASSPHRASE } from '../engine/helpers';

const CORPUS = fileURLToPath(new URL('../../fixtures/malformed/', import.meta.url));
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Record<string, string>;
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Imports `file` into the closed study at `path`; returns the error message, or null when it imported. */
async function importMessage(path: string, file: string, ignoreUnknown = false): Promise<string | null> {
  const db = openStudy(path, PASSPHRASE);
  try {
    await importFiles(db, [file], { clock: fixedClock, ignoreUnknown });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StudyError);
    return (error as Error).message;
  } finally {
    db.close();
  }
}

function closedStudy(): { path: string; folder: string } {
  const { db, path, folder } = freshStudy();
  db.close();
  return { path, folder };
}

describe('malformed import files', () => {
  const importCases = Object.entries(expected).filter(([name]) => !name.startsWith('rubric-'));

  it('each gives its one line and leaves the study byte-identical', async () => {
    const { path } = closedStudy();
    const before = sha256(path);
    for (const [name, message] of importCases) {
      const got = await importMessage(path, join(CORPUS, name));
      expect(got, name).not.toBeNull();
      expect(got!.startsWith(message), `${name}: ${got}`).toBe(true);
      expect(got, name).not.toMatch(/[\n\r]/);
      expect(sha256(path), name).toBe(before);
    }
  });

  it('--ignore-unknown imports a file with an extra field, dropping it', async () => {
    const { path } = closedStudy();
    expect(await importMessage(path, join(CORPUS, 'misspelt-reference.jsonl'), true)).toBeNull();
  });
});

/**
 * The strict checks run on each read chunk (64 KiB) in the same pass that parses, so these put the
 * problem after the first chunk, where records before it are already parsed and written.
 */
describe('problems past the first read chunk', () => {
  const CHUNK = 64 * 1024;
  /** 40 JSONL records of about 2 KB: line n is record n, and line 40 starts past the first chunk. */
  const lines = Array.from({ length: 40 }, (_, i) =>
    JSON.stringify({ item_id: `q${i + 1}`, model: 'm', question: 'Q?', output: 'o'.repeat(2_000) }),
  );

  async function refusal(bytes: Buffer): Promise<string | null> {
    const { path, folder } = closedStudy();
    const before = sha256(path);
    const file = join(folder, 'late.jsonl');
    writeFileSync(file, bytes);
    const message = await importMessage(path, file);
    expect(sha256(path)).toBe(before);
    return message;
  }
  const withLast = (last: string | Buffer) =>
    Buffer.concat([Buffer.from(lines.slice(0, 39).join('\n') + '\n'), Buffer.from(last)]);

  it('refuses invalid UTF-8, a NUL byte and a duplicate key on line 40, writing nothing', async () => {
    expect(withLast('').length).toBeGreaterThan(CHUNK);
    const invalid = Buffer.concat([Buffer.from(lines[39]!.slice(0, -2)), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(await refusal(withLast(invalid))).toBe(
      'Line 40 of late.jsonl: not valid UTF-8 text; save the file as UTF-8 and import it again',
    );
    expect(await refusal(withLast(lines[39]!.replace('"Q?"', '"Q\0?"')))).toBe(
      'Line 40 of late.jsonl: a NUL byte (\\0), which no text may hold',
    );
    expect(await refusal(withLast(lines[39]!.replace('{', '{"model":"n",')))).toBe(
      'Line 40 of late.jsonl: the key "model" appears twice in one record',
    );
  });

  it('refuses a file that ends inside a multi-byte character', async () => {
    const cut = Buffer.concat([withLast(lines[39]!), Buffer.from('\n'), Buffer.from('é').subarray(0, 1)]);
    expect(await refusal(cut)).toBe(
      'Line 41 of late.jsonl: not valid UTF-8 text; save the file as UTF-8 and import it again',
    );
  });

  it('imports a character split by a chunk boundary intact', async () => {
    const { db, folder } = freshStudy();
    const file = join(folder, 'split.jsonl');
    // "é" is two bytes: put its first byte last in the first chunk.
    const head = JSON.stringify({ item_id: 'q1', model: 'm', question: 'Q?', output: '' }).slice(0, -2);
    const output = 'o'.repeat(CHUNK - Buffer.byteLength(head) - 1) + 'é';
    writeFileSync(file, JSON.stringify({ item_id: 'q1', model: 'm', question: 'Q?', output }) + '\n');
    await importFiles(db, [file], { clock: fixedClock });
    expect(db.prepare('SELECT text FROM outputs').pluck().get()).toBe(output);
    db.close();
  });
});

describe('malformed rubric files', () => {
  it('each gives one line naming the file', () => {
    for (const [name, message] of Object.entries(expected).filter(([n]) => n.startsWith('rubric-'))) {
      const path = join(CORPUS, name);
      expect(() => loadRubric(path), name).toThrow(StudyError);
      try {
        loadRubric(path);
      } catch (error) {
        const text = (error as Error).message.replace(CORPUS, '');
        expect(text.startsWith(message), `${name}: ${text}`).toBe(true);
        expect(text).not.toMatch(/[\n\r]/);
      }
    }
  });
});

describe('mutated import files (fast-check)', () => {
  const records = [
    {
      item_id: 'q1',
      model: 'm',
      output: 'An "answer", with commas.',
      question: 'Q?',
      reference: 'R',
      scores: { rougeL: 0.25 },
    },
    { item_id: 'q2', model: 'm', output: 'Second', question: 'Q2?', scores: { rougeL: -1 } },
  ];
  const valid = {
    jsonl: records.map((r) => JSON.stringify(r)).join('\n'),
    json: JSON.stringify(records, null, 1),
    csv: 'item_id,model,output,question,reference,score_rougeL\nq1,m,"An ""answer"", with commas.",Q?,R,0.25\nq2,m,Second,Q2?,,-1\n',
  };
  const mutation = fc.record({
    at: fc.nat(),
    remove: fc.nat({ max: 4 }),
    insert: fc.uint8Array({ maxLength: 6 }),
  });

  for (const [format, text] of Object.entries(valid)) {
    it(`${format}: every mutation imports or is refused with one line per problem, leaving the study untouched`, async () => {
      const { path, folder } = closedStudy();
      const pristine = join(folder, 'pristine.db');
      copyFileSync(path, pristine);
      const before = sha256(path);
      const file = join(folder, `outputs.${format}`);
      await fc.assert(
        fc.asyncProperty(mutation, async ({ at, remove, insert }) => {
          const bytes = Buffer.from(text);
          const cut = at % (bytes.length + 1);
          writeFileSync(file, Buffer.concat([bytes.subarray(0, cut), insert, bytes.subarray(cut + remove)]));
          const message = await importMessage(path, file);
          if (message === null) {
            copyFileSync(pristine, path); // it imported: start the next run from the empty study again
            return;
          }
          const problems = message.split('\n');
          // Several problems come under a line that counts them; each is one line naming the file.
          if (problems.length > 1) expect(problems.shift()).toMatch(/^Nothing was imported: \d+ problems in 1 file\.$/);
          for (const problem of problems) expect(problem).toContain(`outputs.${format}`);
          expect(sha256(path)).toBe(before);
        }),
        { numRuns: 12, seed: 11 },
      );
    }, 60_000);
  }
});
