import {
  derivedName,
  legacyProblemsOf,
  quoted,
  type ColumnMap,
  type LegacyDocumentSql,
  type LegacyProblem,
  type TableMap,
} from '@corral/sql';
import type { DatabaseSync } from 'node:sqlite';
import { literal } from './dialect.js';
import { createTableSql, keepSequence, limits, storedDefinition } from './managed-table.js';
import { columnsOf, tableExists } from './table-info.js';

/**
 * The columns of the previous layout's tables: a JSON document per row, its version, a deleted
 * flag, and lower-cased search text.
 */
function isLegacyLayout(columns: readonly string[]): boolean {
  const required = ['seq', 'version', 'deleted', 'data'];
  return (
    required.every((column) => columns.includes(column)) &&
    columns.every((column) => required.includes(column) || column.startsWith('search_'))
  );
}

/**
 * The table holding a collection in the previous layout (one JSON document per row, a deleted
 * flag for tombstones), if there is one: named after the collection itself, of exactly that
 * layout, and of a collection the store has not made a table for (the previous release wrote down
 * nothing; a collection whose own fields happen to be seq, deleted and data is not taken for one).
 */
export function legacyTableOf(connection: DatabaseSync, map: TableMap): string | undefined {
  if (storedDefinition(connection, map.collection)) return undefined;
  for (const name of new Set([map.collection, map.table])) {
    if (tableExists(connection, name) && isLegacyLayout(columnsOf(connection, name).map((column) => column.name)))
      return name;
  }
  return undefined;
}

const path = (column: ColumnMap) => literal(`$."${column.field}"`);

/**
 * The condition under which an old row's value of the field cannot move into its column unchanged;
 * undefined when any JSON fits.
 */
function misfit(column: ColumnMap): string | undefined {
  const type = `json_type(data, ${path(column)})`;
  const value = `json_extract(data, ${path(column)})`;
  if (column.storage === 'integer' && column.kind === 'string') {
    return `${type} <> 'null' AND NOT (${type} = 'integer' AND ${value} > 0 OR ${type} = 'text' AND ${value} GLOB '[1-9]*' AND ${value} NOT GLOB '*[^0-9]*' AND length(${value}) <= 19)`;
  }
  switch (column.kind) {
    case 'string':
    case 'enum':
      return `${type} NOT IN ('null', 'text')`;
    case 'integer':
      return `${type} NOT IN ('null', 'integer') AND NOT (${type} = 'real' AND ${value} = CAST(${value} AS INTEGER))`;
    case 'number':
      return `${type} NOT IN ('null', 'integer', 'real')`;
    case 'boolean':
      return `${type} NOT IN ('null', 'true', 'false')`;
    default:
      return undefined;
  }
}

/** The SQL expression reading a field out of an old row, as its column stores it. */
function moved(column: ColumnMap): string {
  return column.kind === 'json' ? `NULLIF(data -> ${path(column)}, 'null')` : `json_extract(data, ${path(column)})`;
}

/** How the previous layout's documents read in SQLite's JSON functions. */
function documentSql(table: string): LegacyDocumentSql {
  const type = (column: ColumnMap) => `json_type(data, ${path(column)})`;
  return {
    live: 'deleted = 0',
    missing: (column) => `(${type(column)} IS NULL OR ${type(column)} = 'null')`,
    misfit,
    wanted: (column) =>
      column.references
        ? `the id of a record of ${column.references.table}`
        : column.kind === 'enum'
          ? 'a string'
          : `a ${column.kind}`,
    outside: (column) =>
      `${type(column)} = 'text' AND json_extract(data, ${path(column)}) NOT IN (${column.values!.map(literal).join(', ')})`,
    beyond: (column) => {
      const check = limits(column, `json_extract(data, ${path(column)})`);
      const types = column.storage === 'text' ? `'text'` : `'integer', 'real'`;
      return check && `${type(column)} IN (${types}) AND NOT (${check})`;
    },
    orphaned: (column) =>
      `${type(column)} IN ('integer', 'text') AND NOT EXISTS (SELECT 1 FROM ${quoted(column.references!.table)} AS parent WHERE parent.${quoted(column.references!.column)} = CAST(json_extract(data, ${path(column)}) AS INTEGER))`,
    holds: (keys) => `EXISTS (SELECT 1 FROM json_each(data) WHERE key IN (${keys.map(literal).join(', ')}))`,
    set: (column, value) => {
      const text =
        value.kind === 'any' ? 'a value' : value.kind === 'wanted' ? value.what : `one of ${value.values.join(', ')}`;
      return `UPDATE ${table} SET data = json_set(data, ${path(column)}, <${text}>) WHERE <where>;`;
    },
    remove: (keys) =>
      `UPDATE ${table} SET data = json_remove(data, ${keys.map((key) => literal(`$."${key}"`)).join(', ')}) WHERE <where>`,
    deleteRows: `DELETE FROM ${table} WHERE <where>`,
  };
}

/** Records of the old table that would not fit the new columns (see {@link legacyProblemsOf}). */
export function legacyProblems(connection: DatabaseSync, map: TableMap, legacy: string): Promise<LegacyProblem[]> {
  const table = quoted(legacy);
  const count = async (condition: string) => {
    const row = connection
      .prepare(
        `SELECT count(*) AS n, group_concat(seq, ', ') AS ids FROM (SELECT seq FROM ${table} WHERE deleted = 0 AND ${condition} ORDER BY seq) `,
      )
      .get()!;
    return { count: Number(row.n), ids: row.ids === null ? [] : String(row.ids).split(', ') };
  };
  const declared = map.columns.map((column) => literal(column.field)).join(', ');
  const keys = connection
    .prepare(
      `SELECT DISTINCT key FROM ${table}, json_each(${table}.data) WHERE deleted = 0 AND key NOT IN (${declared || "''"}) ORDER BY key`,
    )
    .all()
    .map((row) => String(row.key));
  return legacyProblemsOf(map, documentSql(table), count, keys);
}

/**
 * Moves an old table's records into a new table of columns, in the caller's transaction (with
 * foreign keys off, as for any rebuild): live records keep their ids and versions, deleted ones
 * become tombstones, the id sequence continues where it was, the old table goes.
 */
export function moveLegacy(connection: DatabaseSync, map: TableMap, legacy: string): void {
  const staging = derivedName(map.table, 'corral_moving');
  const sequence = connection.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(legacy)?.seq;
  const maxSeq = connection.prepare(`SELECT max(seq) AS n FROM ${quoted(legacy)}`).get()?.n;
  connection.exec(createTableSql(map, staging));
  const columns = ['"id"', quoted(map.version!), ...map.columns.map((column) => quoted(column.column))].join(', ');
  connection.exec(
    `INSERT INTO ${quoted(staging)} (${columns}) SELECT seq, version, ${map.columns.map(moved).join(', ')} FROM ${quoted(legacy)} WHERE deleted = 0 ORDER BY seq`,
  );
  connection
    .prepare(
      `INSERT OR IGNORE INTO corral_tombstones (collection, id) SELECT ?, seq FROM ${quoted(legacy)} WHERE deleted = 1`,
    )
    .run(map.collection);
  connection.exec(`DROP TABLE ${quoted(legacy)}`);
  connection.exec(`ALTER TABLE ${quoted(staging)} RENAME TO ${quoted(map.table)}`);
  const last = Math.max(Number(sequence ?? 0), Number(maxSeq ?? 0));
  keepSequence(connection, map.table, last > 0 ? last : undefined);
}
