import type { SqlDriver, SqlRow } from '@corral/sql';
import type { PostgresDatabase, Queryable } from './database.js';

/**
 * The engine's driver on pg: statements prepared by name on the pool or on a unit's connection; a
 * write of one statement runs on its own (autocommit), several in a READ COMMITTED unit that locks
 * what it checks.
 */
export function postgresDriver(database: PostgresDatabase): SqlDriver<Queryable> {
  return {
    readsOn: (options) => database.on(options),
    rows: async (on, sql, values, options) =>
      (await database.query(on, sql, values as unknown[], options ?? false)).rows as SqlRow[],
    run: async (on, sql, values) =>
      (await database.query(on, sql, values as unknown[], { writes: true })).rowCount ?? 0,
    write: (options, atomic, body) => (atomic ? database.atomically(options, body) : body(database.on(options))),
  };
}
