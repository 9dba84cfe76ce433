import type { SqlDriver } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';

/**
 * The engine's driver on mysql2: prepared statements on the pool or on a unit's connection; a
 * write of one statement runs on its own (autocommit), several in a READ COMMITTED unit (in one
 * round trip when they are known before the first is sent: `runUnit`).
 */
export function mysqlDriver(database: MysqlDatabase): SqlDriver<Queryable> {
  return {
    readsOn: (options) => database.on(options),
    rows: async (on, sql, values, options) => (await database.query(on, sql, values, options)).rows,
    run: async (on, sql, values) => (await database.query(on, sql, values, { writes: true })).changed,
    runLast: (on, sql, values) => database.runLast(on, sql, values),
    runUnit: (statements) => database.runUnit(statements),
    write: (options, atomic, body) => (atomic ? database.atomically(options, body) : body(database.on(options))),
  };
}
