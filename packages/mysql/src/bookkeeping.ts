import type { BookkeepingSql } from '@corral/sql';

/**
 * The revision counters and tombstones (made at init, see managed-table.ts). A store's own table
 * keeps them by its triggers, which fire for every writer; a table the application owns by a
 * statement after each write.
 */
export const mysqlBookkeeping: BookkeepingSql = {
  // A table the application owns has no live count: the change log's trigger tells its revision
  // row by that, and counts its changes there (see change-log.ts), even if the store made it once.
  revisionSeed: (collection, keepsLive) =>
    keepsLive
      ? `INSERT IGNORE INTO corral_revisions (collection, revision, live) VALUES (${collection}, 0, 0)`
      : `INSERT INTO corral_revisions (collection, revision, live) VALUES (${collection}, 0, NULL) ON DUPLICATE KEY UPDATE live = NULL`,
  revisionRead: (collection, lock) =>
    `SELECT revision, live FROM corral_revisions WHERE collection = ${collection}${lock ? ' FOR UPDATE' : ''}`,
  revisionBump: (collection, condition, live) =>
    `UPDATE corral_revisions SET revision = revision + 1${live && live !== '0' ? `, live = live + (${live})` : ''} WHERE collection = ${collection}${condition ? ` AND ${condition}` : ''}`,
  pageCounts: (map, collection) =>
    `(SELECT ${map.managed ? 'JSON_ARRAY(revision, live)' : 'revision'} FROM corral_revisions WHERE collection = ${collection})`,
  anyTombstone: (collection) =>
    `SELECT EXISTS (SELECT 1 FROM corral_tombstones WHERE collection = ${collection}) AS "any"`,
  tombstones: (collection, ids) =>
    `SELECT id FROM corral_tombstones WHERE collection = ${collection} AND id IN (SELECT corral_items.v FROM JSON_TABLE(${ids}, '$[*]' COLUMNS (v VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin PATH '$')) AS corral_items)`,
  tombstone: (collection, id) => `INSERT IGNORE INTO corral_tombstones (collection, id) VALUES (${collection}, ${id})`,
  tombstoneRows: (collection, ids) =>
    `INSERT IGNORE INTO corral_tombstones (collection, id) VALUES ${ids.map((id) => `(${collection}, ${id})`).join(', ')}`,
  logCountsOwnedWrites: true,
  tombstonesFrom: (collection, from) =>
    `INSERT IGNORE INTO corral_tombstones (collection, id) SELECT ${collection}, id FROM ${from}`,
};

/** The bookkeeping tables, made when missing (each statement on its own: DDL commits in MariaDB). */
export const bookkeepingTables = [
  `CREATE TABLE IF NOT EXISTS corral_revisions (collection VARCHAR(255) NOT NULL PRIMARY KEY, revision BIGINT NOT NULL, live BIGINT NULL)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  `CREATE TABLE IF NOT EXISTS corral_tombstones (collection VARCHAR(255) NOT NULL, id VARCHAR(255) NOT NULL, PRIMARY KEY (collection, id))
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  `CREATE TABLE IF NOT EXISTS corral_tables (collection VARCHAR(255) NOT NULL PRIMARY KEY, layout INT NOT NULL, table_name VARCHAR(255) NOT NULL, definition LONGTEXT NOT NULL, last_id BIGINT NOT NULL DEFAULT 0)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
];
