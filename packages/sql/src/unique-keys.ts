import { CorralError } from '@corral/core';
import { derivedName, quoted } from './names.js';
import type { ColumnMap, TableMap } from './table-map.js';

/** Unique index names a store gives its own tables start with this, after the table's name. */
export const uniqueMark = 'unique_';

/** A unique index a store makes for a declared unique key. */
export interface PlannedUnique {
  /** The index's name: the table's, then `unique_` and its columns. */
  readonly name: string;
  /** The key's columns, in the declared order. */
  readonly columns: readonly ColumnMap[];
}

/** The unique indexes the declared keys call for. */
export function uniquePlan(map: TableMap): PlannedUnique[] {
  return map.unique.map((columns) => ({
    name: derivedName(map.table, `${uniqueMark}${columns.map((column) => column.column).join('_')}`),
    columns,
  }));
}

/** The statement making a planned unique index (`table` as statements name it). */
export function createUniqueSql(index: PlannedUnique, table: string): string {
  return `CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(index.name)} ON ${table} (${index.columns.map((column) => quoted(column.column)).join(', ')})`;
}

/**
 * A query counting the values of the key that more than one row holds (column `n`); rows with a
 * NULL in the key are left out, as a unique index leaves them.
 */
export function sharedKeysSql(index: PlannedUnique, table: string): string {
  const keys = index.columns.map((column) => quoted(column.column));
  return `SELECT count(*) AS n FROM (SELECT 1 AS one FROM ${table} WHERE ${keys.map((key) => `${key} IS NOT NULL`).join(' AND ')} GROUP BY ${keys.join(', ')} HAVING count(*) > 1) AS shared`;
}

/** Start-up stops: rows already share a value of a key declared unique, so its index cannot be made. */
export function sharedKeysRefused(map: TableMap, index: PlannedUnique, shared: number, table: string): CorralError {
  const fields = index.columns.map((column) => column.field).join(', ');
  const keys = index.columns.map((column) => quoted(column.column)).join(', ');
  return new CorralError(
    'CORRAL_SCHEMA_CHANGE_REFUSED',
    `Collection "${map.collection}": ${fields} is declared unique, but ${shared} value(s) of it are held by more than one row of table ${map.table}, so its unique index was not made and nothing was changed. Find them with: SELECT ${keys}, count(*) FROM ${table} GROUP BY ${keys} HAVING count(*) > 1; change or delete the extra rows, then start again; or take the key out of \`unique\`.`,
  );
}

/**
 * What a table the application owns lacks for its declared unique keys: a key is held by a unique
 * index (or constraint) over its columns or over some of them. `indexes` are those the table has.
 */
export function missingUniqueKeys(map: TableMap, indexes: readonly (readonly string[])[], table: string): string[] {
  return uniquePlan(map)
    .filter(({ columns }) => !indexes.some((index) => index.every((name) => columns.some((c) => c.column === name))))
    .map(({ name, columns }) => {
      const keys = columns.map((column) => quoted(column.column)).join(', ');
      return `${columns.map((column) => column.field).join(', ')} is declared unique, but table ${map.table} has no unique index or constraint over (${columns.map((column) => column.column).join(', ')}); add one: CREATE UNIQUE INDEX ${quoted(name)} ON ${table} (${keys})`;
    });
}
