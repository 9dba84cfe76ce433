import type { OwnedColumn } from '@corral/sql';
import type { DatabaseSync } from 'node:sqlite';
import { storageOfDeclared } from './dialect.js';

/** Whether a table of this name exists (SQLite compares table names without regard to ASCII case). */
export function tableExists(connection: DatabaseSync, table: string): boolean {
  return (
    connection.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE`).get(table) !==
    undefined
  );
}

/**
 * The columns of a table as PRAGMA table_info tells them. A lone INTEGER PRIMARY KEY is SQLite's
 * row id, which the database fills: it counts as having a default.
 */
export function columnsOf(connection: DatabaseSync, table: string): OwnedColumn[] {
  const rows = connection
    .prepare('SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_info(?)')
    .all(table);
  const keyColumns = rows.filter((row) => Number(row.pk) > 0).length;
  return rows.map((row) => {
    const rowId = Number(row.pk) > 0 && keyColumns === 1 && String(row.type).toUpperCase() === 'INTEGER';
    return {
      name: String(row.name),
      storage: storageOfDeclared(String(row.type)),
      type: String(row.type),
      // A primary key other than the row id may hold NULL in SQLite unless declared NOT NULL; the row id never does.
      notNull: Number(row.not_null) === 1 || rowId,
      hasDefault: row.dflt_value !== null || rowId,
    };
  });
}

/** Index names of a table and the columns each covers, in order. */
export function indexesOf(connection: DatabaseSync, table: string): Map<string, string[]> {
  const indexes = new Map<string, string[]>();
  for (const index of connection.prepare('SELECT name FROM pragma_index_list(?)').all(table)) {
    const name = String(index.name);
    indexes.set(
      name,
      connection
        .prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno')
        .all(name)
        .map((column) => String(column.name)),
    );
  }
  return indexes;
}

/** Rows in a table (for start-up decisions, not for serving). */
export function rowCount(
  connection: DatabaseSync,
  quotedTable: string,
  where = '1 = 1',
  ...parameters: (string | number)[]
): number {
  return Number(connection.prepare(`SELECT count(*) AS n FROM ${quotedTable} WHERE ${where}`).get(...parameters)!.n);
}

/**
 * The columns of each unique index of a table (a UNIQUE or PRIMARY KEY constraint has one), leaving
 * out partial ones and those over expressions: they do not keep the columns unique as such.
 */
export function uniqueIndexesOf(connection: DatabaseSync, table: string): string[][] {
  const indexes = connection
    .prepare(`SELECT name FROM pragma_index_list(?) WHERE "unique" = 1 AND partial = 0`)
    .all(table)
    .map((index) =>
      connection
        .prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno')
        .all(String(index.name))
        .map((column) => column.name),
    );
  const key = connection.prepare(`SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`).all(table);
  return [...indexes, key.map((column) => column.name)]
    .filter((columns) => columns.length > 0 && columns.every((name) => name !== null))
    .map((columns) => columns.map(String));
}
