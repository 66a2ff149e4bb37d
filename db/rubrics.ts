/** Rubrics are stored as rows (dimensions, scale points) so the study file alone defines its instrument. */
import { parseRubric, type Rubric } from '../shared/rubric';
import { type StudyDb } from './connection';
import { StudyError } from '../shared/errors';

/** Stores a rubric and makes it the study's active one. Call inside a transaction. */
export function insertActiveRubric(db: StudyDb, rubric: Rubric): void {
  db.prepare('UPDATE rubrics SET is_active = 0 WHERE is_active = 1').run();
  db.prepare(
    `INSERT INTO rubrics (id, name, source, allow_tie, instructions, pause_after_idle_minutes, lock_after_idle_minutes, is_active)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(
    rubric.id,
    rubric.name,
    rubric.source,
    rubric.preference.allowTie ? 1 : 0,
    rubric.instructions,
    rubric.idle.pauseAfterMinutes,
    rubric.idle.lockAfterMinutes,
  );
  const insertDimension = db.prepare(
    'INSERT INTO rubric_dimensions (rubric_id, position, key, label, description, kind, role) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPoint = db.prepare(
    `INSERT INTO rubric_scale_points (rubric_id, dimension_key, value, label, anchor, shortcut_key)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  rubric.dimensions.forEach((dimension, position) => {
    const role = dimension.role ?? 'rated';
    insertDimension.run(
      rubric.id,
      position,
      dimension.key,
      dimension.label,
      dimension.description,
      dimension.kind,
      role,
    );
    for (const point of dimension.scale) {
      insertPoint.run(rubric.id, dimension.key, point.value, point.label, point.anchor, point.key);
    }
  });
  const insertCondition = db.prepare(
    `INSERT INTO rubric_conditions (rubric_id, position, when_dimension, when_values, require_what, require_dimension)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  (rubric.conditions ?? []).forEach((condition, position) => {
    const { when, require } = condition;
    const requireDimension = require.what === 'dimension' ? require.dimension : null;
    insertCondition.run(
      rubric.id,
      position,
      when.dimension,
      JSON.stringify(when.values),
      require.what,
      requireDimension,
    );
  });
  const insertAspect = db.prepare(
    'INSERT INTO rubric_pairwise_aspects (rubric_id, position, dimension_key) VALUES (?, ?, ?)',
  );
  (rubric.pairwise?.aspects ?? []).forEach((key, position) => insertAspect.run(rubric.id, position, key));
}

interface RubricRow {
  id: string;
  name: string;
  source: string;
  allow_tie: number;
  instructions: string;
  pause_after_idle_minutes: number | null;
  lock_after_idle_minutes: number | null;
}
interface DimensionRow {
  key: string;
  label: string;
  description: string;
  kind: string;
  role: string;
}
interface ConditionRow {
  when_dimension: string;
  when_values: string;
  require_what: string;
  require_dimension: string | null;
}
interface PointRow {
  value: number;
  label: string;
  anchor: string;
  shortcut_key: string;
}

export function readActiveRubricRows(db: StudyDb): Rubric {
  const rubric = db
    .prepare(
      `SELECT id, name, source, allow_tie, instructions, pause_after_idle_minutes, lock_after_idle_minutes
       FROM rubrics WHERE is_active = 1`,
    )
    .get() as RubricRow | undefined;
  if (!rubric) throw new StudyError('This study has no active rubric.');
  const dimensions = db
    .prepare('SELECT key, label, description, kind, role FROM rubric_dimensions WHERE rubric_id = ? ORDER BY position')
    .all(rubric.id) as DimensionRow[];
  const points = db.prepare(
    `SELECT value, label, anchor, shortcut_key FROM rubric_scale_points
     WHERE rubric_id = ? AND dimension_key = ? ORDER BY value`,
  );
  const conditions = db
    .prepare(
      `SELECT when_dimension, when_values, require_what, require_dimension FROM rubric_conditions
       WHERE rubric_id = ? ORDER BY position`,
    )
    .all(rubric.id) as ConditionRow[];
  const aspects = db
    .prepare('SELECT dimension_key FROM rubric_pairwise_aspects WHERE rubric_id = ? ORDER BY position')
    .pluck()
    .all(rubric.id) as string[];
  // Parsing re-validates what was stored, so a hand-edited study cannot smuggle in a broken rubric.
  return parseRubric({
    id: rubric.id,
    name: rubric.name,
    source: rubric.source,
    preference: { allowTie: rubric.allow_tie === 1 },
    instructions: rubric.instructions,
    // NULL (a study made before idle times could be set): the defaults.
    idle: {
      pauseAfterMinutes: rubric.pause_after_idle_minutes ?? undefined,
      lockAfterMinutes: rubric.lock_after_idle_minutes ?? undefined,
    },
    ...(conditions.length > 0 && { conditions: conditions.map(storedCondition) }),
    ...(aspects.length > 0 && { pairwise: { aspects } }),
    dimensions: dimensions.map(({ role, ...d }) => ({
      ...d,
      ...(role !== 'rated' && { role }),
      scale: (points.all(rubric.id, d.key) as PointRow[]).map((p) => ({
        value: p.value,
        label: p.label,
        anchor: p.anchor,
        key: p.shortcut_key,
      })),
    })),
  });
}

/** A stored condition as the rubric schema reads it (which re-validates it). */
function storedCondition(row: ConditionRow): unknown {
  const require =
    row.require_what === 'dimension'
      ? { what: 'dimension', dimension: row.require_dimension }
      : { what: row.require_what };
  return { when: { dimension: row.when_dimension, values: JSON.parse(row.when_values) as unknown }, require };
}
