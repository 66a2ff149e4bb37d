/**
 * Schema 7 widens rubric_dimensions.kind to ordinal and nominal, gives a dimension a role and stores a
 * rubric's conditions: a schema-6 master keeps its rubric as it was, and a master stores and reads back a
 * rubric using all of it (the row-by-row storage re-validates it on reading).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { insertActiveRubric, readActiveRubricRows } from '../../../db/rubrics';
import { MIGRATIONS } from '../../../db/migrations/index';
import { MED_PALM_HARM_RUBRIC } from '../../../shared/presets/med-palm-harm';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { createOldMaster } from './old-schema';

const PASSPHRASE = 'upgrade test amber compass';
const folder = mkdtempSync(join(tmpdir(), 'blindrate-rubric-kinds-upgrade-'));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** MeDiSumQA's factuality (Likert) and safety (binary). */
const OLD: Rubric = {
  ...MEDISUMQA_RUBRIC,
  dimensions: MEDISUMQA_RUBRIC.dimensions.filter((d) => d.key === 'factuality' || d.key === 'safety'),
};

const CLINICAL: Rubric = {
  ...MED_PALM_HARM_RUBRIC,
  dimensions: [
    ...MED_PALM_HARM_RUBRIC.dimensions,
    {
      key: 'error_type',
      label: 'Error type',
      description: 'The main kind of error.',
      kind: 'nominal',
      scale: [
        { value: 0, label: 'None', anchor: '', key: 'n' },
        { value: 1, label: 'Factual', anchor: '', key: 'a' },
        { value: 2, label: 'Omission', anchor: '', key: 'o' },
      ],
    },
    {
      key: 'confidence',
      label: 'Your confidence',
      description: '',
      kind: 'likert',
      role: 'confidence',
      scale: [1, 2, 3, 4, 5].map((value) => ({ value, label: `${value}`, anchor: '', key: `${value}` })),
    },
  ],
};

it("keeps a schema-6 study's Likert and binary rubric, and then stores ordinal and nominal dimensions, conditions and a confidence role", () => {
  const path = join(folder, 'old.db');
  const old = createOldMaster(
    path,
    PASSPHRASE,
    MIGRATIONS.filter((m) => m.version <= 6),
  );
  // Rows as a schema-6 BlindRate wrote them: no role column, no conditions table.
  old
    .prepare(`INSERT INTO rubrics (id, name, source, allow_tie, is_active) VALUES (?, ?, ?, 1, 1)`)
    .run(OLD.id, OLD.name, OLD.source);
  OLD.dimensions.forEach((d, position) => {
    old
      .prepare(
        `INSERT INTO rubric_dimensions (rubric_id, position, key, label, description, kind) VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(OLD.id, position, d.key, d.label, d.description, d.kind);
    for (const p of d.scale)
      old
        .prepare(
          `INSERT INTO rubric_scale_points (rubric_id, dimension_key, value, label, anchor, shortcut_key) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(OLD.id, d.key, p.value, p.label, p.anchor, p.key);
  });
  old.close();

  const db = openStudyDatabase(path, PASSPHRASE);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(readActiveRubricRows(db)).toEqual(OLD);
    db.transaction(() => insertActiveRubric(db, CLINICAL))();
    expect(readActiveRubricRows(db)).toEqual(CLINICAL);
    expect(db.prepare(`SELECT key, role FROM rubric_dimensions WHERE role = 'confidence'`).all()).toEqual([
      { key: 'confidence', role: 'confidence' },
    ]);
  } finally {
    db.close();
  }
});
