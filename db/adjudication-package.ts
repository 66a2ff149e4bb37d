/** The adjudication tables of a package file (db/package-migrations.ts, version 4). */
import type { AdjudicationReason } from '../shared/adjudication/reasons';
import type { StudyDb } from './connection';

/** A disputed dimension as the adjudicator sees it: the raters' values under "Rater 1", … (none when hidden). */
export interface PackageDispute {
  taskId: string;
  dimension: string;
  position: number;
  shown: { label: string; value: number | string }[];
}

export function insertPackageDispute(db: StudyDb, dispute: PackageDispute): void {
  db.prepare('INSERT INTO adjudication_disputes (task_id, dimension, position, shown_values) VALUES (?, ?, ?, ?)').run(
    dispute.taskId,
    dispute.dimension,
    dispute.position,
    JSON.stringify(dispute.shown),
  );
}

/** Every dispute of the package, in task order then dimension order. */
export function readPackageDisputes(db: StudyDb): PackageDispute[] {
  const rows = db
    .prepare(
      `SELECT d.task_id AS taskId, d.dimension, d.position, d.shown_values AS shown
       FROM adjudication_disputes d JOIN tasks t ON t.id = d.task_id ORDER BY t.position, d.position`,
    )
    .all() as (Omit<PackageDispute, 'shown'> & { shown: string })[];
  return rows.map((r) => ({ ...r, shown: JSON.parse(r.shown) as PackageDispute['shown'] }));
}

export interface PackageMark {
  taskId: string;
  dimension: string;
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
}

export function writePackageMark(db: StudyDb, mark: PackageMark): void {
  db.prepare(
    `INSERT INTO adjudication_marks (task_id, dimension, reason, guideline_gap) VALUES (?, ?, ?, ?)
     ON CONFLICT (task_id, dimension) DO UPDATE SET reason = excluded.reason, guideline_gap = excluded.guideline_gap`,
  ).run(mark.taskId, mark.dimension, mark.reason, mark.guidelineGap ? 1 : 0);
}

export function readPackageMarks(db: StudyDb): PackageMark[] {
  const rows = db
    .prepare(
      'SELECT task_id AS taskId, dimension, reason, guideline_gap AS guidelineGap FROM adjudication_marks ORDER BY task_id, dimension',
    )
    .all() as (Omit<PackageMark, 'guidelineGap'> & { guidelineGap: number })[];
  return rows.map((r) => ({ ...r, guidelineGap: r.guidelineGap === 1 }));
}
