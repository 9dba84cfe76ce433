import type { BookkeepingSql } from '@corral/sql';

/** The SQL of the revision and tombstone tables (made by the database on open). */
export const sqliteBookkeeping: BookkeepingSql = {
  revisionSeed: (collection) =>
    `INSERT OR IGNORE INTO corral_revisions (collection, revision) VALUES (${collection}, 0)`,
  // SQLite has one writer at a time: nothing to lock.
  revisionRead: (collection) => `SELECT revision, live FROM corral_revisions WHERE collection = ${collection}`,
  revisionBump: (collection, condition) =>
    `UPDATE corral_revisions SET revision = revision + 1 WHERE collection = ${collection}${condition ? ` AND ${condition}` : ''}`,
  pageCounts: (map, collection) =>
    `(SELECT ${map.managed ? 'json_array(revision, live)' : 'revision'} FROM corral_revisions WHERE collection = ${collection})`,
  anyTombstone: (collection) =>
    `SELECT EXISTS (SELECT 1 FROM corral_tombstones WHERE collection = ${collection}) AS any`,
  tombstones: (collection, ids) =>
    `SELECT id FROM corral_tombstones WHERE collection = ${collection} AND id IN (SELECT value FROM json_each(${ids}))`,
  tombstone: (collection, id) =>
    `INSERT OR IGNORE INTO corral_tombstones (collection, id) VALUES (${collection}, ${id})`,
  tombstoneRows: (collection, ids) =>
    `INSERT OR IGNORE INTO corral_tombstones (collection, id) VALUES ${ids.map((id) => `(${collection}, ${id})`).join(', ')}`,
  tombstonesFrom: (collection, from) =>
    `INSERT OR IGNORE INTO corral_tombstones (collection, id) SELECT ${collection}, id FROM ${from}`,
};
