/**
 * Rater and model names cannot impersonate BlindRate's own audit actors or rewrite a terminal, names
 * already stored are printed escaped, and task durations are bounded to 0..24 h on the way in.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiHost } from '../../../electron/services/api-host';
import { importFiles } from '../../../electron/services/importer';
import { createRater } from '../../../electron/services/raters';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { displaySafeName } from '../../../shared/text/names';
import { fixedClock, freshStudy, PASSPHRASE } from '../engine/helpers';
import { openStudyDatabase } from '../../../db/connection';
import {
  assignStudy,
  createSeededStudy,
  fixedClock as sessionClock,
  PACKAGE_PASSPHRASE,
  packFor,
  ratingValues,
} from '../session/fixture';

const UNSAFE = ['Dr\nAdams', 'Dr \u202Esmada', '\u001b[31mred', 'tab\there', 'isolate\u2066x', 'del\u007F'];

describe('rater names', () => {
  it('refuses reserved names (any case) and control, escape and text-direction characters, with one clear line', () => {
    const { db } = freshStudy();
    for (const name of ['coordinator', ' Coordinator ', 'CLI']) {
      expect(() => createRater(db, name, fixedClock)).toThrow(
        /^The rater name "[^"]+" is reserved: BlindRate records its own actions as "(coordinator|cli)"; choose another name\.$/,
      );
    }
    for (const name of UNSAFE) {
      expect(() => createRater(db, name, fixedClock)).toThrow(
        /^The rater name ".*" contains the control or text-direction character \\u\{[0-9A-F]+\}/,
      );
    }
    expect(() => createRater(db, '\u001b[31mred', fixedClock)).toThrow(
      'The rater name "\\u{1B}[31mred" contains the control or text-direction character \\u{1B}',
    );
    expect(createRater(db, 'Dr Bé-Çoordinator', fixedClock).name).toBe('Dr Bé-Çoordinator');
    expect(db.prepare('SELECT count(*) FROM raters').pluck().get()).toBe(1);
    db.close();
  });
});

describe('model names', () => {
  it('are refused at import, naming file, line and field, and nothing is imported', async () => {
    const { db, folder } = freshStudy();
    for (const [i, model] of [...UNSAFE, 'cli'].entries()) {
      const file = join(folder, `outputs${i}.jsonl`);
      const good = { item_id: 'a', model: 'ok', output: 'o', question: 'q' };
      writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify({ ...good, item_id: 'b', model })}\n`);
      await expect(importFiles(db, [file], { clock: fixedClock })).rejects.toThrow(
        new RegExp(
          `^Line 2 of outputs${i}\\.jsonl: "model" (contains the control or text-direction character|is reserved)`,
        ),
      );
    }
    expect(db.prepare('SELECT count(*) FROM outputs').pluck().get()).toBe(0);
    db.close();
  });
});

describe('printing names', () => {
  it('shows control and bidi characters as visible escapes', () => {
    expect(displaySafeName('a\u001b[2Jb\u202Ec\nd')).toBe('a\\u{1B}[2Jb\\u{202E}c\\u{A}d');
    expect(displaySafeName('Dr Bé 李')).toBe('Dr Bé 李');
  });

  it('status prints a name stored before these rules escaped, on one line', () => {
    const { db, path } = freshStudy();
    db.prepare('INSERT INTO raters (name, created_at) VALUES (?, ?)').run(
      'evil\n  coordinator  \u001b[2J',
      '2025-01-01T00:00:00Z',
    );
    db.close();
    const run = spawnSync(process.execPath, ['electron/cli/blindrate.mjs', 'status', path], {
      env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout.split('\n').filter((line) => line.includes('evil'))).toEqual([
      expect.stringContaining('evil\\u{A}  coordinator  \\u{1B}[2J'),
    ]);
  });
});

describe('task durations', () => {
  it('are refused above 24 h or non-finite at the API boundary, and accepted up to 24 h', async () => {
    const study = createSeededStudy();
    assignStudy(study, ['Dr Ada']);
    const pkg = packFor(study, 'Dr Ada');
    pkg.close();
    study.db.close();
    const api = createApiHost({ clock: sessionClock, studies: () => [{ path: pkg.path, label: 'Dr-Ada.blindrate' }] });
    try {
      const summary = await api.dispatch('unlockStudy', {
        path: pkg.path,
        passphrase: PACKAGE_PASSPHRASE,
        remember: false,
      });
      await api.dispatch('startSession', (summary as { value: { rater: { id: number } } }).value.rater.id);
      const list = (await api.dispatch('listAssignments', 'rating')) as { value: Array<{ assignmentId: string }> };
      const assignmentId = list.value[0]!.assignmentId;
      for (const durationMs of [1e300, 86_400_001, -1, Number.POSITIVE_INFINITY]) {
        const reply = await api.dispatch('saveRating', {
          assignmentId,
          values: ratingValues(4),
          comment: '',
          durationMs,
        });
        expect(reply, String(durationMs)).toMatchObject({
          ok: false,
          error: expect.stringMatching(/^saveRating: invalid argument/),
        });
      }
      expect(
        await api.dispatch('saveRating', { assignmentId, values: ratingValues(4), comment: '', durationMs: 1e300 }),
      ).toMatchObject({
        error: expect.stringContaining('at most 24 h (86400000 ms)'),
      });
      expect(
        (
          await api.dispatch('saveRating', {
            assignmentId,
            values: ratingValues(4),
            comment: '',
            durationMs: 86_400_000,
          })
        ).ok,
      ).toBe(true);
      // Durations add up across edits, but never beyond a day.
      expect(
        (await api.dispatch('saveRating', { assignmentId, values: ratingValues(3), comment: '', durationMs: 5000 })).ok,
      ).toBe(true);
    } finally {
      await api.closeStudy();
    }
    const db = openStudyDatabase(pkg.path, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
    expect(db.prepare('SELECT max(duration_ms) FROM responses').pluck().get()).toBe(86_400_000);
    db.close();
    study.cleanup();
  });

  it('are refused above 24 h by the analysis parser, naming file, line and column', () => {
    const header = 'rater,item_id,model,dimension,value,duration_ms';
    expect(() => parseTidyRatingsCsv(`${header}\na,q1,m,factuality,3,1e300\n`, 'r.csv')).toThrow(
      'Line 2 of r.csv: "duration_ms" must be a whole number from 0 to 86400000, got "1e300"',
    );
    expect(() => parseTidyRatingsCsv(`${header}\na,q1,m,factuality,3,86400001\n`, 'r.csv')).toThrow(
      'Line 2 of r.csv: "duration_ms" must be a whole number from 0 to 86400000, got "86400001"',
    );
    expect(parseTidyRatingsCsv(`${header}\na,q1,m,factuality,3,86400000\n`, 'r.csv').rows[0]!.durationMs).toBe(
      86_400_000,
    );
  });
});
