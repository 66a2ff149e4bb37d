/**
 * Schema 7 gives a study's rubric rater instructions and idle times: a schema-6 master keeps its rubric,
 * with no instructions and the default idle times; a rubric that sets them keeps them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { MIGRATIONS } from '../../../db/migrations/index';
import { insertActiveRubric, readActiveRubricRows } from '../../../db/rubrics';
import { CHQ_SUMM_RUBRIC, DEFAULT_IDLE, parseRubric } from '../../../shared/rubric';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test amber compass';
const folder = mkdtempSync(join(tmpdir(), 'blindrate-rubric-upgrade-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("reads a schema-6 study's rubric with no instructions and the default idle times", () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(path, PASSPHRASE, MIGRATIONS.slice(0, 6));
  old.exec(`
    INSERT INTO rubrics (id, name, source, allow_tie, is_active) VALUES ('r', 'Old rubric', '', 1, 1);
    INSERT INTO rubric_dimensions (rubric_id, position, key, label, description, kind) VALUES ('r', 0, 'clarity', 'Clarity', '', 'likert');
    INSERT INTO rubric_scale_points (rubric_id, dimension_key, value, label, anchor, shortcut_key) VALUES ('r', 'clarity', 1, 'Poor', '', '1');
    INSERT INTO rubric_scale_points (rubric_id, dimension_key, value, label, anchor, shortcut_key) VALUES ('r', 'clarity', 2, 'Good', '', '2');
  `);
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    const rubric = readActiveRubricRows(db);
    expect(rubric).toMatchObject({ id: 'r', name: 'Old rubric', instructions: '', idle: DEFAULT_IDLE });
    expect(rubric.dimensions.map((d) => d.scale.map((p) => p.label))).toEqual([['Poor', 'Good']]);
  } finally {
    db.close();
  }
});

it("keeps a rubric's instructions and idle times as the rubric file gave them", () => {
  const path = join(folder, 'new.db');
  createOldMaster(path, PASSPHRASE, MIGRATIONS.slice(0, 6)).close();
  const db = openStudyDatabase(path, PASSPHRASE);
  const rubric = parseRubric({
    ...CHQ_SUMM_RUBRIC,
    instructions: '# Before you start\n\nRate **each** answer on its own.',
    idle: { pauseAfterMinutes: 3, lockAfterMinutes: 12 },
  });
  try {
    insertActiveRubric(db, rubric);
    expect(readActiveRubricRows(db)).toEqual(rubric);
  } finally {
    db.close();
  }
});
