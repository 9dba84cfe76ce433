import type { BookkeepingSql } from '@corral/sql';
import { addWrite, countsQuery, lockedRevisionQuery, ownStatementMark, revisionQuery, seedShards } from './counters.js';

/**
 * The SQL of the counters and tombstone tables of a schema (made at init, see managed-table.ts and
 * counters.ts): a write adds to its connection's counter row, a read sums the collection's rows.
 */
export function postgresBookkeeping(schema: string): BookkeepingSql {
  const tombstones = `${schema}.corral_tombstones`;
  return {
    revisionSeed: (collection, keepsLive) => seedShards(schema, collection, keepsLive),
    revisionRead: (collection, lock) => (lock ? lockedRevisionQuery : revisionQuery)(schema, collection),
    revisionBump: (collection, condition, live = '0') =>
      addWrite(schema, `${collection}::text`, live, condition ? `WHERE ${condition}` : ''),
    ownStatementMark,
    // Repeated on every row, and pg parses each copy: only a table the store made needs the live count too.
    pageCounts: (map, collection) => `(${countsQuery(schema, collection, map.managed)})`,
    anyTombstone: (collection) => `SELECT EXISTS (SELECT 1 FROM ${tombstones} WHERE collection = ${collection}) AS any`,
    tombstones: (collection, ids) =>
      `SELECT id FROM ${tombstones} WHERE collection = ${collection} AND id = ANY(${ids}::text[])`,
    tombstone: (collection, id) =>
      `INSERT INTO ${tombstones} (collection, id) VALUES (${collection}, ${id}::text) ON CONFLICT DO NOTHING`,
    tombstonesFrom: (collection, from) =>
      `INSERT INTO ${tombstones} (collection, id) SELECT ${collection}, id::text FROM ${from} ON CONFLICT DO NOTHING`,
  };
}
