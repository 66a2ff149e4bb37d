import type { Migration } from './index';

/**
 * items.source_id: the id the item has in the dataset it came from (MeDiSumQA's note_id, a dataset's
 * own id), kept beside BlindRate's item_id, which must be unique where a dataset's ids need not be
 * (several questions of one note). '' when the source gave none.
 */
export const itemSourceIdSchema: Migration = {
  version: 6,
  name: 'item source id',
  sql: `ALTER TABLE items ADD COLUMN source_id TEXT NOT NULL DEFAULT '';`,
};
