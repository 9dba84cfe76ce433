import type { BookkeepingSql } from '@corral/sql';

/** The SQL of the revision and tombstone tables of a schema (made at init, see managed-table.ts). */
export function postgresBookkeeping(schema: string): BookkeepingSql {
  const revisions = `${schema}.corral_revisions`;
  const tombstones = `${schema}.corral_tombstones`;
  return {
    revisionSeed: (collection) =>
      `INSERT INTO ${revisions} (collection, revision) VALUES (${collection}, 0) ON CONFLICT DO NOTHING`,
    revisionRead: (collection, lock) =>
      `SELECT revision, live FROM ${revisions} WHERE collection = ${collection}${lock ? ' FOR UPDATE' : ''}`,
    revisionBump: (collection, condition) =>
      `UPDATE ${revisions} SET revision = revision + 1 WHERE collection = ${collection}${condition ? ` AND ${condition}` : ''}`,
    // Repeated on every row, and pg parses each copy: only a table the store made needs the live count too.
    pageCounts: (map, collection) =>
      `(SELECT ${map.managed ? 'ARRAY[revision, live]' : 'revision'} FROM ${revisions} WHERE collection = ${collection})`,
    anyTombstone: (collection) => `SELECT EXISTS (SELECT 1 FROM ${tombstones} WHERE collection = ${collection}) AS any`,
    tombstones: (collection, ids) =>
      `SELECT id FROM ${tombstones} WHERE collection = ${collection} AND id = ANY(${ids}::text[])`,
    tombstone: (collection, id) =>
      `INSERT INTO ${tombstones} (collection, id) VALUES (${collection}, ${id}::text) ON CONFLICT DO NOTHING`,
    tombstonesFrom: (collection, from) =>
      `INSERT INTO ${tombstones} (collection, id) SELECT ${collection}, id::text FROM ${from} ON CONFLICT DO NOTHING`,
  };
}
