import type { BookkeepingSql } from '@corral/sql';

/**
 * How many counter rows each collection's revision and live count are spread over: a write adds
 * to the row of its connection, so writers of one collection seldom wait on one another (readers
 * add the rows up). As on PostgreSQL (see @corral/postgres's counters.ts). A row also keeps the last
 * change-log position its writers took (`low`), by which readers of the log find unfinished
 * writers (see change-log.ts).
 */
export const counterShards = 16;
/** The session variable by which the store gives each of its connections a counter row of its own. */
export const shardVariable = '@corral_shard';
/**
 * The counter row a statement adds to: the one the store gave its connection (see connection.ts),
 * or else (another program's connection, whose writes the triggers count) its connection id's.
 */
export const counterShard = `COALESCE(${shardVariable}, CONNECTION_ID() % ${counterShards})`;

/**
 * The statement that adds `by` to the revision in the writer's counter row of `collection`, with
 * `more` assignments after it (`, live = ...`) and, where given, a further `condition`.
 */
export const countInRow = (collection: string, by: number | string, more = '', condition = '') =>
  `UPDATE corral_counts SET revision = revision + ${by}${more} WHERE collection = ${collection} AND shard = ${counterShard}${condition ? ` AND ${condition}` : ''}`;

const shards = Array.from({ length: counterShards }, (_, shard) => shard);
/** The shard numbers as a derived table. */
const shardRows = `(${shards.map((shard) => `SELECT ${shard} AS shard`).join(' UNION ALL ')}) AS corral_shards`;
/** Sums of the rows, as integers (a SUM of BIGINTs is a DECIMAL, which mysql2 gives as text). */
const sums = (live: boolean) => `CAST(SUM(revision) AS SIGNED)${live ? ', CAST(SUM(live) AS SIGNED)' : ''}`;

/**
 * The revision counters and tombstones (made at init, see managed-table.ts). A store's own table
 * keeps them by its triggers, which fire for every writer; a table the application owns by a
 * statement after each write (or by the change log's trigger, when it is logged).
 */
export const mysqlBookkeeping: BookkeepingSql = {
  // Only the rows missing (or, for a table the application owns, still keeping a live count) are
  // written: the existence check is a read without locks, where `INSERT IGNORE` would wait for
  // every unit of work holding a counter row, and a start beside a long unit would wait for it.
  // A table the application owns has no live count: the change log's trigger tells its counter
  // rows by that, and counts its changes there (see change-log.ts), even if the store made it once.
  revisionSeed: (collection, keepsLive) =>
    `INSERT INTO corral_counts (collection, shard, revision, live) SELECT ${collection}, corral_shards.shard, 0, ${keepsLive ? '0' : 'NULL'}
    FROM ${shardRows}
    WHERE NOT EXISTS (SELECT 1 FROM corral_counts AS c WHERE c.collection = ${collection} AND c.shard = corral_shards.shard${keepsLive ? '' : ' AND c.live IS NULL'})
    ON DUPLICATE KEY UPDATE live = ${keepsLive ? 'corral_counts.live' : 'NULL'}`,
  // Locked in primary-key order (shard by shard), as every writer takes one of them.
  revisionRead: (collection, lock) =>
    `SELECT ${sums(false)} AS revision, CAST(SUM(live) AS SIGNED) AS live FROM corral_counts WHERE collection = ${collection}${lock ? ' FOR UPDATE' : ''}`,
  revisionBump: (collection, condition, live) =>
    countInRow(collection, 1, live && live !== '0' ? `, live = live + (${live})` : '', condition),
  pageCounts: (map, collection) =>
    `(SELECT ${map.managed ? `JSON_ARRAY(${sums(true)})` : sums(false)} FROM corral_counts WHERE collection = ${collection})`,
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
  `CREATE TABLE IF NOT EXISTS corral_counts (collection VARCHAR(255) NOT NULL, shard SMALLINT NOT NULL, revision BIGINT NOT NULL, live BIGINT NULL,
    low BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, shard)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  // Earlier versions kept one row per collection in corral_revisions: its counts become shard 0's,
  // the other shards start at 0, before any shard is seeded (so revisions go on from where they were). Made empty where missing,
  // so that the statement stands alone; nothing writes it any more.
  `CREATE TABLE IF NOT EXISTS corral_revisions (collection VARCHAR(255) NOT NULL PRIMARY KEY, revision BIGINT NOT NULL, live BIGINT NULL)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  // Every shard at once: a log trigger numbering a change fails on a collection without its
  // connection's row (so that it never reuses a position), even before that collection's store starts.
  `INSERT IGNORE INTO corral_counts (collection, shard, revision, live)
    SELECT collection, shard, IF(shard = 0, revision, 0), IF(shard = 0 OR live IS NULL, live, 0)
    FROM corral_revisions CROSS JOIN ${shardRows}
    WHERE NOT EXISTS (SELECT 1 FROM corral_counts AS c WHERE c.collection = corral_revisions.collection AND c.shard = corral_shards.shard)`,
  `CREATE TABLE IF NOT EXISTS corral_tombstones (collection VARCHAR(255) NOT NULL, id VARCHAR(255) NOT NULL, PRIMARY KEY (collection, id))
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  // The collections whose live count is to be counted anew: their triggers were missing or are
  // being replaced, so writes may have gone uncounted. Noted before the triggers change and
  // cleared with the recount, so that a start that stops between the two leaves it to the next (recount.ts).
  `CREATE TABLE IF NOT EXISTS corral_recounts (collection VARCHAR(255) NOT NULL PRIMARY KEY)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  `CREATE TABLE IF NOT EXISTS corral_tables (collection VARCHAR(255) NOT NULL PRIMARY KEY, layout INT NOT NULL, table_name VARCHAR(255) NOT NULL, definition LONGTEXT NOT NULL, last_id BIGINT NOT NULL DEFAULT 0)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
];
