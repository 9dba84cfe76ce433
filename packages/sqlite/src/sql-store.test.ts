import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The suite every SQL store passes, from the SQL skeleton's sources (a test file, not part of its package).
import { sqlStoreCases } from '@corral/sql/testing';
import { sqliteDatabase } from './database.js';

let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-sql-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

sqlStoreCases('sqlite', async () => {
  const path = join(folder, `sql-${++files}.sqlite`);
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
});
