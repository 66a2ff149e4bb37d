import type { Migration } from './index';

/**
 * Anchored packages and lock receipts (docs/packages.md, "What the audit chain proves"):
 * - rater_packages.anchor_hash: the hash of the first audit entry `pack` wrote into the package; a
 *   merge refuses a package whose history does not begin with it. NULL for packages issued before.
 * - rater_packages.lock_receipt: the receipt the rater read to the coordinator, stored by the first
 *   merge given it; every later merge of that package checks it too.
 */
export const packageAnchorsSchema: Migration = {
  version: 5,
  name: 'package anchors and lock receipts',
  sql: `
    ALTER TABLE rater_packages ADD COLUMN anchor_hash TEXT;
    ALTER TABLE rater_packages ADD COLUMN lock_receipt TEXT;
  `,
};
