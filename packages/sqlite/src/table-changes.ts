import {
  countedFacts,
  diffTable,
  orphanedRows,
  quoted,
  resolutionSql,
  schemaChangeRefused,
  tableMismatch,
  type ColumnMap,
  type SchemaChange,
  type TableMap,
} from '@corral/sql';
import type { DatabaseSync } from 'node:sqlite';
import { sqliteTypes } from './dialect.js';
import { limits, storedDefinition } from './managed-table.js';
import { columnsOf, indexesOf, rowCount, tableExists } from './table-info.js';

/** What must happen to the table: nothing, plain ADD COLUMNs, or a rebuild (SQLite alters little else in place). */
export type TableWork =
  | { readonly kind: 'create' }
  | { readonly kind: 'add'; readonly columns: ColumnMap[] }
  | { readonly kind: 'rebuild'; readonly changes: SchemaChange[] };

/** The condition under which a value of the column does not fit its new storage's check. */
function unfitting(column: ColumnMap): string | undefined {
  const name = quoted(column.column);
  if (column.storage === 'boolean') return `${name} IS NOT NULL AND ${name} NOT IN (0, 1)`;
  if (column.storage === 'json') return `${name} IS NOT NULL AND NOT json_valid(${name})`;
  return undefined;
}

/** The condition under which a row's key names no row of the parent table. */
const orphaned = (column: ColumnMap): string => orphanedRows(column, quoted(column.references!.table));

/**
 * Compares the table with the declarations (in the caller's transaction). Changes that could lose
 * data stop start-up here, with the SQL that makes them safe; the rest come back as work to do. A
 * table of that name that the store did not make is refused: it may be the application's own.
 */
export async function plannedWork(connection: DatabaseSync, map: TableMap): Promise<TableWork> {
  if (!tableExists(connection, map.table)) return { kind: 'create' };
  const stored = storedDefinition(connection, map.collection);
  if (!stored)
    throw tableMismatch(map, [
      `table ${map.table} exists but the store did not make it; to serve a table of your own, give the store \`table: '${map.table}'\` (and \`id\`, \`columns\`)`,
    ]);
  const table = quoted(map.table);
  const { safe, refused } = await diffTable(
    map,
    columnsOf(connection, map.table),
    stored.columns,
    countedFacts(async (condition) => rowCount(connection, table, condition), { unfitting, orphaned, limits }),
    (storage) => sqliteTypes[storage],
  );
  if (refused.length > 0) throw schemaChangeRefused(map, refused, (change) => resolution(connection, map, change));
  if (safe.every((change) => change.kind === 'add' && !change.column.required && !change.column.references)) {
    return { kind: 'add', columns: safe.map((change) => (change as { column: ColumnMap }).column) };
  }
  return { kind: 'rebuild', changes: safe };
}

/** SQL that turns a refused change into a safe one; the store does the rest at the next start. */
function resolution(connection: DatabaseSync, map: TableMap, change: SchemaChange): string {
  const table = quoted(map.table);
  const dropIndexes = (column: string) =>
    [...indexesOf(connection, map.table)]
      .filter(([, columns]) => columns.includes(column))
      .map(([name]) => `DROP INDEX ${quoted(name)}; `)
      .join('');
  return resolutionSql(table, change, {
    type: (storage) => sqliteTypes[storage],
    orphaned,
    limits,
    beforeDrop: dropIndexes,
    retype: (retyped) => {
      const unfit = unfitting(retyped.column);
      const type = sqliteTypes[retyped.column.storage];
      // The type stays; the values must pass the new storage's check.
      if (retyped.from === type || unfit)
        return `UPDATE ${table} SET ${quoted(retyped.column.column)} = <a ${retyped.column.storage} value> WHERE ${unfit ?? 'false'};`;
      const column = quoted(retyped.column.column);
      const old = quoted(`${retyped.column.column}_old`);
      return `${dropIndexes(retyped.column.column)}ALTER TABLE ${table} RENAME COLUMN ${column} TO ${old}; ALTER TABLE ${table} ADD COLUMN ${column} ${type}; UPDATE ${table} SET ${column} = CAST(${old} AS ${type}); ALTER TABLE ${table} DROP COLUMN ${old};`;
    },
  });
}
