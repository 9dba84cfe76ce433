import { DatabaseSync } from 'node:sqlite';
import type { SqlHarness } from '@corral/sql/testing';
import { sqliteDatabase } from '../database.js';

/** The harness of `sqlStoreCases` on the file at `path`. */
export function sqlHarness(path: string): SqlHarness {
  /** Another program on the same file, one that (as it should) enforces foreign keys. */
  const other = () => {
    const connection = new DatabaseSync(path);
    connection.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
    return connection;
  };
  const using = <R>(work: (connection: DatabaseSync) => R): R => {
    const connection = other();
    try {
      return work(connection);
    } finally {
      connection.close();
    }
  };
  return {
    open: () => sqliteDatabase({ path, synchronous: 'normal' }),
    exec: async (sql) => using((connection) => connection.exec(sql)),
    rows: async (sql) =>
      using((connection) =>
        connection
          .prepare(sql)
          .all()
          .map((row) => ({ ...row })),
      ),
    columns: async (table) =>
      using((connection) =>
        connection
          .prepare('SELECT name, "notnull" AS not_null, pk FROM pragma_table_info(?)')
          .all(table)
          .map((row) => ({ name: String(row.name), notNull: Number(row.not_null) === 1 || Number(row.pk) > 0 })),
      ),
    definition: async (table) =>
      using((connection) =>
        connection
          .prepare('SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = ? ORDER BY type, name')
          .all(table)
          .map((row) => `${String(row.type)} ${String(row.name)}: ${String(row.sql)}`)
          .join('\n'),
      ),
    types: { key: 'INTEGER PRIMARY KEY', text: 'TEXT', integer: 'INTEGER', boolean: 'BOOLEAN', json: 'JSON' },
  };
}
