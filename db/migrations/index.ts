import type { StudyDb } from '../connection';
import { initialSchema } from './0001_initial';
import { packagesSchema } from './0002_packages';
import { qualityControlSchema } from './0003_quality_control';
import { planSecretSchema } from './0004_plan_secret';
import { packageAnchorsSchema } from './0005_package_anchors';
import { itemSourceIdSchema } from './0006_item_source_id';
import { rubricInstructionsIdleSchema } from './0007_rubric_instructions_idle';
import { rubricKindsSchema } from './0008_rubric_kinds';
import { judgesSchema } from './0009_judges';
import { pairwiseSchema } from './0010_pairwise';
import { adjudicationSchema } from './0011_adjudication';
import { pairwiseAspectsSchema } from './0012_pairwise_aspects';
import { pairwiseAdjudicationSchema } from './0013_pairwise_adjudication';

export interface Migration {
  /** Stored in PRAGMA user_version once applied. */
  version: number;
  name: string;
  sql: string;
  /** Data work after the SQL, in the same transaction (e.g. hashing existing rows). */
  after?(db: StudyDb): void;
  /** Rebuilds a table others refer to: run with foreign keys off, checked before commit (SQLite's ALTER TABLE procedure). */
  rebuildsTables?: boolean;
}

/** Every migration of a master study, in the order they are applied. Append only; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  packagesSchema,
  qualityControlSchema,
  planSecretSchema,
  packageAnchorsSchema,
  itemSourceIdSchema,
  rubricInstructionsIdleSchema,
  rubricKindsSchema,
  judgesSchema,
  pairwiseSchema,
  adjudicationSchema,
  pairwiseAspectsSchema,
  pairwiseAdjudicationSchema,
];
