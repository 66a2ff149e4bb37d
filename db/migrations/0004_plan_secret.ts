import type { Migration } from './index';

/**
 * assignment_plan.secret: the 256 random bits `assign` draws (electron/services/secret-stream.ts) from which
 * every rater's task order, A/B positions and quality-control placement derive. It lives in the master only:
 * no package, export, report or audit entry carries it. NULL for plans made before it (their packages were
 * ordered from the public seed); the first rater added to such a plan draws one.
 */
export const planSecretSchema: Migration = {
  version: 4,
  name: 'plan secret',
  sql: 'ALTER TABLE assignment_plan ADD COLUMN secret BLOB;',
};
