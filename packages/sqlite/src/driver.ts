import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqlDriver, SqlRow } from '@corral/sql';
import type { SqliteDatabase } from './database.js';

/**
 * A connection as the engine sees it: the writing one (which also serves the reads of a unit of
 * work) or the read-only one (committed data only). A `:memory:` database has one connection for
 * both, told apart here so that only committed reads are cached.
 */
export interface SqliteConnection {
  /** The node:sqlite connection. */
  readonly connection: DatabaseSync;
  /** Whether it sees committed data only (the read-only reader), so its pages may be kept. */
  readonly committedOnly: boolean;
}

/** The engine's driver on node:sqlite: synchronous statements, prepared once per text and connection. */
export function sqliteDriver(
  database: SqliteDatabase,
): SqlDriver<SqliteConnection> & { readonly writer: SqliteConnection } {
  const writer: SqliteConnection = { connection: database.connection, committedOnly: false };
  const reader: SqliteConnection = { connection: database.reader, committedOnly: true };
  const statement = (on: SqliteConnection, sql: string, arrays = false): StatementSync =>
    on === reader ? database.readStatement(sql, arrays) : database.statement(sql, arrays);
  return {
    writer,
    readsOn(options) {
      database.check(options);
      return options?.transaction ? writer : reader;
    },
    rows: (on, sql, values, options) =>
      statement(on, sql, options?.arrays).all(...(values as SQLInputValue[])) as unknown as SqlRow[],
    first: (on, sql, values) =>
      statement(on, sql, true).get(...(values as SQLInputValue[])) as unknown as readonly unknown[] | undefined,
    run: (on, sql, values) => Number(statement(on, sql).run(...(values as SQLInputValue[])).changes),
    // Every write is a transaction of its own (or the caller's unit): SQLite has one writer at a time anyway.
    write: (options, _atomic, body) => database.write(options, () => body(writer)),
  };
}
